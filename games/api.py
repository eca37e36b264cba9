"""REST API for games: list mine, create practice, detail with my seat view, the stored log
(P-REPLAY-3), and an action endpoint that goes through the same service as the WebSocket."""
from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.computers import available_strengths

from . import clocks, service
from .models import Game
from .selectors import games_of, review_allowed
from .views_state import game_info, players_of, seat_of, seat_view


class PlayerSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField()
    is_computer = serializers.BooleanField()
    strength = serializers.CharField(allow_null=True)


class GameSummarySerializer(serializers.ModelSerializer):
    players = serializers.SerializerMethodField()
    preset = serializers.CharField(source="preset_name")
    format = serializers.CharField(source="game_format")

    class Meta:
        model = Game
        fields = ["id", "kind", "ranked", "preset", "preset_version", "format", "clock", "status",
                  "end_reason", "created_at", "finished_at", "final_scores", "players"]

    @extend_schema(responses=PlayerSerializer(many=True))
    def get_players(self, obj) -> list[dict]:
        return players_of(obj)


class PracticeCreateSerializer(serializers.Serializer):
    preset = serializers.ChoiceField(choices=list(service.PRACTICE_PRESETS),
                                     default=service.DEFAULT_PRACTICE_PRESET)
    strength = serializers.CharField(required=False, help_text="computer strength id")
    clock = serializers.ChoiceField(choices=list(clocks.CLOCK_NAMES), default=clocks.UNTIMED,
                                    help_text="decision clock (P-CLOCK-1); untimed by default")

    def validate_strength(self, value: str) -> str:
        if value not in available_strengths():
            raise serializers.ValidationError(
                f"unknown strength; offered: {', '.join(available_strengths())}")
        return value


class GameDetailSerializer(serializers.Serializer):
    game = serializers.DictField(help_text="as the WebSocket state message's game part")
    view = serializers.DictField(help_text="game.view(my_seat), see docs/engine-api.md")


class ActionSerializer(serializers.Serializer):
    seq = serializers.IntegerField()
    action = serializers.DictField(help_text="Action JSON; seat may be omitted")


class ErrorSerializer(serializers.Serializer):
    type = serializers.CharField()
    code = serializers.CharField()
    message = serializers.CharField()
    rule = serializers.CharField(allow_null=True)


def _my_game(request, pk: int) -> tuple[Game, int]:
    game = get_object_or_404(Game, pk=pk)
    seat = seat_of(game, request.user)
    if seat is None:
        from django.http import Http404
        raise Http404("not your game")
    return game, seat


class GameListCreate(APIView):
    """GET: my games, newest first. POST: start a practice game (P-PRAC-1)."""

    @extend_schema(responses=GameSummarySerializer(many=True))
    def get(self, request):
        return Response(GameSummarySerializer(games_of(request.user)[:100], many=True).data)

    @extend_schema(request=PracticeCreateSerializer, responses={201: GameDetailSerializer})
    def post(self, request):
        data = PracticeCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            game = service.create_practice(request.user, data.validated_data["preset"],
                                           data.validated_data.get("strength"),
                                           clock=data.validated_data["clock"])
        except ValueError as exc:
            return Response({"detail": str(exc)}, status=status.HTTP_400_BAD_REQUEST)
        seat = seat_of(game, request.user)
        return Response({"game": game_info(game, seat), "view": seat_view(game, seat)},
                        status=status.HTTP_201_CREATED)


class GameDetail(APIView):
    """A game of mine with my seat's current view."""

    @extend_schema(responses=GameDetailSerializer)
    def get(self, request, pk: int):
        game, seat = _my_game(request, pk)
        return Response({"game": game_info(game, seat), "view": seat_view(game, seat)})


class GameLog(APIView):
    """The stored log of a game (hand seeds and ordered actions) once review is allowed:
    for practice, the player after a hand has ended (P-REPLAY-3)."""

    @extend_schema(responses={200: serializers.DictField(), 403: OpenApiResponse(ErrorSerializer)})
    def get(self, request, pk: int):
        game, _seat = _my_game(request, pk)
        if not review_allowed(game, request.user):
            return Response({"type": "error", "code": "not_allowed", "rule": "P-REPLAY-3",
                             "message": "the log is available once the hand has ended"},
                            status=status.HTTP_403_FORBIDDEN)
        return Response({"game": game_info(game, _seat), "log": game.log})


_BAD_REQUEST_CODES = frozenset({"malformed", "unknown_action", "not_your_seat"})
"""Refusal codes of ``service.ActionRejected`` that mean the request itself is malformed."""


class GameAction(APIView):
    """Submit an action for my seat (same service and checks as the WebSocket)."""

    @extend_schema(request=ActionSerializer,
                   responses={200: GameDetailSerializer, 400: OpenApiResponse(ErrorSerializer),
                              409: OpenApiResponse(ErrorSerializer)})
    def post(self, request, pk: int):
        game, seat = _my_game(request, pk)
        body = request.data if isinstance(request.data, dict) else {}
        try:
            service.submit_action(game.pk, seat, body.get("action"), body.get("seq"))
        except service.ActionRejected as exc:
            # A request that is wrong in itself is a 400; one that no longer fits the table
            # (stale decision, illegal now, game over) is a 409 conflict.
            code = status.HTTP_400_BAD_REQUEST if exc.code in _BAD_REQUEST_CODES else status.HTTP_409_CONFLICT
            return Response({"type": "error", "code": exc.code, "message": exc.message,
                             "rule": exc.rule}, status=code)
        game.refresh_from_db()
        return Response({"game": game_info(game, seat), "view": seat_view(game, seat)})
