"""The table: one deterministic state machine over one game, shared by every rule family
(DESIGN §2). A family supplies its hand rules; this module holds the rest.

``Game.new(preset, seed)`` deals the first hand from that hand's seed;
``legal_actions(seat)`` lists what a seat may do now as ``Action`` values;
``apply(action)`` validates, mutates and returns events; an illegal action raises
``IllegalAction(reason, rule)`` and changes nothing. When a hand ends the phase
becomes ``"hand_over"`` and the caller starts the next hand with ``next_hand(seed)``;
a finished game is ``"game_over"``. The engine never draws randomness or reads the clock.

Shared here, whatever the family: decision points (a *turn* decision of one seat, or a
*claim* decision of every seat with an option on one tile, answered in any order and
resolved together when the last answer arrives); ``seq``, which rises by one each time a
decision point opens, so all answers to one discard carry the same ``seq``; the log and
its exact replay (``log``, ``from_log``, ``extend_log``); look-ahead copies (``clone``);
who may be seen to be deciding (``visible_pending``) and the views of an empty claim
window (P-FAIR-6).

Family interface. ``Game(preset)`` builds the table class of ``preset.family``
(``FAMILY_TABLES``; Riichi: ``rules_engine.riichi.table.RiichiGame``). That subclass
implements the hand rules as these methods:

- ``_start_hand(seed, wall) -> events``: deal a hand (``wall``: a scripted wall or ``None``),
  append its ``{"type": "hand", ...}`` log entry and run to the first decision;
- ``_apply_turn(action, events)``: carry out a legal turn action (a discard, a win, a kan…);
- ``_resolve_claim(events)``: every seat of a claim decision has answered (``self._answers``,
  ``{seat: Action}``): settle the window and run on to the next decision;
- ``_why_illegal(action) -> (reason, rule)``: the rule ID that refuses an action;
- ``_view(seat) -> dict``: the seat's (or the public) view;
- ``CLAIM_OPENERS``: the action types after which a claim window may open.

They open decision points with ``_open(legal, phase)``, keep each seat's hand state in
``_seats`` (objects with a ``clone()``), the open claim in ``_claim`` and the kan owners
in ``_kan_owners`` (copied by ``clone``), and end the hand by setting ``phase``,
``hand_result`` and ``_next`` (the next hand's ``(hand_number, dealer, honba)``, or the
game's end: ``"game_over"``, ``game_result``).

Events are dicts with a ``"type"``; they are the server's record and include
private tiles (draws, deals): never send events to clients, send views.
"""
from __future__ import annotations

import copy
import importlib

from rules_engine.core.actions import Action
from rules_engine.core.errors import IllegalAction, WrongPhase
from rules_engine.preset import Preset, get_preset

PHASES = ("turn", "claim", "hand_over", "game_over")
AFTER = tuple(tuple((d + off) % 4 for off in (1, 2, 3)) for d in range(4))
"""``AFTER[d]``: the other seats in turn order from seat ``d`` (claim priority, nearest first)."""
FAMILY_TABLES: dict[str, tuple[str, str]] = {"riichi": ("rules_engine.riichi.table", "RiichiGame"),
                                             "taiwanese": ("rules_engine.taiwanese.table", "TaiwaneseGame")}
"""Preset family -> (module, class) of its table; the class subclasses ``Game``."""


def table_class(preset: Preset) -> type["Game"]:
    """The ``Game`` subclass that plays ``preset``'s family; ``ValueError`` for a family
    without a table."""
    try:
        module, name = FAMILY_TABLES[preset.family]
    except KeyError:
        raise ValueError(f"no table plays preset family {preset.family!r}; "
                         f"known: {sorted(FAMILY_TABLES)}") from None
    return getattr(importlib.import_module(module), name)


class Game:
    """One game of a preset (``riichi``: East round; ``riichi-single-deal``: one hand).

    ``Game(preset)`` (and ``Game.new``, ``Game.from_log``) give an instance of the
    family's subclass (``table_class``). Public attributes (read-only for callers):
    ``preset``, ``phase`` (one of ``PHASES``), ``seq`` (decision sequence number),
    ``scores`` (points per seat; seat 0 is the initial East), ``honba``, ``deposits``
    (deposits on the table, in points), ``hand_number`` (0-based dealer rotation: 0 = East 1
    … 3 = East 4), ``dealer``, ``round_wind`` (0 = East), ``hand_result``, ``game_result``.
    """

    _hold_empty_claims = False  # set on a look-ahead copy only (empty_claim_window_views)
    FAMILY = ""
    """The preset family this table class plays (set by each family's subclass)."""
    CLAIM_OPENERS: tuple[str, ...] = ()
    """Action types after which a claim window may open (``empty_claim_window_views``)."""

    # ------------------------------------------------------------------ construction

    def __new__(cls, preset: Preset | None = None, *args: object, **kwargs: object) -> "Game":
        if cls is Game and isinstance(preset, Preset):
            cls = table_class(preset)
        return super().__new__(cls)

    def __init__(self, preset: Preset) -> None:
        if not isinstance(preset, Preset):
            raise ValueError(f"preset must be a Preset, got {preset!r}")
        if preset.family != self.FAMILY:
            raise ValueError(f"the {self.FAMILY or 'abstract'} table cannot play preset family {preset.family!r}")
        self.preset = preset
        self.scores = [preset.starting_points] * 4
        self.honba = 0
        self.deposits = 0
        self.hand_number = 0
        self.dealer = 0
        self.round_wind = 0
        self.hands_played = 0
        self.phase = "hand_over"
        self.seq = 0
        self.hand_result: dict | None = None
        self.game_result: dict | None = None
        self._entries: list[dict] = []
        self._released = 0       # entries 0.._released-1 are None (``release_log``)
        self._next: tuple[int, int, int] | None = (0, 0, 0)  # (hand_number, dealer, honba)
        self._legal: dict[int, list[Action]] = {}
        self._answers: dict[int, Action] = {}

    @classmethod
    def new(cls, preset: Preset, seed: int, *, wall: list[int] | None = None) -> "Game":
        """Start a game and deal its first hand from ``seed`` (R-WALL-1, R-DEAL).

        ``wall``: a scripted ``W[0..135]`` for tests (a permutation of 0..135), used instead
        of the shuffle. Raises ``ValueError`` for a non-int seed, a bad wall or a preset of a family
        without a table.
        """
        game = cls(preset)
        game._start_hand(seed, wall)
        return game

    def next_hand(self, seed: int, *, wall: list[int] | None = None) -> list[dict]:
        """Deal the next hand from ``seed`` (only in phase ``"hand_over"``; R-ROT, R-END-8).

        Returns the events of the deal up to the first decision. Raises ``WrongPhase``
        (an ``IllegalAction``) in any other phase, ``ValueError`` for a bad seed or wall.
        """
        if self.phase != "hand_over":
            raise WrongPhase(f"next_hand needs phase 'hand_over', the game is in {self.phase!r}", "R-END-8")
        return self._start_hand(seed, wall)

    # ------------------------------------------------------------------ queries

    @property
    def live_count(self) -> int:
        """``L``: tiles still drawable from the live wall (R-WALL-5)."""
        return self._live_end - self._live_pos

    def legal_actions(self, seat: int) -> list[Action]:
        """Every legal action of ``seat`` now, as values naming tile ids (P-PLAY-3);
        ``[]`` when the seat has nothing to decide (or has already answered this claim)."""
        if seat in self._answers:
            return []
        return list(self._legal.get(seat, ()))

    def pending_seats(self) -> list[int]:
        """Seats that still must decide at the current decision point (ascending)."""
        if not self._answers:
            return sorted(self._legal)
        return sorted(s for s in self._legal if s not in self._answers)

    def visible_pending(self, seat: int | None) -> list[int]:
        """The seats that still must decide, as ``seat`` (0..3, or ``None`` for the public)
        may know them: the ``pending_seats`` of every family's views (P-FAIR-6, P-CLOCK-9).

        A turn decision's seat is public. Who was offered a call on a discard is not: it tells
        which concealed tiles a seat holds. So in phase ``claim`` a seat view lists only its own
        seat (when it must still answer) and the public view lists none."""
        answers = self._answers
        pending = [s for s in sorted(self._legal) if s not in answers] if answers else sorted(self._legal)
        if self.phase != "claim":
            return pending
        return [seat] if seat in pending else []

    def seat_wind(self, seat: int) -> int:
        """Seat wind 0..3 of ``seat`` in the current hand (R-DEAL-2)."""
        return (seat - self.dealer) % 4

    def view(self, seat: int | None) -> dict:
        """What ``seat`` may know (``None``: the public view), built by the family
        (Riichi: ``rules_engine.riichi.views``); ``ValueError`` for a seat not in 0..3/None."""
        return self._view(seat)

    @property
    def log(self) -> dict:
        """``{"preset", "version", "entries"}``: hand seeds (and scripted walls) plus the ordered
        actions, each with the events it produced; ``Game.from_log`` replays it exactly.
        Raises ``ValueError`` once entries were let go (``release_log``): read the stored
        log, or ``log_length`` and ``log_entries_from``, instead."""
        if self._released:
            raise ValueError(f"the first {self._released} log entries were released (release_log); "
                             "read the stored log instead")
        return {"preset": self.preset.name, "version": self.preset.version, "entries": self._entries}

    @property
    def log_length(self) -> int:
        """How many log entries this game has recorded (released ones included)."""
        return len(self._entries)

    def log_entries_from(self, start: int) -> list[dict]:
        """The log entries from index ``start`` on (a new list; the entries are shared and
        must not be changed). Raises ``ValueError`` when ``start`` is negative, past the
        end, or before the last released entry (``release_log``)."""
        if not self._released <= start <= len(self._entries):
            raise ValueError(f"log entries from {start}: {len(self._entries)} recorded, "
                             f"the first {self._released} released")
        return self._entries[start:]

    def release_log(self, upto: int) -> None:
        """Let go of the contents of log entries ``0 .. upto-1``, for a holder that has stored
        them elsewhere (a server keeps its games' logs in its database; an East round's entries
        take about 300 KB as dicts, the rest of the game a small part of that). The count
        stays (``log_length``); ``apply``, ``view``, ``clone``, ``extend_log`` and
        ``log_entries_from(upto)`` work as before; ``log`` raises from now on. Raises
        ``ValueError`` when ``upto`` is negative or more than ``log_length``."""
        if not 0 <= upto <= len(self._entries):
            raise ValueError(f"cannot release {upto} of {len(self._entries)} log entries")
        entries = self._entries
        for i in range(self._released, upto):
            entries[i] = None
        self._released = max(self._released, upto)

    def empty_claim_window_views(self, action: Action) -> dict | None:
        """The views of a claim window that offers nobody anything, as if it were held open
        after ``action`` (P-FAIR-6, the masked pause; the server shows them for a moment).

        ``action`` must be legal now (else ``IllegalAction``, as ``apply``). When it is a
        discard, a riichi or a shouminkan after which no seat may answer, returns ``{None:
        public view, 0: view, …, 3: view}`` of that window: phase ``"claim"``, ``seq`` one
        above the current one (the number the window takes, R-TURN-6), no legal actions,
        ``pending_seats`` empty, the discard in its pond, the next draw not yet made. Returns
        ``None`` for any other action, or when a seat may answer (a real window opens), or when
        the action ends the hand. This game is never changed."""
        if action.type not in self.CLAIM_OPENERS:
            return None
        look = self.clone()
        look._hold_empty_claims = True
        look.apply(action)
        if look.phase != "claim" or look._legal:
            return None
        return {seat: look.view(seat) for seat in (None, 0, 1, 2, 3)}

    def clone(self) -> "Game":
        """An independent copy of the game for look-ahead or tests: applying actions to the
        copy never changes this game. Recorded log entries are shared (they are never
        mutated); new entries go to the copy's own list."""
        c = copy.copy(self)
        c.scores = list(self.scores)
        c._entries = list(self._entries)
        c._legal = dict(self._legal)
        c._answers = dict(self._answers)
        if self.phase in ("turn", "claim"):
            c._seats = [s.clone() for s in self._seats]
            c._kan_owners = list(self._kan_owners)
            c._claim = dict(self._claim) if self._claim is not None else None
        return c

    @classmethod
    def from_log(cls, log: dict, *, verify: bool = False) -> "Game":
        """Replay ``log`` (the shape of ``Game.log``). With ``verify`` every recorded event list
        must match the replayed one; raises ``ValueError`` on the first mismatch or on a
        malformed log, ``IllegalAction`` when a logged action is illegal."""
        preset = get_preset(log["preset"], log["version"])
        entries = log["entries"]
        if not entries:
            raise ValueError("empty log")
        if entries[0].get("type") == "action":
            raise ValueError("log entry 0 must be a hand")
        game = cls(preset)
        game.extend_log(entries, verify=verify)
        return game

    def extend_log(self, entries: list[dict], *, verify: bool = False) -> None:
        """Replay ``entries`` (log entries that follow this game's own ``log["entries"]``, in
        order) onto this game, as ``from_log`` would have from the longer log: a server that
        holds a game at log length n catches up with entries n.. without replaying the whole
        log (DESIGN §3 "Cost"). Errors as ``from_log``; after an error the game is in an
        undefined state and must be discarded."""
        for i, entry in enumerate(entries, len(self._entries)):
            kind = entry.get("type")
            if kind == "hand":
                events = self._start_hand(entry["seed"], entry.get("wall"))
            elif kind == "action":
                events = self.apply(Action.from_json(entry["action"]))
            else:
                raise ValueError(f"log entry {i}: unknown type {kind!r}")
            if verify and "events" in entry and entry["events"] != events:
                raise ValueError(f"log entry {i}: replayed events differ from the recorded ones")

    # ------------------------------------------------------------------ apply

    def apply(self, action: Action) -> list[dict]:
        """Validate and perform ``action``; return the events it caused (up to the next decision).

        Raises ``IllegalAction(reason, rule)`` when the action is not among the seat's legal
        actions now (the state is unchanged), ``ValueError`` when it is not an ``Action``.
        """
        if not isinstance(action, Action):
            raise ValueError(f"apply needs an Action, got {type(action).__name__}")
        if self.phase not in ("turn", "claim"):
            raise WrongPhase(f"no decision is pending (phase {self.phase!r}); {action} refused", "R-END-8")
        legal = self._legal.get(action.seat)
        if not legal or action.seat in self._answers:
            raise IllegalAction(f"seat {action.seat} has no decision pending now ({action} refused)", "P-PLAY-3")
        for x in legal:  # shared action values (discards) match by identity, the rest by value
            if x is action:
                break
        else:
            if action not in legal:
                reason, rule = self._why_illegal(action)
                raise IllegalAction(reason, rule)
        events: list[dict] = []
        if self.phase == "claim":
            self._answers[action.seat] = action
            events.append({"type": "answer", "seat": action.seat, "action": action.to_json()})
            if all(s in self._answers for s in self._legal):
                self._resolve_claim(events)
        else:
            self._apply_turn(action, events)
        self._entries.append({"type": "action", "action": action.to_json(), "events": events})
        return events

    # ------------------------------------------------------------------ decision points

    def legal_actions_json(self, seat: int) -> list[dict]:
        """``[a.to_json() for a in legal_actions(seat)]``: fresh dicts the caller may keep or change."""
        if seat in self._answers or seat not in self._legal:
            return []
        return [{"type": a.type, "seat": a.seat, "tile": a.tile, "tiles": [*a.tiles]} for a in self._legal[seat]]

    def _open(self, legal: dict[int, list[Action]], phase: str) -> None:
        self.phase = phase
        self._legal = legal
        self._answers = {}
        self.seq += 1

    # ------------------------------------------------------------------ the family's hand rules

    def _start_hand(self, seed: int, wall: list[int] | None) -> list[dict]:
        """Deal a hand and run to its first decision (see the module's family interface)."""
        raise NotImplementedError

    def _apply_turn(self, action: Action, events: list[dict]) -> None:
        """Carry out the legal turn action ``action``, appending its events."""
        raise NotImplementedError

    def _resolve_claim(self, events: list[dict]) -> None:
        """Settle the claim window once every seat in ``_legal`` has answered (``_answers``)."""
        raise NotImplementedError

    def _why_illegal(self, action: Action) -> tuple[str, str]:
        """``(reason, rule)`` for an action that is not among the seat's legal ones."""
        return f"{action} is not among the legal actions of seat {action.seat}", "P-PLAY-3"

    def _view(self, seat: int | None) -> dict:
        """The view of ``seat`` (``None``: public)."""
        raise NotImplementedError
