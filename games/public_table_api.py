"""REST API of public tables (P-TABLE-5/-7/-8, P-MATCH-7; session auth like the rest of
``/api/``): list the open ones, create, join, leave, add and remove a computer. Every change
goes through ``games.public_tables`` / ``games.tables``; a refusal is answered with
``{"type": "error", "code", "message", "rule"}`` (statuses as in ``games.table_api``) and
changes nothing. Successful changes answer with the waiting room (``RoomSerializer``); once
the fourth seat is filled its ``table.game_id`` names the ranked game that started."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from . import clocks, public_tables, tables
from .table_api import _ERRORS, RoomSerializer, _bad, _refused, _room

class LobbySeatSerializer(serializers.Serializer):
    name = serializers.CharField(allow_null=True, help_text="null for an empty seat")
    is_computer = serializers.BooleanField(help_text="computer badge (P-TABLE-7)")


class PublicTableSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    preset = serializers.CharField()
    family = serializers.CharField()
    clock = serializers.CharField()
    host = serializers.CharField()
    seats = LobbySeatSerializer(many=True)
    free_seats = serializers.IntegerField()
    closes_at = serializers.DateTimeField(help_text="closed if still unfilled then (P-TABLE-5)")


class PublicTableCreateSerializer(serializers.Serializer):
    family = serializers.CharField(default="riichi", max_length=32,
                                   help_text="riichi (one East round) or taiwanese (a full match)")
    clock = serializers.CharField(default=clocks.STANDARD, max_length=16,
                                  help_text="bullet, blitz, standard or relaxed (untimed: code untimed)")


class PublicComputerSerializer(serializers.Serializer):
    position = serializers.IntegerField(min_value=0, max_value=3, required=False,
                                        help_text="an empty seat; default: the first empty one")


class PublicTableList(APIView):
    """GET: the open public tables (the lobby, P-MATCH-7). POST: create one; the creator takes
    a seat (P-TABLE-5: verified account, timed clock)."""

    @extend_schema(responses=PublicTableSerializer(many=True))
    def get(self, request):
        return Response(PublicTableSerializer(public_tables.open_public_tables(), many=True).data)

    @extend_schema(request=PublicTableCreateSerializer, responses={201: RoomSerializer, **_ERRORS})
    def post(self, request):
        data = PublicTableCreateSerializer(data=request.data)
        if not data.is_valid():
            return _bad(data)
        try:
            table = public_tables.create_public_table(request.user, **data.validated_data)
        except tables.TableRejected as exc:
            return _refused(exc)
        return Response(tables.room_state(table, request.user), status=status.HTTP_201_CREATED)


class PublicTableJoin(APIView):
    """POST: take an empty seat (P-TABLE-5); the fourth seat starts the ranked game (P-TABLE-8)."""

    @extend_schema(request=None, responses={200: RoomSerializer, **_ERRORS})
    def post(self, request, pk: int):
        try:
            public_tables.join_public_table(pk, request.user)
        except tables.TableRejected as exc:
            return _refused(exc)
        return _room(pk, request.user)


class PublicTableLeave(APIView):
    """POST: leave before the start; the creator leaving closes the table (P-TABLE-5)."""

    @extend_schema(request=None, responses={200: RoomSerializer, **_ERRORS})
    def post(self, request, pk: int):
        try:
            _public_or_404(pk)
            tables.leave(pk, request.user)
        except tables.TableRejected as exc:
            return _refused(exc)
        return _room(pk, request.user)


class PublicTableComputers(APIView):
    """POST: the host puts a listed computer drawn at random in an empty seat (P-TABLE-7,
    P-BOT-6; at most two)."""

    @extend_schema(request=PublicComputerSerializer, responses={200: RoomSerializer, **_ERRORS})
    def post(self, request, pk: int):
        data = PublicComputerSerializer(data=request.data)
        if not data.is_valid():
            return _bad(data)
        try:
            table = _public_or_404(pk)
            position = data.validated_data.get("position")
            if position is None:
                position = tables._free_position(table)
                if position is None:
                    raise tables.TableRejected("full", "This table is full.", "P-TABLE-5")
            tables.add_computer(pk, request.user, position)
        except tables.TableRejected as exc:
            return _refused(exc)
        return _room(pk, request.user)


class PublicTableComputerRemove(APIView):
    """DELETE: the host takes the computer out of seat ``position`` (P-TABLE-7)."""

    @extend_schema(responses={200: RoomSerializer, **_ERRORS})
    def delete(self, request, pk: int, position: int):
        try:
            _public_or_404(pk)
            tables.remove_computer(pk, request.user, position)
        except tables.TableRejected as exc:
            return _refused(exc)
        return _room(pk, request.user)


def _public_or_404(pk: int):
    from .models import Table

    table = Table.objects.filter(pk=pk, kind=Table.Kind.PUBLIC).first()
    if table is None:
        raise tables.TableRejected("not_found", "There is no such public table.")
    return table

