"""Stored games (P-PRESET-3, P-REPLAY-1, P-REPLAY-2, DESIGN §2–§3).

A game is stored as its preset stamp plus the engine's log (``rules_engine`` ``game.log``:
hand seeds and ordered actions), which replays it exactly; ``seq``/``phase``/``state_version``
are a cache of the replayed state used for locking and quick checks, never trusted over the
log. The log is stored append-only (DESIGN §3 "Cost"): ``Game.log_base`` (column ``log``)
holds its preset stamp and the entries stored before append-only storage existed, and one
``LogEntry`` row per later entry; ``Game.log`` reads the whole log back in the engine's
shape, and ``Game.log_length`` counts its entries. ``ActionRecord`` rows are the server's audit trail: every accepted action with its
server timestamp and whether a computer or a timeout made it.
"""
from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class Game(models.Model):
    """One sitting of four seats (P-REPLAY-2)."""

    class Kind(models.TextChoices):
        PRACTICE = "practice", _("Practice")
        PRIVATE = "private", _("Casual")      # P-TABLE-1 private table: people, never rated
        QUICK = "quick", _("Ranked")          # P-TABLE-1 Quick Play: grouped by the matchmaker
        PUBLIC = "public", _("Ranked")        # P-TABLE-1 public table: joined from the lobby

    class Status(models.TextChoices):
        ACTIVE = "active", _("In progress")
        FINISHED = "finished", _("Finished")
        ABANDONED = "abandoned", _("Abandoned")
        ABORTED = "aborted", _("Aborted by system")

    class Clock(models.TextChoices):
        UNTIMED = "untimed", _("Untimed")
        BULLET = "bullet", _("Bullet")
        BLITZ = "blitz", _("Blitz")
        STANDARD = "standard", _("Standard")
        RELAXED = "relaxed", _("Relaxed")

    kind = models.CharField(max_length=16, choices=Kind.choices, default=Kind.PRACTICE)
    ranked = models.BooleanField(default=False)
    preset_name = models.CharField(max_length=40)
    preset_version = models.PositiveIntegerField()
    preset_snapshot = models.JSONField(default=dict)          # P-PRESET-3 rule snapshot
    game_format = models.CharField(max_length=16)             # "single" | "east" (P-PRESET-1)
    clock = models.CharField(max_length=16, choices=Clock.choices, default=Clock.UNTIMED)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.ACTIVE,
                              db_index=True)
    end_reason = models.CharField(max_length=32, blank=True, default="")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                                   related_name="created_games")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    last_human_action_at = models.DateTimeField(null=True, blank=True)   # P-TABLE-9
    finished_at = models.DateTimeField(null=True, blank=True)

    # The engine's log, the truth (DESIGN §2): the stamp and first entries here, the rest in
    # LogEntry rows (index = position in log["entries"]); read it whole with ``Game.log``.
    log_base = models.JSONField(default=dict, db_column="log")
    log_length = models.PositiveIntegerField(default=0)       # entries in the whole log
    state_version = models.PositiveIntegerField(default=0)   # +1 per stored change
    seq = models.PositiveIntegerField(default=0)             # engine decision number (cache)
    phase = models.CharField(max_length=16, default="")      # engine phase (cache)
    hands_started = models.PositiveIntegerField(default=0)   # guards the results task (P-SYS-6)
    continued_seats = models.JSONField(default=list)         # humans who pressed Continue
    pending_computer_seats = models.JSONField(default=list)  # computers owing a decision now
    claim_mask = models.JSONField(default=dict, blank=True)  # a running claim pause (P-FAIR-6)
    # Deadlines, reserves and timeout counts of a timed table (docs/clocks.md; {} when untimed).
    clock_state = models.JSONField(default=dict, blank=True)
    final_scores = models.JSONField(null=True, blank=True)
    game_result = models.JSONField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"Game {self.pk} ({self.kind}, {self.preset_name} v{self.preset_version}, {self.status})"

    @property
    def is_active(self) -> bool:
        return self.status == self.Status.ACTIVE

    @property
    def log(self) -> dict:
        """The whole stored log, ``{"preset", "version", "entries"}`` as ``rules_engine``'s
        ``Game.log`` (``{}`` before the first hand is stored). Reads the ``LogEntry`` rows
        each time it is used."""
        return self.log_upto(None)

    def log_upto(self, length: int | None) -> dict:
        """The stored log cut to its first ``length`` entries (``None``: all of them)."""
        base = self.log_base or {}
        entries = list(base.get("entries") or ())
        if self.pk is not None and (length is None or length > len(entries)):
            rows = LogEntry.objects.filter(game_id=self.pk, index__gte=len(entries))
            if length is not None:
                rows = rows.filter(index__lt=length)
            entries += list(rows.order_by("index").values_list("entry", flat=True))
        if not base and not entries:
            return {}
        return {**base, "entries": entries if length is None else entries[:length]}

    @property
    def format_label(self) -> str:
        """"Single hand", "East round" or "Full match" (a Taiwanese match, P-TW-1) (P-TABLE-4)."""
        if self.game_format == "single":
            return str(_("Single hand"))
        return str(_("Full match")) if self.game_format == "full" else str(_("East round"))


class Seat(models.Model):
    """An account in a seat (0 = initial East … 3 = initial North). One seat per account per
    game (P-ACCT-4)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="seats")
    seat = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                             related_name="seats")
    strength = models.CharField(max_length=32, blank=True, default="")   # computers only
    # Presence lease (P-CONN-2, P-CONN-4, P-CONN-5; ``games.presence``): the seat counts as
    # connected while ``presence_until`` is in the future. The server process serving the
    # seat's newest connection (``presence_channel``, its channel name) renews it; nothing
    # renews a crashed process's lease, so it expires by itself.
    presence_until = models.DateTimeField(null=True, blank=True)
    presence_channel = models.CharField(max_length=200, blank=True, default="")

    class Meta:
        ordering = ["seat"]
        constraints = [
            models.UniqueConstraint(fields=["game", "seat"], name="games_seat_unique_seat"),
            models.UniqueConstraint(fields=["game", "user"], name="games_seat_one_seat_per_account"),
            models.CheckConstraint(condition=models.Q(seat__lte=3), name="games_seat_0_to_3"),
        ]

    def __str__(self) -> str:
        return f"{self.game_id}:{self.seat}:{self.user}"


class ActionRecord(models.Model):
    """One accepted action, in order, with its server time (P-REPLAY-1 audit trail)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="actions")
    index = models.PositiveIntegerField()
    seq = models.PositiveIntegerField()
    seat = models.PositiveSmallIntegerField(null=True)     # null for server steps (next hand)
    kind = models.CharField(max_length=16)   # "action" | "next_hand" | "continue" | "abort"
    data = models.JSONField(default=dict)
    by_computer = models.BooleanField(default=False)
    timeout = models.BooleanField(default=False)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["game", "index"]
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="games_action_unique_index"),
        ]


class LogEntry(models.Model):
    """One entry of a game's log (a hand's seed or an action, with its events), appended once
    and never changed (DESIGN §2–§3: the log is the truth; ``Game.log`` reads it whole)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="log_entries")
    index = models.PositiveIntegerField()                 # position in log["entries"]
    entry = models.JSONField()

    class Meta:
        ordering = ["game", "index"]
        constraints = [
            models.UniqueConstraint(fields=["game", "index"], name="games_logentry_unique_index"),
        ]


def store_whole_log(game_id: int, log: dict, **fields) -> None:
    """Replace game ``game_id``'s stored log by ``log`` (the engine's ``Game.log`` shape) and
    set the other columns ``fields``: the whole log goes to the base column and the
    ``LogEntry`` rows are dropped. For tests and repairs that install a state; the live table
    only ever appends (``games.service``). Processes' cached engines of the game must be
    dropped by the caller (``engine_store.clear``/``forget``) when the version is unchanged."""
    LogEntry.objects.filter(game_id=game_id).delete()
    Game.objects.filter(pk=game_id).update(log_base=log, log_length=len(log.get("entries") or ()), **fields)


class Table(models.Model):
    """A table before its game starts: the waiting room (P-TABLE-5/-6/-7/-8, J3).

    Private tables (P-TABLE-6) are created by a host, filled by invitations (``Invitation``,
    by username) or the invite link (``invite_token``, valid while ``status`` is open) and
    started by the host; public tables (P-TABLE-5, later) reuse the same rows. When the game
    starts, ``game`` points at it and ``status`` becomes started; a closed table never starts.
    """

    class Kind(models.TextChoices):
        PRIVATE = "private", _("Private")
        PUBLIC = "public", _("Public")

    class Status(models.TextChoices):
        OPEN = "open", _("Waiting for players")
        STARTED = "started", _("Started")
        CLOSED = "closed", _("Closed")

    kind = models.CharField(max_length=16, choices=Kind.choices, default=Kind.PRIVATE)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.OPEN,
                              db_index=True)
    host = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                             related_name="hosted_tables")
    preset_name = models.CharField(max_length=40, default="riichi")   # the family's preset
    clock = models.CharField(max_length=16, choices=Game.Clock.choices, default=Game.Clock.UNTIMED)
    allow_spectators = models.BooleanField(default=False)              # P-SPECT-1
    invite_token = models.CharField(max_length=64, unique=True)        # P-TABLE-6 invite link
    game = models.OneToOneField(Game, null=True, blank=True, on_delete=models.SET_NULL,
                                related_name="table")
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    version = models.PositiveIntegerField(default=0)   # +1 per change (room notices)

    class Meta:
        ordering = ["-created_at", "-id"]

    def __str__(self) -> str:
        return f"Table {self.pk} ({self.kind}, {self.status})"


class TableSeat(models.Model):
    """An occupied seat of a waiting table (``position`` 0..3 is only the waiting-room place;
    seat winds are drawn at the start, P-TABLE-8). A computer's ``strength`` is its own."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    position = models.PositiveSmallIntegerField()
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT,
                             related_name="table_seats")
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="games_tableseat_unique_position"),
            models.UniqueConstraint(fields=["table", "user"], name="games_tableseat_one_per_account"),
            models.CheckConstraint(condition=models.Q(position__lte=3), name="games_tableseat_0_to_3"),
        ]


class Invitation(models.Model):
    """An invitation by username to a table, as a player or as a spectator (P-TABLE-6,
    P-SPECT-1): an in-site notification until answered. An invited spectator may watch the
    table's game live (P-SPECT-4) and review it afterwards (P-REPLAY-3) unless they declined."""

    class Role(models.TextChoices):
        PLAYER = "player", _("Player")
        SPECTATOR = "spectator", _("Spectator")

    class Status(models.TextChoices):
        PENDING = "pending", _("Pending")
        ACCEPTED = "accepted", _("Accepted")
        DECLINED = "declined", _("Declined")

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="invitations")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                             related_name="invitations")
    role = models.CharField(max_length=16, choices=Role.choices, default=Role.PLAYER)
    status = models.CharField(max_length=16, choices=Status.choices, default=Status.PENDING,
                              db_index=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.UniqueConstraint(fields=["table", "user", "role"], name="games_invitation_unique"),
        ]


class SpectatorLease(models.Model):
    """One live spectator connection to a game (P-SPECT-5: players see how many). Like seat
    presence it heals by itself: it counts only while ``until`` is in the future and the
    connection renews it on every ping, so a crashed process's spectators drop out."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="spectator_leases")
    channel = models.CharField(max_length=200, unique=True)
    # None: an anonymous public spectator of a ranked game (P-SPECT-1).
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+",
                             null=True, blank=True)
    until = models.DateTimeField(db_index=True)
    # When the connection arrived: with ``until`` it tells how many watched at a past moment
    # (P-SPECT-2: the public sees the spectator count as of now - delay; ``games.spectate``).
    since = models.DateTimeField(null=True, blank=True)


class SpectatorFrame(models.Model):
    """What the public may know of a ranked game from server time ``at`` on (P-SPECT-2,
    ``games.spectate``): one row per stored change of the game (and per presence change),
    written in the same transaction. The delayed public feed and the Live games list read
    the last frame at or before (now - ``SPECTATOR_DELAY``).

    ``at``: epoch seconds (``games.clocks.now()``); ``log_length``: the stored log's length
    then (the public view is the engine's ``view(None)`` of that prefix); ``pause``:
    ``{"until": epoch s, "view": public view}`` while a masked claim pause ran (P-FAIR-6),
    else ``{}``; ``connected``: 4 presence markers by seat (P-CONN-5); ``scores``: 4 ints;
    ``hand``: ``{"hand_number", "honba"}`` of the hand then; ``clock_state``: as
    ``Game.clock_state`` then (docs/clocks.md; never sent as is)."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="spectator_frames")
    at = models.FloatField()
    log_length = models.PositiveIntegerField()
    status = models.CharField(max_length=16)
    phase = models.CharField(max_length=16, default="")
    seq = models.PositiveIntegerField(default=0)
    clock_state = models.JSONField(default=dict, blank=True)
    pause = models.JSONField(default=dict, blank=True)
    connected = models.JSONField(default=list)
    scores = models.JSONField(default=list)
    hand = models.JSONField(default=dict)

    class Meta:
        ordering = ["game", "at", "id"]
        indexes = [models.Index(fields=["game", "at"], name="games_frame_game_at")]


class QueueEntry(models.Model):
    """One account waiting in Quick Play (P-MATCH-1..-6, J2): at most one row per account
    (``user`` is unique, so nobody waits in two queues, P-MATCH-1), for one preset
    ``family``. ``joined_at`` orders the queue (longest waiting first, P-MATCH-2) and gives
    the wait t of the rating window. ``opted_in_computers_at`` is set when the player
    accepted "Start now with computers" (P-MATCH-5; only after 60 s of waiting). The row is
    deleted in the transaction that seats its account (P-MATCH-3) or when it leaves
    (P-MATCH-6). Written only by ``games.matchmaking``."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE,
                                related_name="queue_entry")
    family = models.CharField(max_length=16)
    joined_at = models.DateTimeField()
    opted_in_computers_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["joined_at", "id"]
        indexes = [models.Index(fields=["family", "joined_at"], name="games_queue_family_wait")]

    def __str__(self) -> str:
        return f"{self.user_id} waiting for {self.family} since {self.joined_at:%H:%M:%S}"
