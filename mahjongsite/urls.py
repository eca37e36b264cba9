"""Site URLs: pages, accounts, language switch, the REST API and its OpenAPI schema."""
from django.contrib import admin
from django.urls import include, path
from drf_spectacular.views import SpectacularAPIView

from accounts import views as account_views
from accounts.bot_docs import bot_api_doc
from leaderboard import views as leaderboard_views

urlpatterns = [
    path("", include("games.urls")),
    path("accounts/", include("accounts.urls")),
    path("players/<str:username>/", account_views.profile, name="profile"),
    path("computers/", account_views.computers, name="computers"),
    path("docs/bot-api/", bot_api_doc, name="bot_api_doc"),
    path("players/<str:username>/rated/<str:family>/", leaderboard_views.rated_games, name="rated_games"),
    path("leaderboard/", include("leaderboard.urls")),
    path("report/", leaderboard_views.report, name="report"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("api/", include("mahjongsite.api_urls")),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
]
