"""REST API (DRF): the current user, my games, seat views and finished games' logs."""
from django.urls import path

from accounts import bot_api
from accounts.api import MeView
from games import api as games_api
from games import export_api, public_table_api, quick_api, table_api
from leaderboard import api as leaderboard_api

urlpatterns = [
    path("me/", MeView.as_view(), name="api-me"),
    path("bot/", bot_api.BotStatus.as_view(), name="api-bot"),
    path("bot/upgrade/", bot_api.BotUpgrade.as_view(), name="api-bot-upgrade"),
    path("bot/token/", bot_api.BotTokenView.as_view(), name="api-bot-token"),
    path("games/", games_api.GameListCreate.as_view(), name="api-games"),
    path("games/<int:pk>/", games_api.GameDetail.as_view(), name="api-game"),
    path("games/<int:pk>/log/", games_api.GameLog.as_view(), name="api-game-log"),
    path("games/<int:pk>/replay/", games_api.GameReplay.as_view(), name="api-game-replay"),
    path("games/<int:pk>/export/", export_api.GameExport.as_view(), name="api-game-export"),
    path("live-games/", games_api.LiveGames.as_view(), name="api-live-games"),
    path("games/<int:pk>/actions/", games_api.GameAction.as_view(), name="api-game-action"),
    path("leaderboard/<str:family>/", leaderboard_api.LeaderboardView.as_view(), name="api-leaderboard"),
    path("leaderboard/<str:family>/computers/", leaderboard_api.ComputerLeaderboardView.as_view(),
         name="api-leaderboard-computers"),
    path("tables/", table_api.TableCreate.as_view(), name="api-tables"),
    path("tables/join/", table_api.TableJoin.as_view(), name="api-table-join"),
    path("tables/<int:pk>/", table_api.TableDetail.as_view(), name="api-table"),
    path("tables/<int:pk>/computers/", table_api.TableComputers.as_view(), name="api-table-computers"),
    path("tables/<int:pk>/computers/<int:position>/", table_api.TableComputerRemove.as_view(),
         name="api-table-computer"),
    path("tables/<int:pk>/invitations/", table_api.TableInvite.as_view(), name="api-table-invite"),
    path("tables/<int:pk>/start/", table_api.TableStart.as_view(), name="api-table-start"),
    path("tables/<int:pk>/close/", table_api.TableClose.as_view(), name="api-table-close"),
    path("tables/<int:pk>/leave/", table_api.TableLeave.as_view(), name="api-table-leave"),
    path("public-tables/", public_table_api.PublicTableList.as_view(), name="api-public-tables"),
    path("public-tables/<int:pk>/join/", public_table_api.PublicTableJoin.as_view(),
         name="api-public-table-join"),
    path("public-tables/<int:pk>/leave/", public_table_api.PublicTableLeave.as_view(),
         name="api-public-table-leave"),
    path("public-tables/<int:pk>/computers/", public_table_api.PublicTableComputers.as_view(),
         name="api-public-table-computers"),
    path("public-tables/<int:pk>/computers/<int:position>/", public_table_api.PublicTableComputerRemove.as_view(),
         name="api-public-table-computer"),
    path("invitations/", table_api.InvitationList.as_view(), name="api-invitations"),
    path("invitations/<int:pk>/", table_api.InvitationAnswer.as_view(), name="api-invitation"),
    path("quick/", quick_api.QuickStatus.as_view(), name="api-quick"),
    path("quick/join/", quick_api.QuickJoin.as_view(), name="api-quick-join"),
    path("quick/leave/", quick_api.QuickLeave.as_view(), name="api-quick-leave"),
    path("quick/computers/", quick_api.QuickComputers.as_view(), name="api-quick-computers"),
]
