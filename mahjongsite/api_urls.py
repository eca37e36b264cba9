"""REST API (DRF): the current user, my games, seat views and finished games' logs."""
from django.urls import path

from accounts.api import MeView
from games import api as games_api
from leaderboard import api as leaderboard_api

urlpatterns = [
    path("me/", MeView.as_view(), name="api-me"),
    path("games/", games_api.GameListCreate.as_view(), name="api-games"),
    path("games/<int:pk>/", games_api.GameDetail.as_view(), name="api-game"),
    path("games/<int:pk>/log/", games_api.GameLog.as_view(), name="api-game-log"),
    path("games/<int:pk>/replay/", games_api.GameReplay.as_view(), name="api-game-replay"),
    path("games/<int:pk>/actions/", games_api.GameAction.as_view(), name="api-game-action"),
    path("leaderboard/<str:family>/", leaderboard_api.LeaderboardView.as_view(), name="api-leaderboard"),
    path("leaderboard/<str:family>/computers/", leaderboard_api.ComputerLeaderboardView.as_view(),
         name="api-leaderboard-computers"),
]
