"""``/api/bot/``: bot account status, the irreversible bot step and the API token (issue 13,
docs/bot-api.md). Refusals answer HTTP 400 ``{"type": "error", "code", "message", "rule"}``
and change nothing."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from . import bots


class BotStatusSerializer(serializers.Serializer):
    username = serializers.CharField()
    is_bot = serializers.BooleanField(help_text="an outside bot account (computer badge)")
    listed = serializers.BooleanField(help_text="on the computer roster: may play ranked (P-BOT-2)")
    may_become_bot = serializers.BooleanField()
    token = serializers.DictField(allow_null=True, help_text="prefix, created_at, last_used_at; never the token")


class UpgradeSerializer(serializers.Serializer):
    confirm = serializers.BooleanField(help_text="must be true: the step cannot be undone")


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField(help_text="shown once; only its digest is stored")


def _status(user) -> dict:
    return {"username": user.username, "is_bot": user.is_outside_bot, "listed": user.computer_listed,
            "may_become_bot": not user.is_computer and not bots.has_played(user),
            "token": bots.token_info(user) if user.is_outside_bot else None}


def _refused(exc: bots.BotRefused) -> Response:
    return Response({"type": "error", "code": exc.code, "message": exc.message, "rule": exc.rule},
                    status=status.HTTP_400_BAD_REQUEST)


class BotStatus(APIView):
    """GET: whether this account is a bot account, may become one, and its token's prefix."""

    @extend_schema(responses=BotStatusSerializer)
    def get(self, request):
        return Response(BotStatusSerializer(_status(request.user)).data)


class BotUpgrade(APIView):
    """POST ``{"confirm": true}``: make this account a bot account, for good (refused once it
    has played a game)."""

    @extend_schema(request=UpgradeSerializer, responses={200: BotStatusSerializer})
    def post(self, request):
        data = UpgradeSerializer(data=request.data)
        if not data.is_valid():
            return Response({"type": "error", "code": "malformed", "message": "send {\"confirm\": true}",
                             "rule": None}, status=status.HTTP_400_BAD_REQUEST)
        try:
            bots.make_bot_account(request.user, confirm=data.validated_data["confirm"])
        except bots.BotRefused as exc:
            return _refused(exc)
        return Response(BotStatusSerializer(_status(request.user)).data)


class BotTokenView(APIView):
    """POST: a new API token (replaces the old one), shown in this response only.
    DELETE: revoke the token."""

    @extend_schema(request=None, responses={201: TokenSerializer})
    def post(self, request):
        try:
            token = bots.make_token(request.user)
        except bots.BotRefused as exc:
            return _refused(exc)
        return Response({"token": token}, status=status.HTTP_201_CREATED)

    @extend_schema(request=None, responses={204: None})
    def delete(self, request):
        bots.revoke_token(request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
