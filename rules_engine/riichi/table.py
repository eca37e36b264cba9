"""The Riichi family's hand rules on the shared table (riichi.md §3; ``rules_engine.game``).

``RiichiGame`` is the ``Game`` subclass that ``Game(preset)`` builds for a ``riichi``
preset. It implements the table's family interface (``_start_hand``, ``_apply_turn``,
``_resolve_claim``, ``_why_illegal``, ``_view``) with the Riichi deal (R-DEAL-4), draws and
replacement draws from the dead wall (R-WALL, R-KAN-4), turn options (R-TURN-2..4, riichi
R-RIICHI, kans R-KAN, kyuushu R-ABORT-1), claims by priority (R-CALL-5, R-MULTI), dora
(R-DORA-3), furiten (R-FURITEN) and pao (R-PAO-1). Hand ends live in
``rules_engine.riichi.hand_end``, refusal reasons in ``rules_engine.riichi.refusals``, the
per-seat record in ``rules_engine.riichi.seat_state``, views in ``rules_engine.riichi.views``.

Automatic steps (P-PLAY-8, R-ONLINE-3): draws, the riichi auto-discard (a riichi
player who draws and has no tsumo and no allowed ankan discards the drawn tile
at once, event ``discard`` with ``"auto": true``), tenpai judgement at a draw.
"""
from __future__ import annotations

from typing import Any

from rules_engine.core.actions import Action, call_action, simple_action
from rules_engine.core.calls import (CHOICE_KEY, ankan_options, chi_options, daiminkan_option, kuikae_forbidden,
                                     pon_options, shouminkan_options)
from rules_engine.core.hand_shape import counts34, kind_always_triplet, meld_key, waits, waits_of_counts
from rules_engine.core.meld import Meld
from rules_engine.core.shanten import shanten_recent
from rules_engine.core.tiles import DRAGON_KINDS, TERMINAL_HONOR_KINDS, WIND_KINDS
from rules_engine.riichi.wall import (DORA_INDICATOR_INDEX, LIVE_END, REPLACEMENT_INDEX, URA_INDICATOR_INDEX,
                                    check_wall, shuffled_wall)
from rules_engine.game import AFTER as _AFTER
from rules_engine.game import Game
from rules_engine.preset import Preset
from rules_engine.riichi.context import WinContext
from rules_engine.riichi.errors import NoYaku, NotWinningHand
from rules_engine.riichi.hand_end import HandEndMixin
from rules_engine.riichi.refusals import RefusalMixin
from rules_engine.riichi.scoring import evaluate
from rules_engine.riichi.seat_state import SeatState
from rules_engine.riichi.views import build_view

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


def _evaluate(ctx: Any, preset: Preset) -> Any:
    """HandResult for ``ctx`` or ``None`` when it is not a win (no shape or no yaku, R-WIN-2)."""
    try:
        return evaluate(ctx, preset)
    except (NoYaku, NotWinningHand):
        return None


class RiichiGame(HandEndMixin, RefusalMixin, Game):
    """The table playing a Riichi preset (``riichi``: East round; ``riichi-single-deal``: one
    hand); build it with ``Game.new(preset, seed)`` or ``Game(preset)``. Adds to ``Game``:
    ``dora_indicators()``, ``tenpai_without_yaku(seat)``."""

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

    # ------------------------------------------------------------------ winning

    def _win_context(self, seat: int, tile: int, *, tsumo: bool, chankan: bool = False) -> Any:
        s = self._seats[seat]
        concealed = tuple(s.hand) if tsumo else tuple(s.hand) + (tile,)
        first = tsumo and self._turn_kind == "draw" and not s.discards and self._no_calls
        final = self.live_count == 0
        return WinContext(
            concealed=concealed, melds=tuple(s.melds), win_tile=tile, tsumo=tsumo,
            seat_wind=self.seat_wind(seat), round_wind=self.round_wind,
            dora_indicators=tuple(self.dora_indicators()),
            ura_indicators=tuple(self._wall[URA_INDICATOR_INDEX[i]] for i in range(self._n_dora)) if s.riichi else (),
            riichi=s.riichi and not s.double_riichi, double_riichi=s.riichi and s.double_riichi,
            ippatsu=s.riichi and s.ippatsu,
            haitei=tsumo and self._turn_kind == "draw" and final,
            houtei=(not tsumo) and (not chankan) and final,
            rinshan=tsumo and self._turn_kind == "rinshan", chankan=chankan,
            tenhou=first and seat == self.dealer, chiihou=first and seat != self.dealer)

    def tenpai_without_yaku(self, seat: int) -> bool:
        """True when ``seat`` (0..3) is tenpai but no waiting kind gives a yaku by ron (P-PLAY-7).

        Judged on the shape and the hand's fixed yaku only: a ron on any waiting
        kind, without riichi, dora, haitei/houtei or chankan; a seat in riichi
        always has a yaku. Such a hand can still win by tsumo when closed
        (menzen tsumo). False when not tenpai or not between turns.
        """
        s = self._seats[seat]
        if len(s.hand) % 3 != 1 or not s.waits or s.riichi or s.riichi_declared:
            return False
        used = set(s.hand)
        for m in s.melds:
            used.update(m.tiles)
        melds = tuple(s.melds)
        for kind in s.waits:
            tile = next((t for t in (4 * kind + 1, 4 * kind + 2, 4 * kind + 3, 4 * kind) if t not in used), None)
            if tile is None:
                continue
            ctx = WinContext(concealed=tuple(s.hand) + (tile,), melds=melds, win_tile=tile, tsumo=False,
                             seat_wind=self.seat_wind(seat), round_wind=self.round_wind)
            if _evaluate(ctx, self.preset) is not None:
                return False
        return True

    def _win_result(self, seat: int, tile: int, *, tsumo: bool, chankan: bool = False) -> Any:
        return _evaluate(self._win_context(seat, tile, tsumo=tsumo, chankan=chankan), self.preset)

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

    def _open_claims(self, discarder: int, tile: int, events: list[dict], *, chankan: bool) -> None:
        """Offer responses to a discard (R-TURN-6) or an added-kan tile (R-KAN-5)."""
        kind = tile >> 2
        calls = not chankan and self._live_end != self._live_pos  # R-CALL-8: none on the last tile
        legal: dict[int, list[Action]] = {}
        wins: dict[int, Any] = {}
        order = _AFTER[discarder]
        seats = self._seats
        for seat in order:
            s = seats[seat]
            ron = kind in s.waits and not s.furiten()
            if not ron and (not calls or s.riichi or (s.kinds[kind] < 2 and (kind >= 27 or seat != order[0]))):
                continue  # nothing to offer: the common case, decided without building options
            opts: list[Action] = []
            if ron:
                res = self._win_result(seat, tile, tsumo=False, chankan=chankan)
                if res is not None:
                    wins[seat] = res
                    opts.append(simple_action("ron", seat, tile))
            if calls and not s.riichi:  # R-CALL-8, R-CALL-9
                hand = s.hand
                kc = s.kinds
                if kind < 27 and seat == order[0]:
                    # a chi needs both other kinds of some sequence of the same suit (R-CALL-1)
                    num = kind % 9
                    lo = num >= 1 and kc[kind - 1]
                    hi = num <= 7 and kc[kind + 1]
                    if ((lo and (hi or (num >= 2 and kc[kind - 2])))
                            or (hi and num <= 6 and kc[kind + 2])):
                        opts.extend([call_action("chi", seat, tile, own) for own in chi_options(hand, tile)])
                same = kc[kind]
                if same >= 2:
                    opts.extend([call_action("pon", seat, tile, own) for own in pon_options(hand, tile)])
                if same == 3 and len(self._kan_owners) < self.preset.max_kans:
                    own = daiminkan_option(s.hand, tile)
                    if own is not None:
                        opts.append(call_action("daiminkan", seat, tile, own))
            if opts:
                opts.append(simple_action("pass", seat, None))
                legal[seat] = opts
        self._claim = {"discarder": discarder, "tile": tile, "chankan": chankan, "wins": wins}
        if legal:
            self._open(legal, "claim")
        elif self._hold_empty_claims:
            self._open({}, "claim")  # look-ahead only (empty_claim_window_views)
        else:
            # P-FAIR-6: a window nobody can answer still counts as a decision point, so ``seq``
            # steps alike whether or not anyone could call (a jump would tell that someone could).
            self.seq += 1
            self._legal, self._answers = {}, {}
            self._resolve_claim(events)

    def _resolve_claim(self, events: list[dict]) -> None:
        """R-CALL-5 priority, R-MULTI, R-ABORT-8 order: ron, then aborts, then calls."""
        claim = self._claim
        assert claim is not None
        d, tile, chankan = claim["discarder"], claim["tile"], claim["chankan"]
        answers = self._answers
        self._legal, self._answers = {}, {}
        order = _AFTER[d]
        rons = [s for s in order if s in answers and answers[s].type == "ron"] if answers else None
        if rons:
            if self.preset.multi_ron == "head_bump":  # R-MULTI-4
                rons = rons[:1]
            elif (self.preset.multi_ron == "double" and len(rons) >= 3
                  and "sanchahou" in self.preset.abortive_draws):  # R-MULTI-3
                self._seats[d].riichi_declared = False  # R-ABORT-5
                self._abort("sanchahou", events, reveal=rons)
                return
            self._win_ron(rons, d, tile, chankan, claim["wins"], events)
            return
        kind = tile >> 2
        seats = self._seats
        for seat in order:  # R-FURITEN-3 / -4: a passed completing tile
            s = seats[seat]
            if kind in s.waits:
                s.temp_furiten = True
                if s.riichi:
                    s.riichi_furiten = True
        if chankan:
            self._complete_shouminkan(d, tile, events)
            return
        ds = seats[d]
        if ds.riichi_declared:  # R-RIICHI-4
            ds.riichi_declared = False
            ds.riichi = True
            ds.ippatsu = True
            ds.deposits_posted += 1
            self.scores[d] -= 1000
            self.deposits += 1000
            events.append({"type": "riichi_established", "seat": d, "double": ds.double_riichi,
                           "scores": list(self.scores), "deposits": self.deposits})
            if "suucha_riichi" in self.preset.abortive_draws and all(x.riichi for x in self._seats):
                self._abort("suucha_riichi", events)  # R-ABORT-3
                return
        if self._suukaikan:  # R-ABORT-4
            self._abort("suukaikan", events)
            return
        if self._live_end == self._live_pos:  # R-WALL-7 (L = 0)
            self._exhaustive_draw(events)
            return
        if not answers:
            self._draw((d + 1) % 4, events, rinshan=False)
            return
        call = next((answers[s] for s in order if s in answers and answers[s].type in ("pon", "daiminkan")), None)
        if call is None:
            call = next((answers[s] for s in order if s in answers and answers[s].type == "chi"), None)
        if call is None:
            self._draw((d + 1) % 4, events, rinshan=False)
        else:
            self._call(call, d, events)

    def _interrupt(self) -> None:
        """Any call ends the first go-around and every ippatsu window (R-FIRST-1, R-FIRST-2)."""
        self._no_calls = False
        for x in self._seats:
            x.ippatsu = False

    def _call(self, a: Action, d: int, events: list[dict]) -> None:
        """Carry out chi, pon or daiminkan on seat ``d``'s discard (R-CALL-1..3, R-CALL-6)."""
        s = self._seats[a.seat]
        tile = a.tile
        assert tile is not None
        for t in a.tiles:
            s.remove_tile(t)
        meld = Meld(type=a.type, tiles=tuple(sorted(a.tiles + (tile,))), called_tile=tile, from_seat=d)
        s.melds.append(meld)
        ds = self._seats[d]
        ds.discards[-1]["called"] = True
        ds.nagashi = False
        self._interrupt()
        events.append({"type": "call", "seat": a.seat, "meld": meld.to_json()})
        if a.type in ("pon", "daiminkan"):
            self._check_pao(a.seat, tile >> 2, d)
        self._turn = a.seat
        if a.type == "daiminkan":
            self._kan_done(a.seat, events, deferred=True)
            return
        self._turn_kind = "call"
        self._drawn = None
        self._kuikae = kuikae_forbidden(a.type, tile, a.tiles)
        self._open({a.seat: self._turn_actions(a.seat)}, "turn")

    def _check_pao(self, seat: int, kind: int, discarder: int) -> None:
        """R-PAO-1: third dragon set / fourth wind set completed by a pon or minkan."""
        s = self._seats[seat]
        set_kinds = {m.kind for m in s.melds if m.type != "chi"}
        if kind in DRAGON_KINDS and all(k in set_kinds for k in DRAGON_KINDS):
            s.liable["daisangen"] = discarder
        if kind in WIND_KINDS and all(k in set_kinds for k in WIND_KINDS):
            s.liable["daisuushii"] = discarder

    # ------------------------------------------------------------------ kans

    def _kan_done(self, seat: int, events: list[dict], *, deferred: bool) -> None:
        """A kan is completed: count it, dora per R-DORA-3, R-ABORT-4 check, replacement draw."""
        self._kan_owners.append(seat)
        if deferred and self.preset.kan_dora_timing == "deferred_open":
            self._pending_dora += 1
        else:
            self._reveal_dora(events)
        if (len(self._kan_owners) == 4 and len(set(self._kan_owners)) > 1
                and "suukaikan" in self.preset.abortive_draws):
            self._suukaikan = True
        s = self._seats[seat]
        self._update_waits(s)
        self._draw(seat, events, rinshan=True)

    def _ankan(self, seat: int, four: tuple[int, ...], events: list[dict]) -> None:
        s = self._seats[seat]
        for t in four:
            s.remove_tile(t)
        s.melds.append(Meld(type="ankan", tiles=tuple(sorted(four))))
        self._interrupt()
        events.append({"type": "ankan", "seat": seat, "tiles": list(four)})
        self._reveal_pending(events)  # R-DORA-3: an earlier pending indicator first
        self._kan_done(seat, events, deferred=False)

    def _declare_shouminkan(self, seat: int, tile: int, events: list[dict]) -> None:
        s = self._seats[seat]
        s.remove_tile(tile)
        events.append({"type": "shouminkan", "seat": seat, "tile": tile})
        self._reveal_pending(events)  # R-DORA-3 (an earlier minkan's indicator)
        self._kakan = (seat, tile)
        self._drawn = None
        self._open_claims(seat, tile, events, chankan=True)  # R-KAN-5

    def _complete_shouminkan(self, seat: int, tile: int, events: list[dict]) -> None:
        s = self._seats[seat]
        i = next(i for i, m in enumerate(s.melds) if m.type == "pon" and m.kind == tile >> 2)
        pon = s.melds[i]
        s.melds[i] = Meld(type="shouminkan", tiles=tuple(sorted(pon.tiles + (tile,))), called_tile=pon.called_tile,
                          from_seat=pon.from_seat, added_tile=tile)
        self._kakan = None
        self._interrupt()
        events.append({"type": "kan_completed", "seat": seat, "meld": s.melds[i].to_json()})
        self._kan_done(seat, events, deferred=True)
