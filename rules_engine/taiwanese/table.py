"""The Taiwanese family's hand rules on the shared table (taiwanese.md §2; ``rules_engine.game``).

``TaiwaneseGame`` is the ``Game`` subclass that ``Game(preset)`` builds for a ``taiwanese``
preset. This module holds the deal (T-DEAL-3), the opening stage (T-DEAL-4), ordinary and
replacement draws (T-WALL-1, T-WALL-2), turn options (T-TURN) and discards; the rest lives
in small modules: flowers and flower wins in ``taiwanese.flowers`` (T-FLOWER), the Original
Call window and lock in ``taiwanese.original_call`` (T-ORIG), claims on a discard and robbing
an added kong in ``taiwanese.claims`` (T-CALL, T-KONG-4), kongs in ``taiwanese.kongs``
(T-KONG), wins, draws, payments and the match in ``taiwanese.hand_end`` (T-WIN, T-END,
T-PAY, T-MATCH), views in ``taiwanese.views``.

Actions use the shared vocabulary of ``rules_engine.core.actions`` (P-PLAY-3):
``discard``; ``chi`` = chow, ``pon`` = pung, ``daiminkan`` = exposed kong (claims on a
discard, ``tiles`` = the own tiles); ``ankan`` = concealed kong (``tiles`` = the four),
``shouminkan`` = added kong (``tile`` = the added tile); ``tsumo`` = self-drawn win (``tile``
= the drawn tile); ``ron`` = a win on a discard or a robbed added-kong tile (``tile`` = that
tile), or, with ``tile`` null, taking the eighth flower (T-FLOWER-5); ``riichi`` = Original
Call: the dealer's Original Call discard (``tile`` = the discard) or, with ``tile`` null, a
non-dealer's declaration in the opening window (T-ORIG-2); ``pass``.

Automatic steps without a decision (P-PLAY-8, T-ONLINE-3): flower exposure and replacement,
the eight-flower win, a locked player's discard of a drawn tile that does not win (event
``discard`` with ``"auto": true``) and the exhaustive draw.
"""
from __future__ import annotations

from collections import deque

from rules_engine.core.actions import Action, simple_action
from rules_engine.core.meld import Meld
from rules_engine.game import Game
from rules_engine.taiwanese.claims import ClaimsMixin
from rules_engine.taiwanese.flowers import FlowersMixin
from rules_engine.taiwanese.hand_end import HandEndMixin
from rules_engine.taiwanese.kongs import KongsMixin
from rules_engine.taiwanese.original_call import OriginalCallMixin
from rules_engine.taiwanese.ready import is_winning, ready_kinds
from rules_engine.taiwanese.seat import TwSeat
from rules_engine.taiwanese.views import build_view
from rules_engine.taiwanese.wall import DEAL_INDEX, DEALT, Walls, check_wall, shuffled_wall

_DISCARD = tuple(tuple(simple_action("discard", seat, t) for t in range(136)) for seat in range(4))


def discard_actions(hand: list[int], seat: int, drawn: int | None) -> list[Action]:
    """One discard per kind held (its lowest id), plus the drawn tile itself when it is not
    that id (the timeout default, P-TIMEOUT-4); in id order."""
    mine = _DISCARD[seat]
    out: list[Action] = []
    last = -1
    for t in sorted(hand):
        k = t >> 2
        if k != last:
            last = k
            out.append(mine[t])
        elif t == drawn:
            out.append(mine[t])
    return out


class TaiwaneseGame(HandEndMixin, ClaimsMixin, KongsMixin, FlowersMixin, OriginalCallMixin, Game):
    """The table playing a Taiwanese preset (``taiwanese``: full match East to North;
    ``taiwanese-east``: East round; ``taiwanese-single-deal``: one hand). Build it with
    ``Game.new(preset, seed)``; a scripted ``wall`` is a permutation of the 144 ids 0..143
    (T-SETUP-3). ``hand_number`` is the dealer-change counter c of T-MATCH-4 (the round
    wind is ``c // 4``); ``honba`` and ``deposits`` stay 0. Extra public method:
    ``empty_opening_window_views`` (the masked Original Call window, P-FAIR-6)."""

    FAMILY = "taiwanese"
    CLAIM_OPENERS = ("discard", "riichi", "shouminkan")

    # ------------------------------------------------------------------ queries

    @property
    def live_count(self) -> int:
        """Tiles in the live wall: the wall count players see (T-WALL-5)."""
        return len(self._walls.live)

    def _view(self, seat: int | None) -> dict:
        return build_view(self, seat)

    def clone(self) -> "TaiwaneseGame":
        c = super().clone()
        if self.phase in ("turn", "claim"):
            w = Walls.__new__(Walls)
            w.live = deque(self._walls.live)
            w.dead = deque(self._walls.dead)
            c._walls = w
            if self._passes is not None:
                c._passes = dict(self._passes)
        return c  # type: ignore[return-value]

    # ------------------------------------------------------------------ hand start

    def _start_hand(self, seed: int, wall: list[int] | None) -> list[dict]:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an int, got {seed!r}")
        w = check_wall(wall) if wall is not None else shuffled_wall(seed)
        assert self._next is not None
        self.hand_number, self.dealer, self.honba = self._next
        self.round_wind = min(self.hand_number // 4, 3)  # T-MATCH-4
        self._wall = w
        self._walls = Walls(w, DEALT)
        self._kan_owners: list[int] = []
        self._claim: dict | None = None
        self._last_discard: tuple[int, int] | None = None
        self._last_discard_empty = False
        self._kakan: tuple[int, int] | None = None
        self._order = 0
        self._rob_offered = False
        self._resume: tuple | None = None
        self._opening_masked = False
        self._turn = self.dealer
        self._turn_kind = "first"
        self.hand_result = None
        self._legal = {}
        self._answers = {}
        hands: list[list[int]] = [[], [], [], []]
        for wind in range(4):  # T-DEAL-3: packets of four East, South, West, North, then East's 17th
            hands[(self.dealer + wind) % 4] = [w[i] for i in DEAL_INDEX[wind]]
        self._seats = [TwSeat(h) for h in hands]
        self._drawn: int | None = w[64]  # the dealer's 17th tile (T-TURN-1)
        entry: dict = {"type": "hand", "seed": seed}
        if wall is not None:
            entry["wall"] = list(w)
        events: list[dict] = [{"type": "hand_start", "hand_number": self.hand_number, "dealer": self.dealer,
                               "round_wind": self.round_wind, "scores": list(self.scores)},
                              {"type": "deal", "hands": [sorted(h) for h in hands]}]
        self.phase = "turn"
        self._passes: dict | None = {"pass": 1, "wind": 0, "owed": 0}
        self._run_passes(events)
        entry["events"] = events
        self._entries.append(entry)
        return events

    def _after_passes(self, events: list[dict]) -> None:
        """The opening passes are over: ready waits, then the non-dealers' Original Call
        window (T-DEAL-4, T-ORIG-2)."""
        self._passes = None
        for i, s in enumerate(self._seats):
            if i != self.dealer:
                s.update_waits()
        self._open_original_call_window(events)

    def _dealer_first_turn(self, events: list[dict]) -> None:
        """T-TURN-1: the dealer's decision on his 17 tiles."""
        self._turn = self.dealer
        self._turn_kind = "first"
        self._open_turn(self.dealer, events)

    # ------------------------------------------------------------------ draws and turns

    def _draw(self, seat: int, events: list[dict], *, replacement: bool) -> None:
        """An ordinary (T-WALL-1) or replacement (T-WALL-2) draw, flowers resolved (T-FLOWER-3),
        then the turn decision (T-TURN-2, -3). An impossible draw ends the hand as an
        exhaustive draw (T-END-2, T-FLOWER-7)."""
        walls = self._walls
        s = self._seats[seat]
        while True:
            if not walls.live:
                self._exhaustive_draw(events)
                return
            tile = walls.replacement_draw() if replacement else walls.draw()
            events.append({"type": "draw", "seat": seat, "tile": tile, "replacement": replacement,
                           "wall_count": len(walls.live)})
            if tile < 136:
                break
            s.flowers.append(tile)  # T-FLOWER-3: exposed at once
            events.append({"type": "flower", "seat": seat, "tiles": [tile]})
            self._resume = ("play", seat)
            if self._flower_check(seat, events):
                return
            replacement = True
        s.add(tile)
        self._turn, self._drawn = seat, tile
        self._turn_kind = "replacement" if replacement else "draw"
        self._open_turn(seat, events)

    def _open_turn(self, seat: int, events: list[dict]) -> None:
        actions = self._turn_actions(seat)
        if self._seats[seat].original_call and len(actions) == 1 and actions[0].type == "discard":
            assert actions[0].tile is not None  # T-ORIG-4, P-PLAY-8: the locked drawn tile goes
            self._discard(seat, actions[0].tile, events, original_call=False, auto=True)
            return
        self._open({seat: actions}, "turn")

    def _turn_actions(self, seat: int) -> list[Action]:
        """T-TURN-1..4 options of the seat whose turn it is."""
        s = self._seats[seat]
        if self._turn_kind == "call":  # T-TURN-4: discard at once, any tile
            return discard_actions(s.hand, seat, None)
        drawn = self._drawn
        assert drawn is not None
        out: list[Action] = []
        n_sets = len(s.melds)
        if ((drawn >> 2) in s.waits if self._turn_kind != "first" else is_winning(s.counts, n_sets)):
            # T-WIN-4 self-draw (the waits of the hand before the draw; heavenly hand on T-TURN-1)
            out.append(simple_action("tsumo", seat, drawn))
        if s.original_call:  # T-ORIG-4
            out.append(_DISCARD[seat][drawn])
            return out
        if self._walls.live:  # T-KONG-2, T-KONG-3, T-WALL-3
            out.extend(self._kong_options(seat))
        discards = discard_actions(s.hand, seat, drawn)
        if self._turn_kind == "first" and seat == self.dealer:  # T-ORIG-2: the dealer's Original Call
            counts = s.counts
            held = s.held_in_melds()
            for a in discards:
                k = a.tile >> 2  # type: ignore[operator]
                counts[k] -= 1
                ok = bool(ready_kinds(counts, n_sets, held))
                counts[k] += 1
                if ok:
                    out.append(simple_action("riichi", seat, a.tile))
        out.extend(discards)
        return out

    # ------------------------------------------------------------------ turn actions

    def _apply_turn(self, a: Action, events: list[dict]) -> None:
        seat = a.seat
        if a.type in ("discard", "riichi"):
            assert a.tile is not None
            self._discard(seat, a.tile, events, original_call=a.type == "riichi", auto=False)
        elif a.type == "tsumo":
            self._win_self_draw(seat, events)
        elif a.type == "ankan":
            self._concealed_kong(seat, a.tiles, events)
        elif a.type == "shouminkan":
            assert a.tile is not None
            self._declare_added_kong(seat, a.tile, events)
        else:  # pragma: no cover - legal lists never hold other types in a turn
            raise AssertionError(a)

    def _discard(self, seat: int, tile: int, events: list[dict], *, original_call: bool, auto: bool) -> None:
        s = self._seats[seat]
        s.remove(tile)
        drawn = self._drawn
        if drawn is None or drawn >> 2 != tile >> 2 or self._turn_kind not in ("draw", "replacement"):
            # otherwise the hand has the counts it had before the draw, whose waits are kept
            s.update_waits()
        rec = {"tile": tile, "order": self._order, "tsumogiri": tile == drawn, "called": False}
        self._order += 1
        s.discards.append(rec)
        self._drawn = None
        self._last_discard = (seat, tile)
        self._last_discard_empty = not self._walls.live  # T-TAI-34
        ev = {"type": "discard", "seat": seat, "tile": tile, "tsumogiri": rec["tsumogiri"], "order": rec["order"]}
        if original_call:  # T-ORIG-2: the dealer's Original Call discard
            s.original_call = True
            ev["original_call"] = True
        if auto:
            ev["auto"] = True
        events.append(ev)
        self._open_claims(seat, tile, events, rob=False)

    def _call(self, a: Action, d: int, events: list[dict]) -> None:
        """Carry out a chow, pung or exposed kong on seat ``d``'s discard (T-CALL-3, T-TURN-4,
        T-TURN-5)."""
        s = self._seats[a.seat]
        tile = a.tile
        assert tile is not None
        for t in a.tiles:
            s.remove(t)
        meld = Meld(type=a.type, tiles=tuple(sorted(a.tiles + (tile,))), called_tile=tile, from_seat=d)
        s.melds.append(meld)
        self._seats[d].discards[-1]["called"] = True
        events.append({"type": "call", "seat": a.seat, "meld": meld.to_json()})
        self._turn = a.seat
        if a.type == "daiminkan":
            s.update_waits()
            self._kan_owners.append(a.seat)
            self._draw(a.seat, events, replacement=True)
            return
        self._turn_kind = "call"
        self._drawn = None
        self._open({a.seat: self._turn_actions(a.seat)}, "turn")
