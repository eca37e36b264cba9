"""Riichi claims on a discard or an added-kan tile: the options (ron, chi, pon, daiminkan;
R-CALL-1..4, R-CALL-8/-9, furiten R-FURITEN), their resolution by priority (R-CALL-5,
R-MULTI, R-ABORT-8 order), the called meld (R-CALL-6) and pao liability (R-PAO-1).

A mixin of ``rules_engine.riichi.table.RiichiGame``; it reads and writes the game's hand state.
"""
from __future__ import annotations

from typing import Any

from rules_engine.core.actions import Action, call_action, simple_action
from rules_engine.core.calls import chi_options, daiminkan_option, kuikae_forbidden, pon_options
from rules_engine.core.meld import Meld
from rules_engine.core.tiles import DRAGON_KINDS, WIND_KINDS
from rules_engine.game import AFTER as _AFTER


class ClaimsMixin:
    """Claim windows of ``RiichiGame`` (private methods; see ``rules_engine.riichi.table``)."""

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
