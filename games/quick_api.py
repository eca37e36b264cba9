"""REST API of Quick Play (P-MATCH-1/-5/-6, J2; session auth like the rest of ``/api/``).

``GET /api/quick/`` the account's state (``matchmaking.status``), ``POST /api/quick/join/``
``{family}``, ``POST /api/quick/leave/``, ``POST /api/quick/computers/`` (accept "Start now
with computers" after 60 s). A refusal is ``{"type": "error", "code", "message", "rule"}``
and changes nothing: 400 (``malformed``, ``family``), 403 (``unverified``, ``computer``,
``flagged``), 409 (``in_queue``, ``at_open_table``, ``ranked_seat``, ``not_in_queue``,
``grouped``, ``too_early``). Live changes come over the WebSocket ``/ws/quick/``."""
from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from . import matchmaking, ranked
from .api import ErrorSerializer
from .quick_views import FAMILIES, refusal_status

_ERRORS = {400: OpenApiResponse(ErrorSerializer), 403: OpenApiResponse(ErrorSerializer),
           409: OpenApiResponse(ErrorSerializer)}


def _refused(exc: ranked.RankedRefused) -> Response:
    return Response({"type": "error", "code": exc.code, "message": exc.message, "rule": exc.rule},
                    status=refusal_status(exc.code))


class QuickStatusSerializer(serializers.Serializer):
    type = serializers.CharField(help_text='always "quick"')
    state = serializers.ChoiceField(choices=["idle", "waiting", "in_game"])
    family = serializers.CharField(allow_null=True, help_text="the queue's preset family while waiting")
    waited = serializers.FloatField(allow_null=True, help_text="seconds waited so far")
    offer_computers = serializers.BooleanField(help_text='"Start now with computers" is offered (P-MATCH-5)')
    offer_in = serializers.FloatField(allow_null=True, help_text="seconds until that offer opens")
    opted_in = serializers.BooleanField(help_text="accepted computers")
    game_id = serializers.IntegerField(allow_null=True, help_text="the unfinished ranked game held, if any")
    game_url = serializers.CharField(allow_null=True, help_text="/games/<id>/ of that game")
    notice = serializers.CharField(allow_null=True, help_text="why the account left the queue, if it was dropped")


class QuickJoinSerializer(serializers.Serializer):
    family = serializers.ChoiceField(choices=[f["id"] for f in FAMILIES], default="riichi",
                                     help_text="preset family: riichi (East round) or taiwanese (full match)")


def _status(request, code=status.HTTP_200_OK) -> Response:
    return Response(matchmaking.status(request.user), status=code)


class QuickStatus(APIView):
    """GET: my Quick Play state (waiting, grouped into a game, or neither)."""

    @extend_schema(responses={200: QuickStatusSerializer})
    def get(self, request):
        return _status(request)


class QuickJoin(APIView):
    """POST: join the Quick Play queue of a preset family (P-MATCH-1); the matchmaker runs at once."""

    @extend_schema(request=QuickJoinSerializer, responses={201: QuickStatusSerializer, **_ERRORS})
    def post(self, request):
        data = QuickJoinSerializer(data=request.data)
        if not data.is_valid():
            return Response({"type": "error", "code": "malformed", "rule": None, "message": "; ".join(
                f"{k}: {' '.join(map(str, v))}" for k, v in data.errors.items())}, status=400)
        try:
            matchmaking.join(request.user, data.validated_data["family"])
        except ranked.RankedRefused as exc:
            return _refused(exc)
        return _status(request, status.HTTP_201_CREATED)


class QuickLeave(APIView):
    """POST: leave the queue before a group with me is formed (P-MATCH-6)."""

    @extend_schema(request=None, responses={200: QuickStatusSerializer, **_ERRORS})
    def post(self, request):
        try:
            matchmaking.leave(request.user)
        except ranked.RankedRefused as exc:
            return _refused(exc)
        return _status(request)


class QuickComputers(APIView):
    """POST: accept "Start now with computers" after 60 s of waiting (P-MATCH-5)."""

    @extend_schema(request=None, responses={200: QuickStatusSerializer, **_ERRORS})
    def post(self, request):
        try:
            matchmaking.opt_in_computers(request.user)
        except ranked.RankedRefused as exc:
            return _refused(exc)
        return _status(request)
