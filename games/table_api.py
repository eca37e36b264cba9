"""REST API of private tables (P-TABLE-6/-7/-8, P-SPECT-1; session auth like the rest of
``/api/``). Every change goes through ``games.tables``; a refusal is answered with
``{"type": "error", "code", "message", "rule"}`` and changes nothing: 400 for bad input
(``malformed``, ``bad_invitee``, ``bad_token``), 403 (``not_host``, ``not_allowed``), 404
(``not_found``), 409 when the table does not allow it now (``full``, ``closed``,
``started``, ``not_enough_players``, ``seat_taken``, ``seat_empty``, ``already_seated``,
``limit``: one open private table per host), 429 (``rate_limited``: too many requests). Public tables add 400 ``untimed``/``family``, 403 ``unverified``/``flagged``,
409 ``ranked_seat``/``at_open_table``/``computer_limit``/``automatic``."""
from __future__ import annotations

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from accounts.computers import available_strengths

from . import clocks, tables
from .api import ErrorSerializer
from .models import Game, Invitation, Table

_STATUS = {"not_found": 404, "not_host": 403, "not_allowed": 403, "rate_limited": 429,
           "malformed": 400, "bad_invitee": 400, "bad_token": 400,
           # public tables (games.public_tables) and ranked entry (games.ranked.RankedRefused)
           "untimed": 400, "family": 400, "unverified": 403, "flagged": 403, "computer": 403,
           "bot_unlisted": 403, "not_signed_in": 403}
_ERRORS = {400: OpenApiResponse(ErrorSerializer), 403: OpenApiResponse(ErrorSerializer),
           404: OpenApiResponse(ErrorSerializer), 409: OpenApiResponse(ErrorSerializer),
           429: OpenApiResponse(ErrorSerializer)}


def _refused(exc: tables.TableRejected) -> Response:
    return Response({"type": "error", "code": exc.code, "message": exc.message, "rule": exc.rule},
                    status=_STATUS.get(exc.code, 409))


def _bad(serializer) -> Response:
    return Response({"type": "error", "code": "malformed", "rule": None,
                     "message": "; ".join(f"{k}: {' '.join(map(str, v))}" for k, v in serializer.errors.items())},
                    status=400)


def _room(table_id: int, user) -> Response:
    table = Table.objects.select_related("host").get(pk=table_id)
    return Response(tables.room_state(table, user))


class SeatSerializer(serializers.Serializer):
    position = serializers.IntegerField()
    name = serializers.CharField(allow_null=True)
    is_computer = serializers.BooleanField()
    strength = serializers.CharField(allow_null=True)


class RoomTableSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    kind = serializers.CharField()
    status = serializers.ChoiceField(choices=Table.Status.values)
    preset = serializers.CharField()
    clock = serializers.CharField()
    ranked = serializers.BooleanField(help_text="true at a public table (P-TABLE-2); private tables are "
                                                "never rated (P-TABLE-10)")
    allow_spectators = serializers.BooleanField()
    host = serializers.CharField()
    game_id = serializers.IntegerField(allow_null=True, help_text="set once started: /games/<id>/")
    version = serializers.IntegerField()
    seats = SeatSerializer(many=True)
    spectators = serializers.ListField(child=serializers.CharField(), help_text="host only")
    invited = serializers.ListField(child=serializers.CharField(), help_text="host only")


class YouSerializer(serializers.Serializer):
    is_host = serializers.BooleanField()
    seated = serializers.BooleanField()


class RoomSerializer(serializers.Serializer):
    type = serializers.CharField()
    table = RoomTableSerializer()
    you = YouSerializer()
    invite_token = serializers.CharField(allow_null=True, help_text="host only, while open; "
                                                                    "link: /tables/join/<token>/")


class TableCreateSerializer(serializers.Serializer):
    family = serializers.ChoiceField(choices=list(tables.PRIVATE_FAMILIES), default="riichi")
    clock = serializers.ChoiceField(choices=Game.Clock.choices, default=clocks.UNTIMED)  # one ClockEnum in the schema
    allow_spectators = serializers.BooleanField(default=False)


class JoinSerializer(serializers.Serializer):
    token = serializers.CharField(max_length=64)


class ComputerSerializer(serializers.Serializer):
    position = serializers.IntegerField(min_value=0, max_value=3)
    strength = serializers.CharField(required=False)


class InviteSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    role = serializers.ChoiceField(choices=Invitation.Role.values, default=Invitation.Role.PLAYER)


class InvitationSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    table = serializers.IntegerField(source="table_id")
    host = serializers.CharField(source="table.host.username")
    role = serializers.CharField()
    status = serializers.CharField()


class AnswerSerializer(serializers.Serializer):
    accept = serializers.BooleanField()


class StartedSerializer(serializers.Serializer):
    game_id = serializers.IntegerField()


class TableCreate(APIView):
    """POST: create a private table; the host takes a seat (P-TABLE-6)."""

    @extend_schema(request=TableCreateSerializer, responses={201: RoomSerializer, **_ERRORS})
    def post(self, request):
        data = TableCreateSerializer(data=request.data)
        if not data.is_valid():
            return _bad(data)
        try:
            table = tables.create_private_table(request.user, **data.validated_data)
        except tables.TableRejected as exc:
            return _refused(exc)
        return Response(tables.room_state(table, request.user), status=status.HTTP_201_CREATED)


class TableDetail(APIView):
    """GET: the waiting room (host, seated guests and invited accounts only)."""

    @extend_schema(responses={200: RoomSerializer, 404: OpenApiResponse(ErrorSerializer)})
    def get(self, request, pk: int):
        table = Table.objects.select_related("host").filter(pk=pk).first()
        if table is None or not tables.may_view_room(table, request.user):
            return _refused(tables.TableRejected("not_found", "There is no such table."))
        return Response(tables.room_state(table, request.user))


class TableJoin(APIView):
    """POST: take an empty seat with the invite link's token (P-TABLE-6)."""

    @extend_schema(request=JoinSerializer, responses={200: RoomSerializer, **_ERRORS})
    def post(self, request):
        data = JoinSerializer(data=request.data)
        if not data.is_valid():
            return _bad(data)
        try:
            table = tables.join_by_token(data.validated_data["token"], request.user)
        except tables.TableRejected as exc:
            return _refused(exc)
        return _room(table.pk, request.user)


class TableComputers(APIView):
    """POST: the host puts a computer in an empty seat (P-TABLE-7, P-BOT-6)."""

    @extend_schema(request=ComputerSerializer, responses={200: RoomSerializer, **_ERRORS})
    def post(self, request, pk: int):
        data = ComputerSerializer(data=request.data)
        if not data.is_valid():
            return _bad(data)
        strength = data.validated_data.get("strength")
        if strength is not None and strength not in available_strengths():
            return _refused(tables.TableRejected("malformed", f"Unknown computer strength {strength!r}."))
        try:
            tables.add_computer(pk, request.user, data.validated_data["position"], strength)
        except tables.TableRejected as exc:
            return _refused(exc)
        return _room(pk, request.user)


class TableComputerRemove(APIView):
    """DELETE: the host takes the computer out of seat ``position`` (P-TABLE-7)."""

    @extend_schema(responses={200: RoomSerializer, **_ERRORS})
    def delete(self, request, pk: int, position: int):
        try:
            tables.remove_computer(pk, request.user, position)
        except tables.TableRejected as exc:
            return _refused(exc)
        return _room(pk, request.user)


class TableInvite(APIView):
    """POST: the host invites an account by username as a player or spectator (P-TABLE-6,
    P-SPECT-1)."""

    @extend_schema(request=InviteSerializer, responses={201: InvitationSerializer, **_ERRORS})
    def post(self, request, pk: int):
        data = InviteSerializer(data=request.data)
        if not data.is_valid():
            return _bad(data)
        try:
            invitation = tables.invite(pk, request.user, data.validated_data["username"],
                                       data.validated_data["role"])
        except tables.TableRejected as exc:
            return _refused(exc)
        return Response(InvitationSerializer(invitation).data, status=status.HTTP_201_CREATED)


class InvitationList(APIView):
    """GET: my pending invitations (the in-site notifications)."""

    @extend_schema(responses=InvitationSerializer(many=True))
    def get(self, request):
        return Response(InvitationSerializer(tables.pending_invitations(request.user), many=True).data)


class InvitationAnswer(APIView):
    """POST: accept (takes an empty seat for a player invitation) or decline."""

    @extend_schema(request=AnswerSerializer, responses={200: InvitationSerializer, **_ERRORS})
    def post(self, request, pk: int):
        data = AnswerSerializer(data=request.data)
        if not data.is_valid():
            return _bad(data)
        try:
            invitation = tables.answer_invitation(pk, request.user, data.validated_data["accept"])
        except tables.TableRejected as exc:
            return _refused(exc)
        return Response(InvitationSerializer(invitation).data)


class TableStart(APIView):
    """POST: the host starts the table with four seats occupied; winds drawn by lot (P-TABLE-8)."""

    @extend_schema(request=None, responses={201: StartedSerializer, **_ERRORS})
    def post(self, request, pk: int):
        try:
            game = tables.start(pk, request.user)
        except tables.TableRejected as exc:
            return _refused(exc)
        return Response({"game_id": game.pk}, status=status.HTTP_201_CREATED)


class TableClose(APIView):
    """POST: the host closes the table before the start."""

    @extend_schema(request=None, responses={200: RoomSerializer, **_ERRORS})
    def post(self, request, pk: int):
        try:
            tables.close(pk, request.user)
        except tables.TableRejected as exc:
            return _refused(exc)
        return _room(pk, request.user)


class TableLeave(APIView):
    """POST: a guest leaves before the start."""

    @extend_schema(request=None, responses={200: RoomSerializer, **_ERRORS})
    def post(self, request, pk: int):
        try:
            tables.leave(pk, request.user)
        except tables.TableRejected as exc:
            return _refused(exc)
        return _room(pk, request.user)
