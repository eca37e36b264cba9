from django.urls import path

from . import views

urlpatterns = [
    path("", views.leaderboard, name="leaderboard"),
    path("<str:family>/", views.leaderboard, name="leaderboard_family"),
    path("<str:family>/computers/", views.leaderboard, {"tab": "computers"}, name="leaderboard_computers"),
]
