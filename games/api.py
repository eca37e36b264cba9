"""REST API for games: list mine, create practice, detail with my seat view, the stored log
(P-REPLAY-3), and an action endpoint that goes through the same service as the WebSocket."""
from __future__ import annotations

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.computers import available_strengths

from . import clocks, limits, replay_frames, service, spectate
from .models import Game
from .selectors import games_of, review_allowed, reviewable_log
from .views_state import game_info, players_of, seat_of, seat_view


class PlayerSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField()
    is_computer = serializers.BooleanField()
    strength = serializers.CharField(allow_null=True)
    connected = serializers.BooleanField(help_text="P-CONN-5: the account has a live connection "
                                                   "to the table (computers: always)")


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
    clock = serializers.ChoiceField(choices=Game.Clock.choices, default=clocks.UNTIMED,
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


def _reviewable_game(request, pk: int) -> tuple[Game, int | None]:
    """The game and my seat (``None`` for a private game's invited spectator, P-REPLAY-3);
    404 for anyone else."""
    game = get_object_or_404(Game, pk=pk)
    seat = seat_of(game, request.user)
    if seat is None and not review_allowed(game, request.user):
        from django.http import Http404
        from rest_framework.exceptions import NotAuthenticated

        if not request.user.is_authenticated:
            raise NotAuthenticated()   # only a ranked game's ended hands are public (P-REPLAY-3)

        from .tables import is_invited_spectator
        if is_invited_spectator(game, request.user):
            return game, None          # the callers answer 403 until the game has ended
        raise Http404("not your game")
    return game, seat


class GameListCreate(APIView):
    """GET: my games, newest first. POST: start a practice game (P-PRAC-1)."""

    @extend_schema(responses=GameSummarySerializer(many=True))
    def get(self, request):
        return Response(GameSummarySerializer(games_of(request.user)[:100], many=True).data)

    @extend_schema(request=PracticeCreateSerializer,
                   responses={201: GameDetailSerializer, 400: OpenApiResponse(description="bad request"),
                              429: OpenApiResponse(ErrorSerializer, description="per-account game limits")})
    def post(self, request):
        from .parsers import empty_body_refusal

        refused = empty_body_refusal(request, '{"preset": "riichi-single-deal", "clock": "untimed"}')
        if refused is not None:
            return refused
        data = PracticeCreateSerializer(data=request.data)
        data.is_valid(raise_exception=True)
        try:
            game = limits.create_practice_limited(request.user, data.validated_data["preset"],
                                                  data.validated_data.get("strength"),
                                                  clock=data.validated_data["clock"])
        except limits.CreationLimited as exc:
            response = Response({"type": "error", "code": exc.code, "message": exc.message,
                                 "rule": None}, status=status.HTTP_429_TOO_MANY_REQUESTS)
            if exc.retry_after:
                response["Retry-After"] = str(exc.retry_after)
            return response
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


class GameLogSerializer(serializers.Serializer):
    game = serializers.DictField(help_text="as the WebSocket state message's game part")
    log = serializers.DictField(help_text="{preset, version, entries}: hand seeds and ordered actions "
                                          "with their events (docs/engine-api.md), completed hands only")


class GameLog(APIView):
    """The stored log of a game (hand seeds and ordered actions) once review is allowed:
    for practice, the player after a hand has ended, cut to the completed hands while the
    game runs; a ranked game's for anyone once it has ended (P-REPLAY-3)."""

    permission_classes = [permissions.AllowAny]      # review_allowed decides (P-REPLAY-3)

    @extend_schema(responses={200: GameLogSerializer, 403: OpenApiResponse(ErrorSerializer)})
    def get(self, request, pk: int):
        game, _seat = _reviewable_game(request, pk)
        if not review_allowed(game, request.user):
            return Response({"type": "error", "code": "not_allowed", "rule": "P-REPLAY-3",
                             "message": "the log is available once the hand has ended"},
                            status=status.HTTP_403_FORBIDDEN)
        # Only completed hands while an East-round game runs (P-REPLAY-3): the running hand's
        # seed would give away its wall.
        return Response({"game": game_info(game, _seat), "log": reviewable_log(game)})


class ReplayStepSerializer(serializers.Serializer):
    index = serializers.IntegerField(help_text="0 = the deal, then one step per logged action")
    actor = serializers.IntegerField(allow_null=True, help_text="seat of the action; null for the deal")
    action = serializers.DictField(allow_null=True, help_text="Action JSON (docs/engine-api.md)")
    timeout = serializers.BooleanField(help_text="played by the clock (P-TIMEOUT-5)")
    by_computer = serializers.BooleanField()
    view = serializers.DictField(help_text="engine public view after the step, without hand_result/game_result")
    hands = serializers.ListField(child=serializers.ListField(child=serializers.IntegerField()),
                                  help_text="4 concealed hands (tile ids, hand order)")
    drawn = serializers.ListField(child=serializers.IntegerField(allow_null=True),
                                  help_text="4 × the tile just drawn, or null")


class ReplayHandSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    hand_number = serializers.IntegerField(help_text="0-based dealer rotation: 0 = East 1")
    honba = serializers.IntegerField()
    result = serializers.DictField(help_text="the stored hand_end record (P-REPLAY-6)")
    game_result = serializers.DictField(allow_null=True, help_text="the stored game_end record, if the game ended here")
    steps = ReplayStepSerializer(many=True)


class ReplayHandIndexSerializer(serializers.Serializer):
    index = serializers.IntegerField()
    hand_number = serializers.IntegerField()
    honba = serializers.IntegerField()
    kind = serializers.CharField(allow_null=True)


class ReplaySerializer(serializers.Serializer):
    game = serializers.DictField(help_text="as the WebSocket state message's game part")
    hands = ReplayHandIndexSerializer(many=True, help_text="every completed hand")
    hand = ReplayHandSerializer(allow_null=True, help_text="the requested hand's steps; null when none ended")


class GameReplay(APIView):
    """Step-by-step frames of one completed hand for the replay viewer (P-REPLAY-3/-4/-6):
    only the game's player, only hands that have ended (never the hand in progress); a
    ranked game's for anyone once it has ended (a shareable link)."""

    permission_classes = [permissions.AllowAny]      # review_allowed decides (P-REPLAY-3)

    @extend_schema(
        parameters=[OpenApiParameter("hand", str, description="0-based hand index or 'last' (default 0)")],
        responses={200: ReplaySerializer, 403: OpenApiResponse(ErrorSerializer),
                   404: OpenApiResponse(description="not a game of mine, or no such hand")})
    def get(self, request, pk: int):
        game, seat = _reviewable_game(request, pk)
        if not review_allowed(game, request.user):
            return Response({"type": "error", "code": "not_allowed", "rule": "P-REPLAY-3",
                             "message": "a hand can be replayed once it has ended"},
                            status=status.HTTP_403_FORBIDDEN)
        log = reviewable_log(game)
        index_list = replay_frames.hand_list(log)
        index = replay_frames.hand_index(request.query_params.get("hand"), len(index_list))
        if index is None:
            index = -1                     # not a hand number: no such hand (404 below)
        hand = None
        if index_list:
            if not 0 <= index < len(index_list):
                return Response({"type": "error", "code": "no_such_hand", "rule": "P-REPLAY-4",
                                 "message": f"hands 0..{len(index_list) - 1} can be replayed"},
                                status=status.HTTP_404_NOT_FOUND)
            hand = replay_frames.replay_hands(log, replay_frames.action_flags(game), only=index)[index]
        return Response({"game": game_info(game, seat), "hands": index_list, "hand": hand})


_BAD_REQUEST_CODES = frozenset({"malformed", "unknown_action", "not_your_seat"})
"""Refusal codes of ``service.ActionRejected`` that mean the request itself is malformed."""


class GameAction(APIView):
    """Submit an action for my seat (same service and checks as the WebSocket). Throttled
    per account (scope ``actions``, ``MP_API_ACTION_RATE``)."""

    throttle_scope = "actions"

    @extend_schema(request=ActionSerializer,
                   responses={200: GameDetailSerializer, 400: OpenApiResponse(ErrorSerializer),
                              403: OpenApiResponse(ErrorSerializer, description="a bot account: "
                                                   "bots play through /ws/bot/"),
                              409: OpenApiResponse(ErrorSerializer)})
    def post(self, request, pk: int):
        game, seat = _my_game(request, pk)
        if getattr(request.user, "is_outside_bot", False):
            from accounts.bots import BROWSER_REFUSAL
            return Response({"type": "error", "code": "not_allowed", "message": BROWSER_REFUSAL,
                             "rule": "P-BOT-1"}, status=status.HTTP_403_FORBIDDEN)
        body = request.data
        if not isinstance(body, dict):
            return Response({"type": "error", "code": "malformed", "rule": None, "message":
                             f'send one JSON object {{"seq": <the view\'s seq>, "action": <one of its '
                             f'legal_actions>}}, for example {{"seq": 41, "action": {service.ACTION_EXAMPLE}}}'},
                            status=status.HTTP_400_BAD_REQUEST)
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


class LivePlayerSerializer(serializers.Serializer):
    seat = serializers.IntegerField()
    name = serializers.CharField()
    is_computer = serializers.BooleanField(help_text="a listed computer (P-BOT-2 badge)")
    connected = serializers.BooleanField(help_text="presence marker as of the delayed moment")
    score = serializers.IntegerField(allow_null=True, help_text="points as of the delayed moment")


class LiveGameSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.CharField(help_text="quick or public (ranked)")
    preset = serializers.CharField()
    preset_version = serializers.IntegerField()
    clock = serializers.CharField()
    clock_label = serializers.CharField(help_text="the clock's name, translated")
    format = serializers.CharField()
    players = LivePlayerSerializer(many=True)
    scores = serializers.ListField(child=serializers.IntegerField(), help_text="as of the delayed moment")
    hand_number = serializers.IntegerField(allow_null=True, help_text="0-based: 0 = East 1")
    honba = serializers.IntegerField(allow_null=True)
    hand_label = serializers.CharField(help_text="translated, e.g. East 2")
    spectators = serializers.IntegerField(help_text="spectators then (P-SPECT-5: a number)")
    watch_url = serializers.CharField(help_text="the public spectator page")


class LiveGamesSerializer(serializers.Serializer):
    delay = serializers.FloatField(help_text="seconds the list is behind the live games (P-SPECT-2)")
    games = LiveGameSerializer(many=True)


class LiveGames(APIView):
    """The public Live games list (P-MATCH-7, P-SPECT-1/-2, J5 step 1): ranked games in
    progress as of (now − delay), with everything shown as of that moment. Anyone may read it."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses=LiveGamesSerializer)
    def get(self, request):
        return Response(spectate.live_games())
