from django.urls import path

from . import views

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("practice/", views.practice, name="practice"),
    path("games/", views.my_games, name="my_games"),
    path("games/<int:pk>/", views.table, name="table"),
    path("games/<int:pk>/review/", views.review, name="review"),
    path("games/<int:pk>/replay/", views.replay_viewer, name="replay"),
]
