from django.urls import path

from . import quick_views, rules_views, table_views, views

urlpatterns = [
    path("", views.lobby, name="lobby"),
    path("practice/", views.practice, name="practice"),
    path("quick/", quick_views.quick_play, name="quick_play"),
    path("games/", views.my_games, name="my_games"),
    path("games/<int:pk>/", views.table, name="table"),
    path("games/<int:pk>/watch/", views.watch, name="watch"),
    path("live/", views.live_games, name="live_games"),
    path("games/<int:pk>/review/", views.review, name="review"),
    path("games/<int:pk>/replay/", views.replay_viewer, name="replay"),
    path("tables/new/", table_views.new_table, name="new_table"),
    path("tables/<int:pk>/", table_views.room, name="room"),
    path("tables/<int:pk>/do/", table_views.room_action, name="room_action"),
    path("tables/<int:pk>/join/", table_views.join_public, name="join_public"),
    path("tables/join/<str:token>/", table_views.join_table, name="join_table"),
    path("rules/", rules_views.rules_index, name="rules_index"),
    path("rules/<slug:preset>/", rules_views.rules_preset, name="rules"),
    path("rules/<slug:preset>/<int:version>/", rules_views.rules_preset, name="rules_version"),
    path("terms/", rules_views.terms, name="terms"),
    path("invitations/<int:pk>/answer/", table_views.answer_invitation, name="answer_invitation"),
]
