"""Site URLs: pages, accounts, language switch, the REST API and its OpenAPI schema.

Every other address under /api/ (an unknown path, or a non-integer id such as /api/tables/abc/)
answers a JSON 404 ``{"detail": "Not found."}`` (DRF's shape) rather than the HTML error page.
"""
from django.contrib import admin
from django.http import JsonResponse
from django.urls import include, path, re_path
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.views import SpectacularAPIView

from accounts import views as account_views
from accounts.bot_docs import bot_api_doc
from leaderboard import views as leaderboard_views



@csrf_exempt  # it changes nothing; a POST without a CSRF token gets the same JSON 404, not an HTML 403
def api_not_found(request, *args, **kwargs):
    """JSON 404 for an address under /api/ that no API view matches (any method)."""
    return JsonResponse({"detail": "Not found."}, status=404)


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
    # Last: only paths ending in "/" (and /api/ itself), so that APPEND_SLASH still redirects
    # /api/tables/1 to /api/tables/1/ (and /api/nothing to /api/nothing/, then this 404).
    re_path(r"^api/(?:.*/)?$", api_not_found, name="api-not-found"),
]
