"""Ratings, settlements, rating changes and fair-play records (P-RATE, P-LB, P-SYS-5, P-FAIR).

- ``Rating``: one row per (account, preset family): OpenSkill ``mu``/``sigma`` (full
  precision, P-RATE-5), rated games, placement counts and sums for the profile (P-LB-5),
  Tenhou-style R (P-RATE-7), the last rated game's time (activity window, P-RATE-6), plus
  ``username``/``is_computer``/``flagged`` copied from the account so that the leaderboard is
  one indexed query (P-LB-1, P-LB-4, P-FAIR-3).
- ``Settlement``: the "settled" mark of a game (P-SYS-5): its primary key IS the game, so a
  second settlement of the same game cannot be stored.
- ``RatingChange``: one row per (game, account) (UNIQUE; P-RATE-8, P-SYS-5).
- ``FairPlayStatus``, ``Report``, ``ModerationAction``: fair play (P-FAIR-2/-3/-5).
"""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _


class Family(models.TextChoices):
    """Preset families (glossary): ratings and leaderboards are per family (P-RATE-1)."""

    RIICHI = "riichi", _("Riichi")
    TAIWANESE = "taiwanese", _("Taiwanese")


#: Preset id -> family (glossary "Preset family", P-PRESET-1).
PRESET_FAMILY = {"riichi": Family.RIICHI, "riichi-single-deal": Family.RIICHI,
                 "riichi-tournament": Family.RIICHI, "taiwanese": Family.TAIWANESE,
                 "taiwanese-east": Family.TAIWANESE, "taiwanese-single-deal": Family.TAIWANESE}


class Rating(models.Model):
    """An account's rating in one preset family (P-RATE-1/-5/-6/-7).

    ``mu``/``sigma`` are rating points (OpenSkill Plackett-Luce, full precision); the displayed
    rating is ``round(mu)`` (P-RATE-5). ``games`` counts rated games; ``provisional`` while
    ``games < PROVISIONAL_GAMES`` (20, P-RATE-6). ``placements`` 1st..4th counts the display
    placement (P-RESULT-1 / P-TW-5). ``result_sum`` sums the Riichi result record (points,
    P-RESULT-2) and ``score_sum`` the final scores; ``hands``/``wins``/``deal_ins`` count hands
    for the win and deal-in rates (P-LB-5).
    """

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="ratings")
    family = models.CharField(max_length=16, choices=Family.choices)
    mu = models.FloatField(default=1500.0)
    sigma = models.FloatField(default=500.0)
    games = models.PositiveIntegerField(default=0)
    tenhou_r = models.FloatField(default=1500.0)
    last_rated_at = models.DateTimeField(null=True, blank=True)
    first = models.PositiveIntegerField(default=0)
    second = models.PositiveIntegerField(default=0)
    third = models.PositiveIntegerField(default=0)
    fourth = models.PositiveIntegerField(default=0)
    result_sum = models.BigIntegerField(default=0)
    result_games = models.PositiveIntegerField(default=0)     # games with a result record
    score_sum = models.BigIntegerField(default=0)
    hands = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    deal_ins = models.PositiveIntegerField(default=0)
    # Copies of account facts for the one-query leaderboard (kept in step by leaderboard.signals
    # and by every settlement / moderation action).
    username = models.CharField(max_length=150, default="")
    is_computer = models.BooleanField(default=False)
    flagged = models.BooleanField(default=False)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["user", "family"], name="leaderboard_rating_one_per_family"),
        ]
        indexes = [
            # P-LB-1: the human ranking, in its order; only established, unflagged humans. The
            # included columns make both the page and its COUNT index-only scans.
            models.Index(fields=["family", "-mu", "-games", "username"], name="lb_rating_human_rank",
                         condition=Q(is_computer=False, flagged=False, games__gte=20),
                         include=["last_rated_at", "sigma", "user_id", "is_computer"]),
            # P-LB-1: the ranking's COUNT (pages) as a narrow index-only range scan.
            models.Index(fields=["family", "last_rated_at"], name="lb_rating_human_active",
                         condition=Q(is_computer=False, flagged=False, games__gte=20)),
            # P-LB-4: the Computers tab.
            models.Index(fields=["family", "-mu", "-games", "username"], name="lb_rating_computer_rank",
                         condition=Q(is_computer=True, games__gte=20),
                         include=["last_rated_at", "sigma", "user_id"]),
        ]

    def __str__(self) -> str:
        return f"{self.username or self.user_id} {self.family} {self.mu:.1f}±{self.sigma:.1f} ({self.games})"

    @property
    def provisional(self) -> bool:
        """True until 20 rated games in the family (P-RATE-6)."""
        return self.games < settings.PROVISIONAL_GAMES

    @property
    def display(self) -> int:
        """The displayed rating: mu rounded to an integer (P-RATE-5)."""
        return round(self.mu)


class Settlement(models.Model):
    """The "settled" mark of a game (P-SYS-5, P-RATE-3): written in the same transaction as
    its rating changes; its primary key is the game, so a game is settled at most once."""

    game = models.OneToOneField("games.Game", on_delete=models.CASCADE, primary_key=True,
                                related_name="settlement")
    family = models.CharField(max_length=16, choices=Family.choices)
    settled_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"settlement of game {self.game_id}"


class RatingChange(models.Model):
    """One seat's rating change from one settled game (P-RATE-8), enough to recompute every
    rating: mu/sigma before and after, the displayed change, the rank given to the model
    (``rank``: ties share it, P-RATE-4), the display placement (``placement``, P-RESULT-1),
    the final score and the Riichi result record (points, P-RESULT-2; null otherwise),
    whether the rating was provisional before the game, Tenhou R before/after (P-RATE-7),
    and the hand counts of the seat for the profile's rates (P-LB-5)."""

    game = models.ForeignKey("games.Game", on_delete=models.CASCADE, related_name="rating_changes")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="rating_changes")
    family = models.CharField(max_length=16, choices=Family.choices)
    seat = models.PositiveSmallIntegerField()
    placement = models.PositiveSmallIntegerField()
    rank = models.PositiveSmallIntegerField()
    final_score = models.IntegerField()
    result_points = models.IntegerField(null=True, blank=True)
    mu_before = models.FloatField()
    sigma_before = models.FloatField()
    mu_after = models.FloatField()
    sigma_after = models.FloatField()
    display_change = models.IntegerField()
    games_before = models.PositiveIntegerField()
    provisional = models.BooleanField()
    tenhou_r_before = models.FloatField()
    tenhou_r_after = models.FloatField()
    hands = models.PositiveIntegerField(default=0)
    wins = models.PositiveIntegerField(default=0)
    deal_ins = models.PositiveIntegerField(default=0)
    is_computer = models.BooleanField(default=False)
    created_at = models.DateTimeField()

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["game", "user"], name="leaderboard_change_once_per_game"),
        ]
        indexes = [models.Index(fields=["user", "family", "created_at"], name="lb_change_history")]

    def __str__(self) -> str:
        return f"game {self.game_id} {self.user_id}: {self.mu_before:.1f}->{self.mu_after:.1f}"

    @property
    def display_before(self) -> int:
        return round(self.mu_before)

    @property
    def display_after(self) -> int:
        return round(self.mu_after)

    @property
    def provisional_after(self) -> bool:
        return self.games_before + 1 < settings.PROVISIONAL_GAMES


class FairPlayStatus(models.Model):
    """An account's fair-play standing (P-FAIR-3): ``flagged`` removes it from the
    leaderboard and from ranked play and marks its profile; ``warnings`` counts warnings."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                primary_key=True, related_name="fair_play")
    flagged = models.BooleanField(default=False)
    flagged_at = models.DateTimeField(null=True, blank=True)
    warnings = models.PositiveIntegerField(default=0)
    last_warned_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name_plural = "fair-play statuses"

    def __str__(self) -> str:
        return f"{self.user} ({'flagged' if self.flagged else 'in good standing'})"


class Report(models.Model):
    """A player's report about an account (P-FAIR-2), reviewed in the moderation queue
    (P-FAIR-3). ``game``/``hand`` are set when reported from a game (``hand`` 0-based)."""

    class Category(models.TextChoices):
        OUTSIDE_ASSISTANCE = "assistance", _("Outside assistance")
        COLLUSION = "collusion", _("Collusion")
        ABUSE = "abuse", _("Abusive name or behaviour")
        OTHER = "other", _("Other")

    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        DISMISSED = "dismissed", _("Dismissed")
        WARNED = "warned", _("Warned")
        FLAGGED = "flagged", _("Flagged")
        CLOSED = "closed", _("Account closed")

    reporter = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                 related_name="reports_filed")
    reported = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                 related_name="reports_received")
    category = models.CharField(max_length=16, choices=Category.choices)
    comment = models.TextField(blank=True, default="", max_length=2000)
    game = models.ForeignKey("games.Game", on_delete=models.SET_NULL, null=True, blank=True,
                             related_name="reports")
    hand = models.PositiveSmallIntegerField(null=True, blank=True)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN,
                              db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)
    resolved_at = models.DateTimeField(null=True, blank=True)
    resolved_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                                    blank=True, related_name="reports_resolved")

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["reporter", "created_at"], name="lb_report_daily")]
        constraints = [
            models.CheckConstraint(condition=~Q(reporter=models.F("reported")),
                                   name="leaderboard_report_not_self"),
        ]

    def __str__(self) -> str:
        return f"report {self.pk}: {self.reported} ({self.category}, {self.status})"


class ModerationAction(models.Model):
    """A moderator's decision (P-FAIR-3): dismiss, warn, flag or close, kept as an audit trail."""

    class Kind(models.TextChoices):
        DISMISS = "dismiss", _("Dismiss")
        WARN = "warn", _("Warn")
        FLAG = "flag", _("Set fair-play flag")
        UNFLAG = "unflag", _("Remove fair-play flag")
        CLOSE = "close", _("Close account")

    moderator = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True,
                                  related_name="moderation_actions")
    account = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="moderation_history")
    report = models.ForeignKey(Report, on_delete=models.SET_NULL, null=True, blank=True)
    kind = models.CharField(max_length=16, choices=Kind.choices)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
