"""The Riichi family's hand rules on the shared table (riichi.md §3; ``rules_engine.game``).

``RiichiGame`` is the ``Game`` subclass that ``Game(preset)`` builds for a ``riichi``
preset. It implements the table's family interface (``_start_hand``, ``_apply_turn``,
``_resolve_claim``, ``_why_illegal``, ``_view``) with the Riichi deal (R-DEAL-4), draws and
replacement draws from the dead wall (R-WALL, R-KAN-4), turn options (R-TURN-2..4, riichi
R-RIICHI, kans R-KAN, kyuushu R-ABORT-1), claims by priority (R-CALL-5, R-MULTI), dora
(R-DORA-3), furiten (R-FURITEN) and pao (R-PAO-1). This module holds the deal, draws, turn
options, discards and dora; claims are in ``rules_engine.riichi.claims``, kans in
``riichi.kans``, win checks in ``riichi.winning``, hand ends in ``riichi.hand_end``,
refusal reasons in ``riichi.refusals``, the per-seat record in ``riichi.seat_state`` and
views in ``riichi.views``.

Automatic steps (P-PLAY-8, R-ONLINE-3): draws, the riichi auto-discard (a riichi
player who draws and has no tsumo and no allowed ankan discards the drawn tile
at once, event ``discard`` with ``"auto": true``), tenpai judgement at a draw.
"""
from __future__ import annotations

from rules_engine.core.actions import Action, simple_action
from rules_engine.core.calls import CHOICE_KEY, ankan_options, shouminkan_options
from rules_engine.core.hand_shape import counts34, kind_always_triplet, meld_key, waits, waits_of_counts
from rules_engine.core.shanten import shanten_recent
from rules_engine.core.tiles import TERMINAL_HONOR_KINDS, WIND_KINDS
from rules_engine.game import Game
from rules_engine.riichi.claims import ClaimsMixin
from rules_engine.riichi.hand_end import HandEndMixin
from rules_engine.riichi.kans import KansMixin
from rules_engine.riichi.refusals import RefusalMixin
from rules_engine.riichi.seat_state import SeatState
from rules_engine.riichi.views import build_view
from rules_engine.riichi.wall import DORA_INDICATOR_INDEX, LIVE_END, REPLACEMENT_INDEX, check_wall, shuffled_wall
from rules_engine.riichi.winning import WinningMixin

_YAOCHUU = tuple(TERMINAL_HONOR_KINDS)
_NO_MELDS = (0,) * 34
_NO_WAITS: frozenset[int] = frozenset()
_NO_KINDS: frozenset[int] = frozenset()
"""No kuikae-forbidden kinds (one shared empty set)."""
_DEAL_INDEX = tuple(tuple([16 * r + 4 * j + c for r in range(3) for c in range(4)] + [48 + j]) for j in range(4))
"""``_DEAL_INDEX[j]``: wall indices of the 13 tiles dealt to ``P_j`` (R-DEAL-4)."""
_DISCARD = tuple(tuple(simple_action("discard", seat, t) for t in range(136)) for seat in range(4))
"""``_DISCARD[seat][tile]``: the shared discard actions (the same objects ``simple_action`` gives)."""


def _discard_actions(hand: list[int], seat: int, drawn: int | None, forbidden: frozenset[int] = _NO_KINDS
                     ) -> list[Action]:
    """``[_DISCARD[seat][t] for t in calls.discard_choices(hand, forbidden, drawn)]`` in one pass;
    ``drawn`` (a tile id or ``None``) must be in ``hand``.

    In id order a choice's ids (a kind's ordinary copies, or one red five) are adjacent, so a
    choice is the first id of its run; the drawn tile is added where it stands when it is not.
    """
    mine = _DISCARD[seat]
    key = CHOICE_KEY
    out: list[Action] = []
    last = -1
    if forbidden:
        for t in sorted(hand):
            k = key[t]
            if k != last:
                last = k
                if (t >> 2) not in forbidden:
                    out.append(mine[t])
            elif t == drawn and (t >> 2) not in forbidden:
                out.append(mine[t])
    else:
        for t in sorted(hand):
            k = key[t]
            if k != last:
                last = k
                out.append(mine[t])
            elif t == drawn:
                out.append(mine[t])
    return out


class RiichiGame(HandEndMixin, ClaimsMixin, KansMixin, WinningMixin, RefusalMixin, Game):
    """The table playing a Riichi preset (``riichi``: East round; ``riichi-single-deal``: one
    hand); build it with ``Game.new(preset, seed)`` or ``Game(preset)``. Adds to ``Game``:
    ``dora_indicators()``, ``tenpai_without_yaku(seat)`` (``WinningMixin``).

    This module holds the deal, draws, turn options, discards and dora; the mixins hold
    claims (``riichi.claims``), kans (``riichi.kans``), win checks (``riichi.winning``),
    hand ends (``riichi.hand_end``) and refusal reasons (``riichi.refusals``)."""

    FAMILY = "riichi"
    CLAIM_OPENERS = ("discard", "riichi", "shouminkan")

    def _view(self, seat: int | None) -> dict:
        return build_view(self, seat)

    def dora_indicators(self) -> list[int]:
        """Revealed dora indicator ids ``I1..`` (R-DORA-2, R-DORA-3)."""
        return [self._wall[DORA_INDICATOR_INDEX[i]] for i in range(self._n_dora)]

    # ------------------------------------------------------------------ hand start

    def _start_hand(self, seed: int, wall: list[int] | None) -> list[dict]:
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError(f"seed must be an int, got {seed!r}")
        w = check_wall(wall) if wall is not None else shuffled_wall(seed)
        assert self._next is not None
        self.hand_number, self.dealer, self.honba = self._next
        self.round_wind = self.hand_number // 4  # R-DEAL-2: East round (South in hands 5-8)
        self._wall = w
        self._live_pos = 52
        self._live_end = LIVE_END
        self._n_repl = 0
        self._n_dora = 1
        self._pending_dora = 0
        self._kan_owners: list[int] = []
        self._suukaikan = False
        self._no_calls = True
        self._order = 0
        self._turn = self.dealer
        self._turn_kind = "draw"
        self._drawn: int | None = None
        self._kuikae: frozenset[int] = _NO_KINDS
        self._claim: dict | None = None
        self._last_discard: tuple[int, int] | None = None
        self._kakan: tuple[int, int] | None = None
        self.hand_result = None
        self._legal = {}
        self._answers = {}
        hands: list[list[int]] = [[], [], [], []]
        for j in range(4):  # R-DEAL-4: P0 = dealer ... P3
            hands[(self.dealer + j) % 4] = [w[i] for i in _DEAL_INDEX[j]]
        self._seats = [SeatState(h) for h in hands]
        for s in self._seats:
            self._update_waits(s)
        entry: dict = {"type": "hand", "seed": seed}
        if wall is not None:
            entry["wall"] = list(w)
        events: list[dict] = [{"type": "hand_start", "hand_number": self.hand_number, "dealer": self.dealer,
                               "honba": self.honba, "deposits": self.deposits, "scores": list(self.scores),
                               "dora_indicator": w[DORA_INDICATOR_INDEX[0]]},
                              {"type": "deal", "hands": [sorted(h) for h in hands]}]
        self.phase = "turn"
        self._draw(self.dealer, events, rinshan=False)
        entry["events"] = events
        self._entries.append(entry)
        return events

    def _draw(self, seat: int, events: list[dict], *, rinshan: bool) -> None:
        """Live draw (R-TURN-1) or replacement draw (R-KAN-4, R-WALL-4), then the turn decision."""
        s = self._seats[seat]
        if rinshan:
            tile = self._wall[REPLACEMENT_INDEX[self._n_repl]]
            self._n_repl += 1
            self._live_end -= 1
        else:
            tile = self._wall[self._live_pos]
            self._live_pos += 1
        s.add_tile(tile)
        s.temp_furiten = False  # R-FURITEN-3 ends at the next draw
        self._turn, self._drawn, self._kuikae = seat, tile, _NO_KINDS
        self._turn_kind = "rinshan" if rinshan else "draw"
        events.append({"type": "draw", "seat": seat, "tile": tile, "rinshan": rinshan,
                       "wall_count": self._live_end - self._live_pos})
        self._open_turn(seat, events)

    def _open_turn(self, seat: int, events: list[dict]) -> None:
        actions = self._turn_actions(seat)
        s = self._seats[seat]
        if s.riichi and len(actions) == 1 and actions[0].type == "discard":
            # R-RIICHI-6 / P-PLAY-8: automatic discard of the drawn tile
            self._discard(seat, actions[0].tile, events, riichi=False, auto=True)  # type: ignore[arg-type]
            return
        self._open({seat: actions}, "turn")

    def _turn_actions(self, seat: int) -> list[Action]:
        """R-TURN-2/-3/-4 options of the seat whose turn it is."""
        s = self._seats[seat]
        if self._turn_kind == "call":  # R-TURN-4
            return _discard_actions(s.hand, seat, None, self._kuikae)
        out: list[Action] = []
        drawn = self._drawn
        assert drawn is not None
        if (drawn >> 2) in s.waits and self._win_result(seat, drawn, tsumo=True) is not None:
            out.append(simple_action("tsumo", seat, drawn))
        # R-KAN-3: kans left and L >= 1
        can_kan = len(self._kan_owners) < self.preset.max_kans and self._live_end > self._live_pos
        if s.riichi:
            if can_kan and self.preset.kans_after_riichi == "ankan_keep_waits":
                four = tuple(sorted(t for t in s.hand if t >> 2 == drawn >> 2))
                if len(four) == 4 and self._riichi_ankan_ok(s, drawn):
                    out.append(Action("ankan", seat, None, four))
            out.append(_DISCARD[seat][drawn])
            return out
        hand = s.hand
        counts = s.kinds
        if (not s.discards and self._no_calls and self._turn_kind == "draw"
                and "kyuushu_kyuuhai" in self.preset.abortive_draws
                and sum(1 for k in _YAOCHUU if counts[k]) >= 9):  # R-ABORT-1
            out.append(Action("kyuushu", seat))
        if can_kan:
            if 4 in counts:
                out.extend(Action("ankan", seat, None, four) for four in ankan_options(hand))
            if s.melds:
                out.extend(Action("shouminkan", seat, t) for t in shouminkan_options(hand, s.melds))
        discards = _discard_actions(hand, seat, drawn)
        if (s.shanten <= 1 and s.is_closed and self.scores[seat] >= 1000
                and self._live_end - self._live_pos >= 4
                and shanten_recent(bytes(counts), len(hand)) <= 0):
            # R-RIICHI-1: some discard may leave the hand tenpai; the answer depends only on the
            # discarded kind, so each kind is asked once (waits of the 13-3m rest, R-TENPAI-1)
            # With no melds and no kind held four times no wait can be excluded (TV-06 (a)), so the
            # rest has waits exactly when its shanten is 0; otherwise the waits are looked up.
            melds = meld_key(s.meld_tiles()) if s.melds else None
            counts = list(counts)
            n = len(hand) - 1
            tenpai_after: dict[int, bool] = {}
            for a in discards:
                t = a.tile
                assert t is not None
                k = t >> 2
                ok = tenpai_after.get(k)
                if ok is None:
                    counts[k] -= 1
                    if shanten_recent(bytes(counts), n) != 0:
                        ok = False
                    elif melds is None and 4 not in counts:
                        ok = True
                    else:
                        ok = bool(waits_of_counts(tuple(counts), melds or _NO_MELDS))
                    tenpai_after[k] = ok
                    counts[k] += 1
                if ok:
                    out.append(simple_action("riichi", seat, t))
        if not out:
            return discards
        out.extend(discards)
        return out

    @staticmethod
    def _update_waits(s: SeatState) -> None:
        """Set ``s.shanten`` and ``s.waits = waits(s.hand, s.meld_tiles())`` of the seat's
        ``13 - 3m`` hand (R-TENPAI-1); waits are looked for only when the hand is tenpai."""
        s.shanten = sh = shanten_recent(bytes(s.kinds), len(s.hand))
        s.waits = (waits_of_counts(tuple(s.kinds), meld_key(s.meld_tiles()) if s.melds else _NO_MELDS)
                   if sh == 0 else _NO_WAITS)

    def _riichi_ankan_ok(self, s: SeatState, drawn: int) -> bool:
        """R-RIICHI-7 conditions 2–4 for an ankan of the drawn tile's kind."""
        kind = drawn >> 2
        before = [t for t in s.hand if t != drawn]
        after = [t for t in s.hand if t >> 2 != kind]
        new_meld_tiles = s.meld_tiles() + [t for t in s.hand if t >> 2 == kind]
        if waits(after, new_meld_tiles) != s.waits or not s.waits:
            return False
        base = counts34(before)
        for w in s.waits:
            base[w] += 1
            ok = kind_always_triplet(base, kind)
            base[w] -= 1
            if not ok:
                return False
        return True

    # ------------------------------------------------------------------ turn actions

    def _apply_turn(self, a: Action, events: list[dict]) -> None:
        seat = a.seat
        if a.type in ("discard", "riichi"):
            assert a.tile is not None
            self._discard(seat, a.tile, events, riichi=a.type == "riichi", auto=False)
        elif a.type == "tsumo":
            self._win_tsumo(seat, events)
        elif a.type == "ankan":
            self._ankan(seat, a.tiles, events)
        elif a.type == "shouminkan":
            assert a.tile is not None
            self._declare_shouminkan(seat, a.tile, events)
        elif a.type == "kyuushu":
            events.append({"type": "kyuushu", "seat": seat})
            self._abort("kyuushu_kyuuhai", events, reveal=[seat])
        else:  # pragma: no cover - legal lists never hold other types in a turn
            raise AssertionError(a)

    def _reveal_dora(self, events: list[dict]) -> None:
        if self._n_dora < 5:
            self._n_dora += 1
            events.append({"type": "dora", "indicator": self._wall[DORA_INDICATOR_INDEX[self._n_dora - 1]]})

    def _reveal_pending(self, events: list[dict]) -> None:
        while self._pending_dora:
            self._pending_dora -= 1
            self._reveal_dora(events)

    def _discard(self, seat: int, tile: int, events: list[dict], *, riichi: bool, auto: bool) -> None:
        s = self._seats[seat]
        s.remove_tile(tile)
        drawn = self._drawn
        tsumogiri = tile == drawn
        if s.riichi:
            s.ippatsu = False  # R-FIRST-2: the window ends with the declarer's next discard
        rec = s.add_discard(tile, riichi=riichi, tsumogiri=tsumogiri, order=self._order)
        self._order += 1
        if riichi:
            s.riichi_declared = True
            s.double_riichi = len(s.discards) == 1 and self._no_calls  # R-FIRST-3
        if drawn is None or drawn >> 2 != tile >> 2:
            # otherwise the rest has the counts of the hand before the draw, whose waits are kept
            self._update_waits(s)
        self._drawn = None
        self._kuikae = _NO_KINDS
        self._last_discard = (seat, tile)
        ev = {"type": "riichi" if riichi else "discard", "seat": seat, "tile": tile, "tsumogiri": tsumogiri,
              "order": rec["order"]}
        if auto:
            ev["auto"] = True
        events.append(ev)
        if self._pending_dora:
            self._reveal_pending(events)  # R-DORA-3: pending open/added-kan indicator
        if (self._no_calls and self._order == 4 and "suufon_renda" in self.preset.abortive_draws
                and all(len(x.discards) == 1 for x in self._seats)
                and len({x.discards[0]["tile"] >> 2 for x in self._seats}) == 1
                and (tile >> 2) in WIND_KINDS):  # R-ABORT-2
            self._abort("suufon_renda", events)
            return
        self._open_claims(seat, tile, events, chankan=False)

    def _interrupt(self) -> None:
        """Any call ends the first go-around and every ippatsu window (R-FIRST-1, R-FIRST-2)."""
        self._no_calls = False
        for x in self._seats:
            x.ippatsu = False
