"""The three computer strengths playing Taiwanese (issue 12 item 6; P-BOT, T-ONLINE-6).

Each player is ``(sit: TwSituation, rng) -> dict`` and returns one of ``sit.legal`` (the legal
actions of its own seat view), so every decision is legal by construction; the table already
applies the Original Call lock (T-ORIG-4), the empty-wall kong ban (T-WALL-3) and the chow
rule (T-CALL-1). Flowers are exposed by the table (T-FLOWER-1, P-PLAY-8).

- ``beginner``: lowers shanten (five sets and a pair, 16-tile hand), isolated honours and
  terminals first; calls every chow/pung that lowers shanten; Original Call whenever offered.
- ``intermediate``: shanten then ukeire; pungs an honour pair (1 tai each, any wind or dragon,
  CHOSEN §7 item 4) when that keeps the shanten, chows/pungs that lower it while the hand is
  within three tiles of ready; Original Call on a wait of at least three unseen tiles.
- ``strong`` (``strong``): the intermediate's efficiency turned into a chance of winning,
  weighed against the chance of dealing in with each tile (``danger``: fitted on played hands;
  ``defence``: tiles that passed each opponent, Original Call locks); folds a far hand; calls
  judged the same way (``strong.choose_call``); Original Call on a wait of two or more unseen tiles (15 tai, T-TAI-38).

All three declare every win offered (T-WIN-5 makes winning optional; declining is never worth
it here) and take the eighth flower (T-FLOWER-5).
"""
from __future__ import annotations

import random
from typing import Callable

from rules_engine.taiwanese.ai import defence
from rules_engine.taiwanese.ai import strong as strong_rules
from rules_engine.taiwanese.ai.efficiency import centrality, discard_options, isolation, shanten_of, ukeire
from rules_engine.taiwanese.ai.state import TwSituation

Player = Callable[[TwSituation, random.Random], dict]

# ------------------------------------------------------------------ shared helpers

def _first(sit: TwSituation, *types: str) -> dict | None:
    for t in types:
        acts = sit.by_type.get(t)
        if acts:
            return acts[0]
    return None


def _action_for_kind(actions: list[dict], kind: int, sit: TwSituation) -> dict:
    """The discard (or Original Call discard) of ``kind``: the drawn tile first (tsumogiri)."""
    cands = [a for a in actions if a["tile"] >> 2 == kind]
    cands.sort(key=lambda a: (a["tile"] != sit.drawn_tile, a["tile"]))
    return cands[0]


def _discards(sit: TwSituation) -> list[dict]:
    return sit.by_type.get("discard", [])


def _after_call(sit: TwSituation, a: dict) -> list[int]:
    c = sit.counts[:]
    for t in a["tiles"]:
        c[t >> 2] -= 1
    return c


def _win(sit: TwSituation) -> dict | None:
    """A self-drawn win, a win on a discard or robbed kong, or the eighth flower (T-WIN-4)."""
    return _first(sit, "tsumo", "ron")


def _self_kong(sit: TwSituation, *, safe: bool = True) -> dict | None:
    """A concealed or added kong that does not raise the shanten (T-KONG-2, -3)."""
    for typ in ("ankan", "shouminkan"):
        for a in sit.by_type.get(typ, []):
            kind = (a["tiles"][0] if a["tiles"] else a["tile"]) >> 2
            c = sit.counts[:]
            before = min(shanten_of(_minus(c, k), sit.n_declared) for k in range(34) if c[k])
            if typ == "ankan":
                c[kind] -= 4
                after = shanten_of(c, sit.n_declared + 1)
            else:
                if not safe:
                    continue
                c[kind] -= 1
                after = shanten_of(c, sit.n_declared)
            if after <= before:
                return a
    return None


def _minus(c: list[int], k: int) -> list[int]:
    d = c[:]
    d[k] -= 1
    return d


# ------------------------------------------------------------------ beginner

def beginner(sit: TwSituation, rng: random.Random) -> dict:
    """Wins, Original Call when offered, simple efficiency, calls that lower shanten."""
    win = _win(sit)
    if win:
        return win
    if sit.window == "original_call":
        return _first(sit, "riichi") or _first(sit, "pass") or sit.legal[0]
    discards = _discards(sit)
    if discards:
        kong = _self_kong(sit)
        if kong:
            return kong
        choice = _simple_discard(sit, discards, rng)
        for a in sit.by_type.get("riichi", []):
            if a["tile"] >> 2 == choice["tile"] >> 2:
                return a
        return choice
    before = shanten_of(sit.counts, sit.n_declared)
    for typ in ("pon", "chi"):
        for a in sit.by_type.get(typ, []):
            c = _after_call(sit, a)
            if min(shanten_of(_minus(c, k), sit.n_declared + 1) for k in range(34) if c[k]) < before:
                return a
    return _first(sit, "pass") or sit.legal[0]


def _simple_discard(sit: TwSituation, actions: list[dict], rng: random.Random) -> dict:
    kinds = sorted({a["tile"] >> 2 for a in actions})
    sh = {}
    for k in kinds:
        sh[k] = shanten_of(_minus(sit.counts, k), sit.n_declared)
    best = min(sh.values())
    cands = [k for k in kinds if sh[k] == best]
    pick = min(cands, key=lambda k: (isolation(k, sit.counts), centrality(k), rng.random()))
    return _action_for_kind(actions, pick, sit)


# ------------------------------------------------------------------ intermediate

def intermediate(sit: TwSituation, rng: random.Random) -> dict:
    """Ukeire efficiency, honour pungs, calls that speed up the hand, Original Call on a good wait."""
    win = _win(sit)
    if win:
        return win
    if sit.window == "original_call":
        act = _first(sit, "riichi")
        if act and _oc_wait(sit, sit.counts)[0] >= 3:
            return act
        return _first(sit, "pass") or sit.legal[0]
    discards = _discards(sit)
    if discards:
        kong = _self_kong(sit)
        if kong:
            return kong
        opts = discard_options(sit.counts, sit.visible, sit.n_declared, {a["tile"] >> 2 for a in discards})
        best_sh = min(o.shanten for o in opts.values())
        cands = [k for k, o in opts.items() if o.shanten == best_sh]
        pick = max(cands, key=lambda k: (opts[k].ukeire + _keep_penalty(sit, k), -centrality(k),
                                         -isolation(k, sit.counts), rng.random()))
        choice = _action_for_kind(discards, pick, sit)
        oc = _dealer_oc(sit, choice, need=3)
        return oc or choice
    return _intermediate_call(sit) or _first(sit, "pass") or sit.legal[0]


def _keep_penalty(sit: TwSituation, kind: int) -> float:
    """Ukeire-equivalent cost of breaking an honour pair (a pung of it scores 1 tai)."""
    if kind >= 27 and sit.counts[kind] == 2 and sit.visible[kind] < 4:
        return -2.0
    return 0.0


def _oc_wait(sit: TwSituation, counts: list[int]) -> tuple[int, tuple[int, ...]]:
    """Unseen winning tiles and wait kinds of the ready 16-tile ``counts``."""
    return ukeire(counts, sit.visible, sit.n_declared, 0)


def _dealer_oc(sit: TwSituation, choice: dict, need: int) -> dict | None:
    """The dealer's Original Call discard (T-ORIG-2) of the chosen kind when its wait has at
    least ``need`` unseen tiles; else the best-waiting Original Call discard when that wait is
    at least ``need`` + 2 and the chosen discard is no better."""
    offers = sit.by_type.get("riichi", [])
    if not offers:
        return None
    best, best_u = None, -1
    for a in offers:
        u, _ = _oc_wait(sit, _minus(sit.counts, a["tile"] >> 2))
        if a["tile"] >> 2 == choice["tile"] >> 2 and u >= need:
            return a
        if u > best_u:
            best, best_u = a, u
    if best is not None and best_u >= need + 2:
        return best
    return None


def _intermediate_call(sit: TwSituation) -> dict | None:
    before = shanten_of(sit.counts, sit.n_declared)
    best, best_key = None, None
    for typ in ("pon", "daiminkan", "chi"):
        for a in sit.by_type.get(typ, []):
            kind = a["tile"] >> 2
            c = _after_call(sit, a)
            if typ == "daiminkan":
                after = shanten_of(c, sit.n_declared + 1)
                if after <= before and (kind >= 27 or not sit.is_concealed):
                    return a
                continue
            opts = discard_options(c, sit.visible, sit.n_declared + 1)
            after = min(o.shanten for o in opts.values())
            honour_pung = typ == "pon" and kind >= 27
            if after > before or (after == before and not honour_pung):
                continue
            if not honour_pung and sit.is_concealed and after >= 3:
                continue
            key = (after, -max(o.ukeire for o in opts.values()))
            if best_key is None or key < best_key:
                best, best_key = a, key
    return best


# ------------------------------------------------------------------ strong

def strong(sit: TwSituation, rng: random.Random) -> dict:
    """Push or fold by win chance against deal-in chance (``strong``); Original Call on a wait
    of ``strong.OC_WAIT`` unseen tiles; kongs when they cost nothing."""
    win = _win(sit)
    if win:
        return win
    if sit.window == "original_call":
        act = _first(sit, "riichi")
        if act and _oc_wait(sit, sit.counts)[0] >= strong_rules.OC_WAIT:
            return act
        return _first(sit, "pass") or sit.legal[0]
    ths = defence.threats(sit)
    fold = strong_rules.folding(sit, ths)
    discards = _discards(sit)
    if discards:
        kong = _self_kong(sit, safe=not fold)
        if kong:
            return kong
        kinds = sorted({a["tile"] >> 2 for a in discards})
        choice = _action_for_kind(discards, strong_rules.choose_discard(sit, kinds, ths, rng), sit)
        return _dealer_oc(sit, choice, need=strong_rules.OC_WAIT) or choice
    return strong_rules.choose_call(sit, ths) or _first(sit, "pass") or sit.legal[0]


PLAYERS: dict[str, Player] = {"beginner": beginner, "intermediate": intermediate, "strong": strong}
