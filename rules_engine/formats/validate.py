"""Independent validation of our exports with jansou (issue 13 item 2; test and benchmark only).

``python -m rules_engine.formats.validate --games 1000 [--seed S] [--jobs J]`` plays simulated games
(mixed computer policies, plus scripted hands that guarantee the rare endings), exports each to
tenhou.net/6 JSON and to mjai, reads both back with **jansou** (an independent open-source Riichi
library from PyPI, pinned in the ``test`` extras; it is not used anywhere else) and checks the
recorded results against jansou's own computation. Prints the games covered by ending kind and every
disagreement; the last line is a JSON summary. Exit status 1 on any disagreement. Rule choices of ours
that jansou cannot express are settled by the validator itself and listed in ``KNOWN_DIFFERENCES``
with their rule IDs; jansou's own limitations worked around in ``JANSOU_WORKAROUNDS``.

Checks per game (each message names the hand as ``game g hand h``):
- both documents parse: jansou rebuilds the turn order, hands and calls of every hand from the tenhou
  lists (it fails when a call does not fit) and replays the mjai stream;
- every win: jansou's scorer (its own hand decomposition, yaku, fu, dora; riichi, ippatsu, haitei,
  houtei, rinshan, chankan, tenhou/chiihou inferred by its replay) gives the recorded value and fu
  (``jansou.validation.check.check_win``), and the recorded deltas equal the ones computed from
  jansou's payment (honba, deposits, nearest-winner bonuses R-MULTI-2, pao R-PAO-3..-5);
- every exhaustive draw: tenpai judged by jansou's waits on the replayed hands, nagashi qualification on
  the replayed discards, and the noten / nagashi deltas (R-DRAW-3, R-NAGASHI-2); abortive draws pay
  nothing (R-ABORT-6) and the kind's condition holds on the replayed hands (kyuushu, four winds, four
  riichi, four kans);
- the score chain: each hand's start scores and deposits are the previous hand's settlement by jansou
  (``settled_scores``, ``leftover_deposits``), and the final scores its ``settled_final_scores``;
- mjai and tenhou6 agree: the same hands, events and win values.
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from dataclasses import replace
from typing import Any, Callable

from rules_engine.ai import simple_player
from rules_engine.core.actions import Action
from rules_engine.core.seed import derive_seed
from rules_engine.formats.mjai import game_events
from rules_engine.formats.tenhou6 import game_to_tenhou6
from rules_engine.game import Game
from rules_engine.preset import Preset, get_preset
from rules_engine.riichi.scenario import act, pass_all, scenario, tsumogiri
from rules_engine.riichi.views import decision_view

KNOWN_DIFFERENCES: dict[str, str] = {
    "R-DRAW-5": "riichi-single-deal returns the riichi deposits after a draw; jansou's rules have no such "
                "switch (it carries them and gives the rest to first place), and tenhou6 has no place for "
                "returned deposits: for a preset with deposits_after_draw='return' the validator settles "
                "the final scores by returning them to their owners itself.",
}
"""Rule choices of ours that jansou cannot express, by the rule ID that justifies our value, with how the
validator accounts for them. Every other disagreement found was a bug of ours and has been fixed."""

JANSOU_WORKAROUNDS: dict[str, str] = {
    "kan dora and voided riichi": "jansou's tenhou reader appends kan dora indicators after a hand's "
                                  "events, so its settlement misreads a ron on a riichi declaration "
                                  "discard (R-RIICHI-3) as a banked deposit when the hand had a kan; the "
                                  "validator settles on the events without the indicators.",
}
"""Limitations of jansou 0.14.0 itself that the validator works around (not differences of ours)."""


# ------------------------------------------------------------------ jansou side

def jansou_rules(preset: Preset) -> Any:
    """jansou ``Rules`` equal to our preset's switches that scoring and settlement read (R-PRESET)."""
    from jansou.core.rules import Rules
    from jansou.core.tiles import Wind
    return Rules(
        starting_points=preset.starting_points,
        game_length=Wind.EAST if preset.game_format in ("east", "single") else Wind.SOUTH,
        honba_value=100 if preset.honba else 0,
        double_wind_fu=4,                       # R-FU-6
        kiriage_mangan=preset.kiriage_mangan, kazoe_yakuman=preset.kazoe_yakuman,
        multiple_yakuman=True, double_yakuman=preset.double_yakuman,
        aka_dora=bool(preset.red_fives), kuitan=preset.open_tanyao,
        multiple_ron=preset.multi_ron != "head_bump",
        closed_kan_indicator_immediate=True,
        open_kan_indicator_immediate=preset.kan_dora_timing == "immediate",
        kuikae_ban=True, nagashi_mangan=preset.nagashi_mangan,
        kokushi_ankan_chankan=preset.ankan_robbable_by_kokushi,
        abort_kyuushu_kyuuhai="kyuushu_kyuuhai" in preset.abortive_draws,
        abort_suufon_renda="suufon_renda" in preset.abortive_draws,
        abort_suucha_riichi="suucha_riichi" in preset.abortive_draws,
        abort_suukaikan="suukaikan" in preset.abortive_draws,
        abort_sanchahou="sanchahou" in preset.abortive_draws,
        pao_honba_to_liable=False,              # R-PAO-5: on ron the discarder pays the honba
        leftover_deposits_to_first=preset.deposits_at_end == "first_place",
    )


def _up100(x: int) -> int:
    return -(-x // 100) * 100


def _win_deltas(score: Any, agari: Any, dealer: int, honba: int, sticks: int, pao_scope: str,
                double_yakuman: bool) -> list[int]:
    """Deltas of one win from jansou's ``ScoreResult`` (R-PAY, R-MULTI-2, R-PAO-3..-5)."""
    p = score.payment
    w, frm = agari.winner, agari.from_seat
    d = [0, 0, 0, 0]
    liable = agari.liable_seat
    covered_base = 0
    if liable is not None:
        names = {y.yaku.name.lower() for y in score.yaku}
        if pao_scope == "whole_hand":
            covered_base = score.base
        else:
            if "daisangen" in names:
                covered_base += 8000
            if "daisuushi" in names or "daisuushii" in names:
                covered_base += 16000 if double_yakuman else 8000
    if agari.is_tsumo:
        if liable is None:
            for s in range(4):
                if s != w:
                    pay = (p.tsumo_dealer if s == dealer else p.tsumo_non_dealer) + 100 * honba
                    d[s] -= pay
                    d[w] += pay
        else:  # R-PAO-4: the liable player pays the covered amount and every honba
            covered = covered_base * (6 if w == dealer else 4)
            rest = score.base - covered_base
            d[liable] -= covered + 300 * honba
            d[w] += covered + 300 * honba
            for s in range(4):
                if s != w and rest:
                    pay = _up100(rest * (2 if (s == dealer or w == dealer) else 1))
                    d[s] -= pay
                    d[w] += pay
    else:
        mult = 6 if w == dealer else 4
        if liable is None or liable == frm:
            d[frm] -= p.ron + 300 * honba
        else:  # R-PAO-5: the covered amount split, the discarder pays the rest and the honba
            covered = covered_base * mult
            half = covered // 2
            d[liable] -= half
            d[frm] -= p.ron - half + 300 * honba
        d[w] += p.ron + 300 * honba
    d[w] += 1000 * sticks
    return d


class _Replay:
    """Each seat's concealed tiles, melds and discards through a jansou round's events."""

    def __init__(self, round_log: Any) -> None:
        from jansou.core.hand import MeldType
        from jansou.io.paifu import Call, Discard, DoraReveal, Draw
        self.concealed = [list(h) for h in round_log.hands]
        self.melds: list[list] = [[], [], [], []]
        self.discards: list[list] = [[], [], [], []]  # [tile, called]
        self.riichi = [False] * 4
        self.kans: list[int] = []
        self.first_discards: list = []
        self.any_call = False
        for ev in round_log.events:
            if isinstance(ev, Draw):
                self.concealed[ev.seat].append(ev.tile)
            elif isinstance(ev, Discard):
                self.concealed[ev.seat].remove(ev.tile)
                self.discards[ev.seat].append([ev.tile, False])
                if ev.riichi:
                    self.riichi[ev.seat] = True
                if len(self.first_discards) < 4 and not self.any_call:
                    self.first_discards.append(ev.tile)
            elif isinstance(ev, Call):
                m = ev.meld
                self.any_call = True
                if m.type is MeldType.SHOUMINKAN:
                    self.concealed[ev.seat].remove(m.added)
                    i = next(i for i, x in enumerate(self.melds[ev.seat])
                             if x.type is MeldType.PON and x.tiles[0].kind is m.tiles[0].kind)
                    self.melds[ev.seat][i] = m
                else:
                    own = list(m.tiles)
                    if m.called is not None:
                        own.remove(m.called)
                        last = next((ds[-1] for ds in self.discards if ds and ds[-1][0] == m.called), None)
                        if last is not None:
                            last[1] = True
                    for t in own:
                        self.concealed[ev.seat].remove(t)
                    self.melds[ev.seat].append(m)
                if m.is_kan:
                    self.kans.append(ev.seat)
            elif isinstance(ev, DoraReveal):
                pass

    def tenpai(self, seat: int) -> bool:
        """R-TENPAI-1/-2 judged by jansou's waits (a riichi seat is tenpai)."""
        from jansou.analysis.waits import waits
        from jansou.core.hand import Hand
        if self.riichi[seat]:
            return True
        return bool(waits(Hand(tuple(self.concealed[seat]), tuple(self.melds[seat]))))

    def nagashi(self, seat: int) -> bool:
        """R-NAGASHI-1 on the replayed discards."""
        ds = self.discards[seat]
        return bool(ds) and all(t.is_yaochuu and not called for t, called in ds)


def _draw_deltas(rep: _Replay, dealer: int, kind: str) -> list[int]:
    if kind == "nm":
        d = [0, 0, 0, 0]
        for s in range(4):
            if rep.nagashi(s):
                for o in range(4):
                    if o != s:
                        pay = 4000 if (s == dealer or o == dealer) else 2000
                        d[o] -= pay
                        d[s] += pay
        return d
    tenpai = [rep.tenpai(s) for s in range(4)]
    t = sum(tenpai)
    if t in (0, 4):
        return [0, 0, 0, 0]
    return [3000 // t if x else -3000 // (4 - t) for x in tenpai]


_TENHOU_ABORTS = {"九種九牌": "kyuushu_kyuuhai", "四風連打": "suufon_renda", "四家立直": "suucha_riichi",
                  "四槓散了": "suukaikan", "三家和了": "sanchahou"}


def check_documents(tenhou: dict, mjai_lines: list[dict], preset: Preset, *, label: str = "") -> list[str]:
    """Every disagreement between jansou and the two exported documents of one game (see the module
    docstring); ``[]`` when jansou agrees with everything."""
    from jansou.io.mjai import parse_mjai
    from jansou.io.paifu import Ryuukyoku, settled_final_scores, settled_scores
    from jansou.io.tenhou_json import parse_tenhou_json

    rules = jansou_rules(preset)
    problems: list[str] = []
    try:
        tp = parse_tenhou_json(json.dumps(tenhou, ensure_ascii=False))
    except Exception as exc:  # noqa: BLE001 - any failure to read is a disagreement to report
        return [f"{label}tenhou6: jansou cannot read it: {type(exc).__name__}: {exc}"]
    try:
        mp = parse_mjai("\n".join(json.dumps(e) for e in mjai_lines) + "\n")
    except Exception as exc:  # noqa: BLE001
        return [f"{label}mjai: jansou cannot read it: {type(exc).__name__}: {exc}"]
    tp = replace(tp, rules=rules)
    # jansou's tenhou reader appends the kan dora indicators after a hand's events (tenhou6 does not
    # say when they were turned), and its settlement looks at the LAST event to see whether a ron took
    # a riichi declaration discard; with a kan in the hand that reads a voided riichi (R-RIICHI-3) as
    # banked. Settle on the events without the indicators (they do not move points).
    settle = tuple(replace(r, events=tuple(e for e in r.events if type(e).__name__ != "DoraReveal"))
                   for r in tp.rounds)
    if len(tp.rounds) != len(mp.rounds):
        problems.append(f"{label}tenhou6 has {len(tp.rounds)} hands, mjai {len(mp.rounds)}")
    for h, rnd in enumerate(tp.rounds):
        where = f"{label}hand {h}: "
        try:
            problems += _check_round(h, rnd, tp, mp, settle, tenhou, preset, rules, where)
        except Exception as exc:  # noqa: BLE001 - a replay that breaks is a disagreement to report
            problems.append(f"{where}jansou's replay fails: {type(exc).__name__}: {exc}")
    if "sc" in tenhou and tp.rounds:
        final = list(settled_final_scores(settle, rules))
        last = settle[-1]
        if preset.deposits_after_draw == "return" and isinstance(last.outcome, Ryuukyoku):  # R-DRAW-5
            final = list(settled_scores(last))
            for seat in _banked_seats(last):
                final[seat] += 1000
        recorded = [round(tenhou["sc"][2 * s] * 100) for s in range(4)]
        if final != recorded:
            problems.append(f"{label}final scores {recorded}, jansou settles {final}")
    return problems


def _check_round(h: int, rnd: Any, tp: Any, mp: Any, settle: tuple, tenhou: dict, preset: Preset, rules: Any,
                 where: str) -> list[str]:
    """The disagreements of hand ``h`` (see ``check_documents``)."""
    from jansou.io.paifu import Ryuukyoku, leftover_deposits, replay_round, settled_scores
    from jansou.scoring.score import ScoringError, score
    from jansou.validation.check import check_win

    problems: list[str] = []

    raw = tenhou["log"][h]
    mr = mp.rounds[h] if h < len(mp.rounds) else None
    if mr is not None:
        te = [(type(e).__name__, getattr(e, "seat", None), getattr(e, "tile", None)) for e in rnd.events
              if type(e).__name__ in ("Draw", "Discard")]
        me = [(type(e).__name__, getattr(e, "seat", None), getattr(e, "tile", None)) for e in mr.events
              if type(e).__name__ in ("Draw", "Discard")]
        if te != me:
            problems.append(f"{where}the draws/discards read from tenhou6 and mjai differ")
        if tuple(mr.scores) != tuple(rnd.scores):
            problems.append(f"{where}start scores differ between tenhou6 and mjai")
    if h + 1 < len(tp.rounds):
        nxt = tp.rounds[h + 1]
        if settled_scores(settle[h]) != tuple(nxt.scores):
            problems.append(f"{where}settles to {list(settled_scores(settle[h]))} (jansou) but the next "
                            f"hand starts at {list(nxt.scores)}")
        if leftover_deposits(settle[h]) != nxt.riichi_sticks:
            problems.append(f"{where}leaves {leftover_deposits(settle[h])} deposits (jansou), the next "
                            f"hand has {nxt.riichi_sticks}")
    rep = _Replay(rnd)
    if isinstance(rnd.outcome, Ryuukyoku):
        tag = raw[-1][0]
        deltas = list(rnd.outcome.deltas)
        if tag in _TENHOU_ABORTS:
            kind = _TENHOU_ABORTS[tag]
            if deltas != [0, 0, 0, 0]:
                problems.append(f"{where}abortive draw {kind} moves points {deltas}")
            problems += [where + p for p in _abort_condition(kind, rep, rnd)]
        else:
            want = _draw_deltas(rep, rnd.dealer, "nm" if tag == "流し満貫" else "exhaustive")
            if tag == "流し満貫" and not any(rep.nagashi(s) for s in range(4)):
                problems.append(f"{where}nagashi mangan but jansou's replay finds no qualifying seat")
            if tag != "流し満貫" and any(rep.nagashi(s) for s in range(4)) and preset.nagashi_mangan:
                problems.append(f"{where}a seat qualifies for nagashi (jansou's replay) but the draw is {tag}")
            if deltas != want:
                problems.append(f"{where}draw deltas {deltas}, jansou computes {want}")
        return problems
    records = replay_round(rnd, rules, 4)
    for i, (agari, rec) in enumerate(zip(rnd.outcome, records)):
        verdict = check_win(rec)
        if not verdict.passed:
            problems.append(f"{where}win of seat {agari.winner}: {verdict.detail}")
            continue
        try:
            res = score(rec.hand, rec.winning_tile, rec.context)
        except ScoringError as exc:  # pragma: no cover - check_win already scored it
            problems.append(f"{where}win of seat {agari.winner}: {exc}")
            continue
        want = _win_deltas(res, agari, rnd.dealer, rnd.honba if i == 0 else 0,
                           rnd.riichi_sticks + _banked_before_win(settle[h]) if i == 0 else 0,
                           preset.pao_scope, preset.double_yakuman)
        if list(agari.deltas) != want:
            problems.append(f"{where}win of seat {agari.winner}: deltas {list(agari.deltas)}, "
                            f"jansou computes {want}")
        if mr is not None and not isinstance(mr.outcome, Ryuukyoku) and i < len(mr.outcome):
            if mr.outcome[i].value != agari.value or tuple(mr.outcome[i].deltas) != tuple(agari.deltas):
                problems.append(f"{where}win {i}: mjai and tenhou6 record different values")
    return problems


def _banked_seats(rnd: Any) -> list[int]:
    from jansou.io.paifu import banked_riichi_seats
    return banked_riichi_seats(rnd)


def _banked_before_win(rnd: Any) -> int:
    """Riichi deposits banked during the hand (the riichi discard a ron takes is not, R-RIICHI-3)."""
    from jansou.io.paifu import banked_riichi_seats
    return len(banked_riichi_seats(rnd))


def _abort_condition(kind: str, rep: _Replay, rnd: Any) -> list[str]:
    if kind == "kyuushu_kyuuhai":
        ok = any(len({t.kind for t in hand if t.is_yaochuu}) >= 9 for hand in rep.concealed)
    elif kind == "suufon_renda":
        ok = (len(rep.first_discards) == 4 and len({t.kind for t in rep.first_discards}) == 1
              and rep.first_discards[0].is_wind)
    elif kind == "suucha_riichi":
        ok = all(rep.riichi)
    elif kind == "suukaikan":
        ok = len(rep.kans) == 4 and len(set(rep.kans)) > 1
    else:  # sanchahou: tenhou6 does not name the three claimants
        ok = True
    return [] if ok else [f"abortive draw {kind}, but its condition does not hold in jansou's replay"]


# ------------------------------------------------------------------ games to validate

def _caller_decide(view: dict, salt: int) -> Action:
    """A policy that calls and declares kans whenever it may (chi every other time), else plays as
    ``simple_player``: more calls, kans, pao and chankan than the simple player alone."""
    legal = view["legal_actions"]
    types = {a["type"] for a in legal}
    for t in ("ron", "tsumo", "daiminkan", "ankan", "shouminkan", "pon"):
        if t in types:
            return Action.from_json(next(a for a in legal if a["type"] == t))
    if "chi" in types and (salt + view["seq"]) % 2 == 0:
        return Action.from_json(next(a for a in legal if a["type"] == "chi"))
    return simple_player.decide(view)


def _terminal_decide(view: dict, salt: int) -> Action:
    """A policy that discards terminals and honours first and never calls (nagashi, kyuushu)."""
    legal = view["legal_actions"]
    types = {a["type"] for a in legal}
    for t in ("ron", "tsumo", "kyuushu"):
        if t in types:
            return Action.from_json(next(a for a in legal if a["type"] == t))
    discards = [a for a in legal if a["type"] == "discard"]
    yao = [a for a in discards if (a["tile"] >> 2) >= 27 or (a["tile"] >> 2) % 9 in (0, 8)]
    if yao:
        return Action.from_json(yao[(salt + view["seq"]) % len(yao)])
    if "pass" in types:
        return Action.from_json(next(a for a in legal if a["type"] == "pass"))
    return simple_player.decide(view)


def _simple_decide(view: dict, salt: int) -> Action:
    return simple_player.decide(view)


POLICIES: dict[str, Callable[[dict, int], Action]] = {
    "simple": _simple_decide, "caller": _caller_decide, "terminal": _terminal_decide}


def finish(game: Game, seed: int, policies: tuple[str, str, str, str] = ("simple",) * 4) -> Game:
    """Play ``game`` to its end with the given policy per seat; hand ``h`` is dealt from
    ``derive_seed(seed, h)``."""
    hand = game.hands_played
    while True:
        while game.phase in ("turn", "claim"):
            for seat in game.pending_seats():
                game.apply(POLICIES[policies[seat]](decision_view(game, seat), seed + seat))
                if game.phase not in ("turn", "claim"):
                    break
        if game.phase == "game_over":
            return game
        hand += 1
        game.next_hand(derive_seed(seed, hand))


def random_game(preset_name: str, seed: int, index: int) -> Game:
    """Game ``index``: seat policies drawn from ``seed`` (simple, caller, terminal)."""
    names = tuple(POLICIES)
    s = derive_seed(seed, index, "policies")
    policies = tuple(names[(s >> (2 * i)) % 3] for i in range(4))
    game = Game.new(get_preset(preset_name), derive_seed(seed, index, 0))
    return finish(game, derive_seed(seed, index), policies)  # type: ignore[arg-type]


# Scripted first hands for the rare endings (the game then goes on with simple players). Each starts at
# East 1 with no honba or deposits, so the log replays from its scripted wall (Game.from_log).
_S48, _N48, _E48 = "234m678m345s77s46p", "123m456s789p99s34p", "567m789s123s11m34p"
_D48 = ["2z", "7z", "3z", "4z", "2z", "1z", "3z", "4z", "2z", "3z", "5p"]
_S45, _D45 = "55z66z77z123m4m9p9s1p", ["1s", "1s", "5z", "2s", "6z", "2s", "8s", "7z"]


def _ex48(preset: str = "riichi", east: str = "") -> Game:
    g = scenario(preset, hands=[east, _S48, "", _N48], draws=_D48, indicators="6z", ura="6z")
    for _ in range(5):
        tsumogiri(g)
    act(g, 1, "riichi", "1z"); pass_all(g)
    for _ in range(3):
        tsumogiri(g)
    act(g, 2, "discard", "5p")
    return g


def _ex45(tail: tuple[str, ...]) -> Game:
    g = scenario(hands=["", _S45], draws=_D45 + list(tail), indicators="1p")
    tsumogiri(g); tsumogiri(g)
    act(g, 2, "discard", "5z"); act(g, 1, "pon", "5z"); pass_all(g)
    act(g, 1, "discard", "9p"); pass_all(g)
    tsumogiri(g)
    act(g, 3, "discard", "6z"); act(g, 1, "pon", "6z"); pass_all(g)
    act(g, 1, "discard", "9s"); pass_all(g)
    tsumogiri(g); tsumogiri(g)
    act(g, 0, "discard", "7z"); act(g, 1, "pon", "7z"); pass_all(g)
    act(g, 1, "discard", "1p"); pass_all(g)
    return g


def scripted_double_ron() -> Game:
    g = _ex48()
    act(g, 3, "ron", "5p"); act(g, 1, "ron", "5p"); pass_all(g)
    return g


def scripted_sanchahou() -> Game:
    g = _ex48(east=_E48)
    for seat in (3, 1, 0):
        act(g, seat, "ron", "5p")
    return g


def scripted_pao_tsumo() -> Game:
    g = _ex45(("8s", "9s", "9s", "4m"))
    tsumogiri(g); tsumogiri(g); tsumogiri(g)
    act(g, 1, "tsumo")
    return g


def scripted_pao_ron_split() -> Game:
    g = _ex45(("4m", "8s", "9s", "9s"))
    act(g, 2, "discard", "4m"); act(g, 1, "ron", "4m"); pass_all(g)
    return g


def scripted_pao_ron_liable() -> Game:
    g = _ex45(("8s", "9s", "4m", "9s"))
    tsumogiri(g); tsumogiri(g)
    act(g, 0, "discard", "4m"); act(g, 1, "ron", "4m"); pass_all(g)
    return g


def scripted_kyuushu() -> Game:
    g = scenario(hands=["19m19p1s1234z234m5p"], draws="6p")
    act(g, 0, "kyuushu")
    return g


def scripted_suufon_renda() -> Game:
    hands = ["1z19m19p19s234z5z6z", "1z19m19p19s234z5z6z", "1z19m19p19s234z5z7z", "1z19m19p19s2z4z5z6z7z"]
    g = scenario(hands=hands, draws="8m8m8m8m")
    for seat in range(4):
        act(g, seat, "discard", "1z"); pass_all(g)
    return g


def scripted_suucha_riichi() -> Game:
    hands = ["123m456m789m23p55s", "123p456p789p23s55m", "123s456s789s23m77p", "234m567p678s11p99s"]
    g = scenario(hands=hands, draws="1z2z3z4z")
    for seat, t in enumerate(("1z", "2z", "3z", "4z")):
        act(g, seat, "riichi", t); pass_all(g)
    return g


def scripted_suukaikan() -> Game:
    g = scenario(hands=["111m222m19p19s567z", "333m444m19p19s567z"], draws=["1m", "3m"],
                 replacements="2m8s4m2p")
    act(g, 0, "ankan", tiles="1111m"); act(g, 0, "ankan", tiles="2222m")
    act(g, 0, "discard", "8s"); pass_all(g)
    act(g, 1, "ankan", tiles="3333m"); act(g, 1, "ankan", tiles="4444m")
    act(g, 1, "discard", "2p"); pass_all(g)
    return g


def scripted_chankan() -> Game:
    g = scenario(hands=["123456789m1234z", "33s9p19m19s234z6z7z8p", "234m345p678p45s88s"],
                 draws=["3s", "1p1p1p", "3s"], indicators="1z2z")
    act(g, 0, "discard", "3s")
    act(g, 2, "pass")
    act(g, 1, "pon", "3s"); pass_all(g)
    act(g, 1, "discard", "9p"); pass_all(g)
    for _ in range(3):
        tsumogiri(g)
    act(g, 1, "shouminkan", "3s")
    act(g, 2, "ron", "3s")
    return g


_YAO = "1m9m1p9p1s9s1z2z3z4z5z6z7z"


def scripted_nagashi() -> Game:
    """Seat 1 draws only terminals and honours and discards every draw; nobody calls or wins."""
    yao = [_YAO[i:i + 2] for i in range(0, len(_YAO), 2)]
    simple = [f"{n}{s}" for s in "mps" for n in "234678"]
    draws, j = [], 0
    for i in range(66):
        if i % 4 == 1:
            draws.append(yao[(i // 4) % 13])
        else:
            draws.append(simple[j % 18])
            j += 1
    g = scenario(hands=["", "", "", ""], draws=draws)
    while g.phase in ("turn", "claim"):
        if g.phase == "claim":
            pass_all(g)
        else:
            tsumogiri(g)
    return g


SCRIPTED: dict[str, Callable[[], Game]] = {
    "double_ron": scripted_double_ron, "sanchahou": scripted_sanchahou, "pao_tsumo": scripted_pao_tsumo,
    "pao_ron_split": scripted_pao_ron_split, "pao_ron_liable": scripted_pao_ron_liable,
    "kyuushu": scripted_kyuushu, "suufon_renda": scripted_suufon_renda, "suucha_riichi": scripted_suucha_riichi,
    "suukaikan": scripted_suukaikan, "chankan": scripted_chankan, "nagashi": scripted_nagashi,
}


def scripted_game(name: str, seed: int) -> Game:
    """The scripted first hand ``name`` (a key of ``SCRIPTED``) played on to the game's end."""
    game = SCRIPTED[name]()
    return finish(game, seed) if game.phase == "hand_over" else game


# ------------------------------------------------------------------ coverage and the run

def endings(game: Game) -> Counter:
    """Kinds of ending and features of ``game``'s hands (for the coverage report)."""
    c: Counter = Counter()
    for entry in game.log["entries"]:
        for ev in entry["events"]:
            t = ev["type"]
            if t == "call":
                c[ev["meld"]["type"]] += 1
            elif t in ("ankan", "shouminkan"):
                c[t] += 1
            elif t == "riichi_established":
                c["riichi"] += 1
            elif t == "hand_end":
                r = ev["result"]
                if r["kind"] == "win":
                    wins = r["wins"]
                    c["double_ron" if len(wins) > 1 else ("tsumo" if wins[0]["tsumo"] else "ron")] += 1
                    for w in wins:
                        names = {n for n, _v in w["yaku"]}
                        c["pao"] += w["pao_seat"] is not None
                        c["chankan"] += w["chankan"]
                        c["yakuman"] += bool(w["yakuman"]) or w["limit"] == "yakuman"
                        c["red_five_in_win"] += "aka_dora" in names
                        c["rinshan"] += "rinshan_kaihou" in names
                        c["haitei_houtei"] += bool(names & {"haitei_raoyue", "houtei_raoyui"})
                elif r["kind"] == "exhaustive_draw":
                    c["nagashi" if any(r["nagashi"]) else "exhaustive_draw"] += 1
                else:
                    c["abort_" + r["abort"]] += 1
    return c


def validate_game(game: Game, label: str = "") -> list[str]:
    """Export ``game`` to both formats and return jansou's disagreements (``check_documents``)."""
    log = game.log
    return check_documents(game_to_tenhou6(log), game_events(log), game.preset, label=label)


def _job(args: tuple[str, int, int | str]) -> tuple[Counter, list[str]]:
    preset, seed, index = args
    if isinstance(index, str):
        game = scripted_game(index, derive_seed(seed, index))
    else:
        game = random_game(preset, seed, index)
    return endings(game), validate_game(game, f"game {index} ")


def run(games: int, seed: int = 0, preset: str = "riichi", jobs: int = 1) -> dict:
    """Validate ``games`` games (the scripted ones first, then random ones) and return the summary:
    ``{"games", "endings": {kind: count}, "disagreements": [...], "unexplained": n, "seconds"}``."""
    started = time.perf_counter()
    names: list[int | str] = list(SCRIPTED)[:games] if preset == "riichi" else []
    work = [(preset, seed, x) for x in names + list(range(games - len(names)))]
    total: Counter = Counter()
    problems: list[str] = []
    if jobs > 1:
        import multiprocessing
        with multiprocessing.Pool(jobs) as pool:
            results = pool.map(_job, work, chunksize=8)
    else:
        results = [_job(w) for w in work]
    for c, p in results:
        total.update(c)
        problems += p
    return {"games": len(work), "endings": dict(sorted(total.items())), "disagreements": problems,
            "unexplained": len(problems), "seconds": round(time.perf_counter() - started, 1)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules_engine.formats.validate",
                                     description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--preset", default="riichi")
    parser.add_argument("--jobs", type=int, default=1)
    args = parser.parse_args(argv)
    try:
        import jansou  # noqa: F401
    except ImportError:
        print("jansou is not installed: pip install -e '.[test]'", file=sys.stderr)
        return 2
    summary = run(args.games, args.seed, args.preset, args.jobs)
    for name, count in summary["endings"].items():
        print(f"{name:>24}: {count}")
    for p in summary["disagreements"][:50]:
        print("DISAGREEMENT", p)
    print(json.dumps({k: v for k, v in summary.items() if k != "disagreements"}))
    return 1 if summary["unexplained"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
