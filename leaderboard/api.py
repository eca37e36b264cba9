"""``/api/leaderboard/<family>/`` and ``/api/leaderboard/<family>/computers/`` (P-LB-1, P-LB-3,
P-LB-4): the ranking as JSON, 50 a page, public; signed-in callers also get their own
position (``me``)."""
from __future__ import annotations

from django.conf import settings
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.exceptions import NotFound
from rest_framework.generics import ListAPIView
from rest_framework.pagination import PageNumberPagination
from rest_framework.permissions import AllowAny
from rest_framework.response import Response

from . import board
from .ratings import display_rating


class LeaderboardRowSerializer(serializers.Serializer):
    rank = serializers.IntegerField(help_text="1 = best (P-LB-1)")
    username = serializers.CharField()
    is_computer = serializers.BooleanField()
    rating = serializers.IntegerField(help_text="displayed rating: mu rounded (P-RATE-5)")
    rating_display = serializers.CharField(help_text='e.g. "1612" (ranked ratings are established)')
    mu = serializers.FloatField()
    sigma = serializers.FloatField(help_text="uncertainty (P-RATE-5)")
    rated_games = serializers.IntegerField()

    def to_representation(self, row):
        return {"rank": row.rank, "username": row.username, "is_computer": row.is_computer,
                "rating": round(row.mu), "rating_display": display_rating(row.mu, row.games),
                "mu": row.mu, "sigma": row.sigma, "rated_games": row.games}


class OwnPositionSerializer(serializers.Serializer):
    state = serializers.ChoiceField(["ranked", "provisional", "inactive", "flagged", "computer"])
    rated_games = serializers.IntegerField()
    provisional_total = serializers.IntegerField()
    rank = serializers.IntegerField(allow_null=True)
    page = serializers.IntegerField(allow_null=True)


class LeaderboardPagination(PageNumberPagination):
    """50 rows a page (P-LB-1); a page out of range is a 404 that says how many pages exist."""

    page_size = settings.LEADERBOARD_PAGE_SIZE

    def paginate_queryset(self, queryset, request, view=None):
        paginator = self.django_paginator_class(queryset, self.page_size)
        number = request.query_params.get(self.page_query_param) or 1
        try:
            self.page = paginator.page(number)
        except Exception:
            raise NotFound(f"Page {number} does not exist: this ranking has "
                           f"{paginator.num_pages} page(s).") from None
        self.request = request
        start = self.page.start_index()
        rows = list(self.page)
        for i, row in enumerate(rows):
            row.rank = start + i
        return rows

    def get_paginated_response(self, data):
        response = super().get_paginated_response(data)
        response.data["me"] = getattr(self, "me", None)
        return response

    def get_paginated_response_schema(self, schema):
        schema = super().get_paginated_response_schema(schema)
        schema["properties"]["me"] = {
            "type": "object", "nullable": True,
            "description": "the signed-in caller's position (P-LB-3); null when signed out",
            "properties": {"state": {"type": "string", "enum": ["ranked", "provisional", "inactive",
                                                                "flagged", "computer"]},
                           "rated_games": {"type": "integer"}, "provisional_total": {"type": "integer"},
                           "rank": {"type": "integer", "nullable": True},
                           "page": {"type": "integer", "nullable": True}}}
        return schema


class LeaderboardView(ListAPIView):
    """One family's ranking (P-LB-1) or its Computers tab (P-LB-4). 404 for an unknown family
    or a page out of range."""

    permission_classes = [AllowAny]
    serializer_class = LeaderboardRowSerializer
    pagination_class = LeaderboardPagination
    computers = False

    def get_queryset(self):
        try:
            return board.ranking(self.kwargs["family"], computers=self.computers)
        except board.UnknownFamily:
            raise NotFound(f"There is no leaderboard for {self.kwargs['family']!r}; "
                           f"families: riichi, taiwanese.") from None

    @extend_schema(parameters=[OpenApiParameter("family", str, OpenApiParameter.PATH,
                                                enum=["riichi", "taiwanese"])])
    def get(self, request, *args, **kwargs):
        queryset = self.get_queryset()
        rows = self.paginator.paginate_queryset(queryset, request, view=self)
        if request.user.is_authenticated:
            pos = board.own_position(request.user, self.kwargs["family"])
            self.paginator.me = OwnPositionSerializer({
                "state": pos.state, "rated_games": pos.games, "provisional_total": pos.total,
                "rank": pos.rank, "page": pos.page}).data
        return self.paginator.get_paginated_response(self.get_serializer(rows, many=True).data)


class ComputerLeaderboardView(LeaderboardView):
    """The Computers tab of one family (P-LB-4)."""

    computers = True
