"""Download a game's log as tenhou.net/6 JSON or as the mjai event stream (issue 13, P-REPLAY-3).

``GET /api/games/<id>/export/?format=tenhou6|mjai`` answers the file (``Content-Disposition:
attachment``) exactly when the game may be reviewed (``selectors.review_allowed``, the same
function as the log, the replay viewer and the review page): a ranked game once it has ended, for
anyone; a private game once it has ended, for its players and invited spectators; a practice game
for its player, its completed hands (``reviewable_log``). Never a running ranked or private game.
Strangers get 404 (401/403 when not signed in), the game's own people 403 while review is not
allowed yet, a bad ``format`` or a preset that is not Riichi 400. The conversion is
``rules_engine.formats`` (no Django there).
"""
from __future__ import annotations

from django.http import HttpResponse
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, OpenApiTypes, extend_schema
from rest_framework import permissions, status
from rest_framework.negotiation import DefaultContentNegotiation
from rest_framework.response import Response
from rest_framework.views import APIView

from rules_engine.cli.export import FORMATS, export_text
from rules_engine.formats.common import ExportError
from rules_engine.preset import get_preset

from .api import ErrorSerializer, _reviewable_game
from .models import Game, Seat
from .selectors import review_allowed, reviewable_log

CONTENT_TYPES = {"tenhou6": "application/json; charset=utf-8", "mjai": "application/x-ndjson; charset=utf-8"}
EXTENSIONS = {"tenhou6": "tenhou6.json", "mjai": "mjai.jsonl"}


def exportable(game: Game) -> bool:
    """Whether ``game``'s preset can be exported to these formats (Riichi presets only)."""
    try:
        return get_preset(game.preset_name, game.preset_version).family == "riichi"
    except ValueError:
        return False


def export_filename(game: Game, fmt: str) -> str:
    """``mahjong-planet-game-<id>.tenhou6.json`` / ``….mjai.jsonl``."""
    return f"mahjong-planet-game-{game.pk}.{EXTENSIONS[fmt]}"


class _IgnoreFormatParameter(DefaultContentNegotiation):
    """``?format=`` names the export format here, not DRF's renderer: always answer JSON errors."""

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type


class GameExport(APIView):
    """The game's log as tenhou.net/6 JSON or mjai JSON lines, when review is allowed (P-REPLAY-3)."""

    permission_classes = [permissions.AllowAny]      # review_allowed decides (P-REPLAY-3)
    content_negotiation_class = _IgnoreFormatParameter

    @extend_schema(
        parameters=[OpenApiParameter("format", str, enum=list(FORMATS), required=True,
                                     description="tenhou6: tenhou.net/6 JSON; mjai: mjai events, JSON lines")],
        responses={200: OpenApiResponse(OpenApiTypes.BINARY, description="the file (attachment)"),
                   400: OpenApiResponse(ErrorSerializer), 403: OpenApiResponse(ErrorSerializer),
                   404: OpenApiResponse(description="not a game I may see")})
    def get(self, request, pk: int):
        game, _seat = _reviewable_game(request, pk)
        if not review_allowed(game, request.user):
            return Response({"type": "error", "code": "not_allowed", "rule": "P-REPLAY-3",
                             "message": "the log can be exported once review is allowed"},
                            status=status.HTTP_403_FORBIDDEN)
        fmt = request.query_params.get("format")
        if fmt not in FORMATS:
            return Response({"type": "error", "code": "bad_format",
                             "message": f"format must be one of: {', '.join(FORMATS)}"},
                            status=status.HTTP_400_BAD_REQUEST)
        if not exportable(game):
            return Response({"type": "error", "code": "unsupported_preset",
                             "message": "only Riichi games can be exported to these formats"},
                            status=status.HTTP_400_BAD_REQUEST)
        names = [n for _s, n in sorted(Seat.objects.filter(game=game).values_list("seat", "user__username"))]
        title = f"#{game.pk} {game.preset_name} v{game.preset_version}"
        if game.finished_at:
            title += f" {game.finished_at:%Y-%m-%d}"
        try:
            text = export_text(reviewable_log(game), fmt, names=names if len(names) == 4 else None, title=title)
        except ExportError as exc:
            return Response({"type": "error", "code": "not_exportable", "message": str(exc)},
                            status=status.HTTP_400_BAD_REQUEST)
        response = HttpResponse(text, content_type=CONTENT_TYPES[fmt])
        response["Content-Disposition"] = f'attachment; filename="{export_filename(game, fmt)}"'
        return response
