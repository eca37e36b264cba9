"""``/api/me/``: the signed-in account (P-ACCT-3)."""
from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.response import Response
from rest_framework.views import APIView

from .ratings import rating_rows


class RatingSerializer(serializers.Serializer):
    family = serializers.CharField()
    label = serializers.CharField()
    rating = serializers.CharField(help_text='e.g. "1500?" while provisional (P-RATE-6)')
    rated_games = serializers.IntegerField()
    provisional = serializers.BooleanField()
    provisional_total = serializers.IntegerField()


class MeSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    email = serializers.EmailField()
    email_confirmed = serializers.BooleanField()
    is_computer = serializers.BooleanField()
    date_joined = serializers.DateTimeField()
    ratings = RatingSerializer(many=True)


class MeView(APIView):
    """The current user with the rating display per preset family."""

    @extend_schema(responses=MeSerializer)
    def get(self, request):
        user = request.user
        data = {"id": user.pk, "username": user.username, "email": user.email,
                "email_confirmed": user.email_confirmed, "is_computer": user.is_computer,
                "date_joined": user.date_joined, "ratings": rating_rows(user)}
        return Response(MeSerializer(data).data)
