"""The three built-in computer players (P-BOT, P-PRAC).

Each player is a function ``(sit: Situation, rng: random.Random) -> dict`` returning one
of ``sit.legal`` (the legal actions of the seat view, JSON form), so every decision is
legal by construction: furiten (R-FURITEN), kuikae (R-KUIKAE) and the riichi lock
(R-RIICHI-6) are already applied by the engine when it lists the actions.

- ``beginner``: lowers shanten, calls anything that lowers it, declares riichi whenever
  offered, never folds.
- ``intermediate``: ukeire with improving tiles, keeps dora, red fives and yakuhai pairs,
  riichi on good waits (or without a yaku), calls only when the hand keeps a yaku.
- ``strong``: near tenpai (two shanten or less) its discards and chi/pon are chosen by a
  value-weighted look-ahead (``lookahead``: each advancing draw, and each chi/pon it allows,
  weighted by its unseen copies and the exact value of the hands it leads to); further out
  (or where the look-ahead sees no yaku) by the shanten to a hand with a yaku
  (``yaku_shanten``: closed, yakuhai, tanyao, toitoi, flush) and the tiles that lower it, a
  call making that shanten lower;
  its offence is weighed in points against the expected loss of each discard (``defence``),
  so it folds with genbutsu/suji/kabe against riichi and obvious flush or toitoi hands, and
  pushes with valuable or well-waiting tenpai; it declares riichi on a cheap tenpai even with
  a bad wait until late in the hand. As the leader in the last hand (R-END-1) it plays for
  speed: damaten with a yaku, cheap calls.
"""
from __future__ import annotations

import random
from typing import Callable

from rules_engine.ai import defence, lookahead
from rules_engine.ai.efficiency import (DiscardOption, candidate_draws, discard_options, improving_tiles, shanten_of,
                                        ukeire)
from rules_engine.ai.state import Situation
from rules_engine.ai.value import (dora_in_hand, estimate_han, open_hand_has_yaku, points, tenpai_value,
                                  yakuhai_han)
from rules_engine.ai.yaku_shanten import INF as NO_ROUTE
from rules_engine.ai.yaku_shanten import YakuRoutes
from rules_engine.core.shanten import shanten_from_key
from rules_engine.core.tiles import RED_FIVES, TERMINAL_HONOR_KINDS

Player = Callable[[Situation, random.Random], dict]

PUSH_FUTURE = 0.5
"""Extra expected-loss weight per shanten left when pushing (future unsafe discards); was 0.8."""
LOSS_WEIGHT = 0.85
"""Weight of the expected deal-in loss against the offence before the standings adjust it
(``_caution``); was 1.0: the strong computer folded more than its win rate could afford."""
RIICHI_BAD_WAIT_WALL = 30
"""Tiles left in the live wall above which the strong player declares riichi even on a bad
wait when the hand already has a valuable yaku (early riichi pays; late, damaten keeps options)."""
RIICHI_CHEAP_BAD_WAIT_WALL = 12
"""Tiles left above which a cheap damaten (under ``RIICHI_CHEAP_DAMA`` points) declares riichi
on a bad wait too: the extra han and ura-dora are worth more than the hidden wait (issue 13:
against majiang-ai the strong computer won far less, with fewer riichi)."""
RIICHI_LATE_WALL = 8
"""Tiles left in the live wall below which the strong player stays damaten on a tenpai that has
a yaku (too few draws left for riichi's extra han to pay for the lost flexibility)."""
RIICHI_CHEAP_DAMA = 3900
"""Non-dealer ron value (the dealer's is ×1.5) below which a damaten with a yaku is cheap."""
RIICHI_RACE = 0.2
"""Share of this seat's winning chances lost per opponent already in riichi (they may win first).
0.2 (was 0.35); with the all-last leader rule, arena N=2000, seed 2026, strong vs three
intermediates: average placement 2.394 -> 2.373."""

LOOKAHEAD = True
"""The strong player weighs discards near tenpai and its calls by ``lookahead`` values
(issue 13); False gives the ukeire-based play of before, for A/B arena runs."""
YAKU_ROUTES = False
"""True: where the look-ahead does not decide (three shanten or more, or no yaku in its reach)
the strong player discards and calls by ``yaku_shanten`` routes (issue 13). Off by default:
against three majiang-ai it measured 2.540 [2.472, 2.608] against 2.532 [2.465, 2.599] without
(1,000 East rounds, seed 13003; docs/arena-2026-12-07/) while doubling the median decision time
(``rules_engine.ai.bench --strength strong --games 20 --seed 5``: 6.17 ms against 3.21 ms);
kept for A/B arena runs."""

_TERM_HONOR = frozenset(TERMINAL_HONOR_KINDS)


# ------------------------------------------------------------------ shared helpers

def _first(sit: Situation, *types: str) -> dict | None:
    for t in types:
        acts = sit.by_type.get(t)
        if acts:
            return acts[0]
    return None


def _tile_for_kind(actions: list[dict], kind: int, sit: Situation) -> dict:
    """The action among ``actions`` (discard or riichi) discarding ``kind``: an ordinary copy
    before a red five, the drawn tile before another copy (tsumogiri)."""
    cands = [a for a in actions if a["tile"] >> 2 == kind]
    cands.sort(key=lambda a: (a["tile"] in RED_FIVES, a["tile"] != sit.drawn_tile, a["tile"]))
    return cands[0]


def _centrality(kind: int, sit: Situation) -> float:
    """Tie-break: how useful a lone tile of ``kind`` tends to be (low = discard first)."""
    if kind >= 27:
        return 1.5 if yakuhai_han(sit, kind) else 0.0
    n = kind % 9
    return (1.0, 2.0, 3.0, 3.5, 3.5, 3.5, 3.0, 2.0, 1.0)[n]


def _value_penalty(kind: int, sit: Situation, actions: list[dict]) -> float:
    """Ukeire-equivalent cost of throwing away dora, a red five or a yakuhai pair (R-DORA)."""
    pen = 0.0
    if kind in sit.dora:
        pen += 5.0 * sit.dora.count(kind)
    act = _tile_for_kind(actions, kind, sit)
    if act["tile"] in RED_FIVES:
        pen += 4.0
    if kind >= 27 and sit.counts[kind] >= 2 and yakuhai_han(sit, kind):
        pen += 6.0
    return pen


def _isolation(kind: int, counts: list[int]) -> int:
    """Number of own tiles within two of ``kind`` in its suit (0 = isolated)."""
    if kind >= 27:
        return counts[kind] - 1
    lo, hi = max(kind - 2, kind // 9 * 9), min(kind + 2, kind // 9 * 9 + 8)
    return sum(counts[j] for j in range(lo, hi + 1)) - 1


def _meld_kinds(sit: Situation) -> list[int]:
    return [min(m["tiles"]) >> 2 for m in sit.melds]


# ------------------------------------------------------------------ beginner

def beginner(sit: Situation, rng: random.Random) -> dict:
    """Wins when it can, declares riichi whenever offered, discards to lower shanten
    (isolated honours and terminals first), calls every chi/pon that lowers shanten."""
    win = _first(sit, "tsumo", "ron")
    if win:
        return win
    if "riichi" in sit.by_type:
        acts = sit.by_type["riichi"]
        return _best_efficiency(sit, acts, rng, simple=True)
    if "discard" in sit.by_type:
        return _best_efficiency(sit, sit.by_type["discard"], rng, simple=True)
    # claim decision
    before = shanten_of(sit.counts)
    for typ in ("pon", "chi"):
        for a in sit.by_type.get(typ, []):
            c = sit.counts[:]
            for t in a["tiles"]:
                c[t >> 2] -= 1
            if shanten_of(c) < before:
                return a
    return _first(sit, "pass") or sit.legal[0]


def _best_efficiency(sit: Situation, actions: list[dict], rng: random.Random, *, simple: bool,
                     improve: bool = False, value: bool = False) -> dict:
    """Choose among discard/riichi ``actions`` by shanten, then (unless ``simple``) ukeire,
    improving tiles and value; ties by isolation and rng."""
    kinds = sorted({a["tile"] >> 2 for a in actions})
    opts = discard_options(sit.counts, sit.visible)
    best_sh = min(opts[k].shanten for k in kinds)
    cands = [k for k in kinds if opts[k].shanten == best_sh]
    if simple:
        key = {k: (-_isolation(k, sit.counts), -_centrality(k, sit), rng.random()) for k in cands}
        return _tile_for_kind(actions, min(cands, key=key.__getitem__), sit)
    scores = _efficiency_scores(sit, cands, opts, actions, improve=improve, value=value)
    best = max(cands, key=lambda k: (scores[k], -_centrality(k, sit), rng.random()))
    return _tile_for_kind(actions, best, sit)


def _efficiency_scores(sit: Situation, cands: list[int], opts: dict[int, DiscardOption],
                       actions: list[dict], *, improve: bool, value: bool) -> dict[int, float]:
    """Score (in tiles) for each candidate kind: ukeire + 0.4 × improving tiles − value cost."""
    scores = {}
    for k in cands:
        o = opts[k]
        s = float(o.ukeire if o.ukeire >= 0 else 0)
        if value:
            s -= _value_penalty(k, sit, actions)
        s -= 0.05 * _isolation(k, sit.counts)
        scores[k] = s
    if improve and cands and opts[cands[0]].shanten <= 2:
        top = sorted(cands, key=scores.__getitem__, reverse=True)[:3]
        for k in top:
            o = opts[k]
            c = sit.counts[:]
            c[k] -= 1
            scores[k] += 0.4 * improving_tiles(c, sit.visible, o.shanten, o.ukeire,
                                               budget=10 if o.shanten <= 1 else 6)
    return scores


# ------------------------------------------------------------------ intermediate

def intermediate(sit: Situation, rng: random.Random) -> dict:
    """Efficiency by ukeire and improving tiles with value awareness; riichi on good waits
    or when the hand has no yaku; calls only when the hand keeps a yaku (R-WIN-2)."""
    win = _first(sit, "tsumo", "ron")
    if win:
        return win
    if sit.riichi:  # locked hand (R-RIICHI-6): only the engine's offers remain
        return _riichi_locked(sit)
    if "discard" in sit.by_type or "riichi" in sit.by_type:
        k = _kyuushu(sit)
        if k:
            return k
        kan = _self_kan(sit, threats=None)
        if kan:
            return kan
        choice = _best_efficiency(sit, sit.by_type.get("discard", []) or sit.by_type["riichi"], rng,
                                  simple=False, improve=True, value=True)
        if "riichi" in sit.by_type and _wants_riichi(sit, strong=False):
            return _riichi_choice(sit, None)
        return choice
    call = _call_choice(sit, threats=None)
    return call or _first(sit, "pass") or sit.legal[0]


def _riichi_locked(sit: Situation) -> dict:
    kan = _first(sit, "ankan")
    if kan:
        return kan
    return _first(sit, "discard") or sit.legal[0]


def _kyuushu(sit: Situation) -> dict | None:
    """Abort with nine terminals (R-ABORT-1) unless ten or more kinds make kokushi likely."""
    act = _first(sit, "kyuushu")
    if act and sum(1 for k in _TERM_HONOR if sit.counts[k]) < 11:
        return act
    return None


def _riichi_options(sit: Situation) -> list[tuple[dict, int, list[int]]]:
    """``(riichi action, unseen wait tiles, wait kinds)`` for each riichi discard kind."""
    out = []
    seen = set()
    for a in sit.by_type.get("riichi", []):
        k = a["tile"] >> 2
        if k in seen:
            continue
        seen.add(k)
        c = sit.counts[:]
        c[k] -= 1
        u, kinds = ukeire(c, sit.visible, 0)
        out.append((_tile_for_kind(sit.by_type["riichi"], k, sit), u, kinds))
    return out


def _riichi_choice(sit: Situation, threats: defence.Threats | None) -> dict:
    opts = _riichi_options(sit)
    def key(o):
        a, u, kinds = o
        furiten = any(k in sit.own_discard_kinds or k == a["tile"] >> 2 for k in kinds)
        loss = defence.expected_loss(sit, threats, a["tile"] >> 2) if threats else 0.0
        return (u * (0.4 if furiten else 1.0)) * 100 - loss
    return max(opts, key=key)[0]


def _closed_yaku_without_riichi(sit: Situation, counts: list[int]) -> bool:
    """Whether a closed tenpai hand (13 tiles ``counts``) likely has a yaku for ron without
    riichi: yakuhai triplet, tanyao (all simples) or a flush (R-YAKU-4)."""
    for k in range(27, 34):
        if counts[k] >= 3 and yakuhai_han(sit, k):
            return True
    if all(counts[k] == 0 for k in _TERM_HONOR) and not any(m for m in sit.melds if min(m["tiles"]) >> 2 in _TERM_HONOR):
        return True
    suits = [sum(counts[s * 9:(s + 1) * 9]) for s in range(3)]
    return sum(suits) - max(suits) == 0


def _wants_riichi(sit: Situation, strong: bool, threats: defence.Threats | None = None) -> bool:
    """Riichi when the best riichi wait is good (≥ 2 kinds and ≥ 4 unseen tiles) or the hand
    has no yaku without it; damaten a good-value or late hand that already has a yaku.

    The strong player (``strong``) also stays damaten as the all-last leader, with a damaten
    mangan, or with fewer than ``RIICHI_LATE_WALL`` tiles left; on a bad wait it declares while more than
    ``RIICHI_CHEAP_BAD_WAIT_WALL`` tiles are left if the damaten is cheap (under
    ``RIICHI_CHEAP_DAMA``), more than ``RIICHI_BAD_WAIT_WALL`` otherwise (R-RIICHI-1)."""
    opts = _riichi_options(sit)
    if not opts:
        return False
    a, u, kinds = max(opts, key=lambda o: o[1])
    c = sit.counts[:]
    c[a["tile"] >> 2] -= 1
    if u == 0:
        return False
    if strong:
        hand13 = list(sit.hand)
        hand13.remove(a["tile"])
        value, has_yaku = tenpai_value(sit, hand13, kinds, riichi=False)
    else:
        value, has_yaku = 0.0, _closed_yaku_without_riichi(sit, c)
    if not has_yaku:
        return True
    good = len(kinds) >= 2 and u >= 4
    if not strong:
        return good
    if _all_last_leader(sit):
        return False  # the top seat in the last hand needs any win, not more value: keep folding open
    if value >= (11600 if sit.is_dealer else 7700):
        return False  # already mangan: damaten keeps the wait hidden
    if sit.wall_count < RIICHI_LATE_WALL:
        return False
    if good:
        return True
    cheap = value < RIICHI_CHEAP_DAMA * (1.5 if sit.is_dealer else 1.0)
    return sit.wall_count > (RIICHI_CHEAP_BAD_WAIT_WALL if cheap else RIICHI_BAD_WAIT_WALL)


def _self_kan(sit: Situation, threats: defence.Threats | None) -> dict | None:
    """Ankan/shouminkan when it does not worsen the shanten; not while folding."""
    for typ in ("ankan", "shouminkan"):
        for a in sit.by_type.get(typ, []):
            kind = (a["tiles"][0] if a["tiles"] else a["tile"]) >> 2
            c = sit.counts[:]
            before = min(discard_options(c, sit.visible)[k].shanten for k in range(34) if c[k])
            c[kind] -= 4 if typ == "ankan" else 1
            if min(c) < 0:
                continue
            after = shanten_of(c)
            if after > before:
                continue
            if threats and typ == "shouminkan" and any(th.tenpai >= 0.5 for _, th, _ in threats):
                continue
            if threats and before >= 1 and any(th.tenpai >= 0.9 for _, th, _ in threats):
                continue
            return a
    return None


def _call_choice(sit: Situation, threats: defence.Threats | None, speed: bool = False,
                 weigh: bool = False) -> dict | None:
    """Chi/pon/daiminkan worth making: lowers shanten (a yakuhai pon may keep it) and the hand
    keeps a yaku (R-WIN-2); ``threats`` (strong player) vetoes calls while folding; ``speed``
    (strong player, all-last leader) opens a closed hand from two shanten even when cheap.
    With ``weigh`` (strong player) a chi/pon within ``lookahead.MAX_SHANTEN`` is made exactly
    when it raises the look-ahead value of the hand, the best such call first."""
    before = shanten_of(sit.counts)
    meld_kinds = _meld_kinds(sit)
    if threats and before >= 1 and any(th.tenpai >= 0.6 for _, th, _ in threats):
        return None
    now = None
    routes = route_now = None
    best, best_key = None, None
    for typ in ("pon", "chi", "daiminkan"):
        for a in sit.by_type.get(typ, []):
            kind = a["tile"] >> 2
            c = sit.counts[:]
            for t in a["tiles"]:
                c[t >> 2] -= 1
            if typ == "daiminkan":
                threatened = bool(threats) and any(th.tenpai >= 0.3 for _, th, _ in threats)
                if sit.is_closed or shanten_of(c) > before or threatened:
                    continue
                if open_hand_has_yaku(sit, c, meld_kinds + [kind], sit.open_tanyao):
                    return a
                continue
            after = shanten_of(c)
            call_kind = min([kind] + [t >> 2 for t in a["tiles"]])
            yakuhai = typ == "pon" and yakuhai_han(sit, kind) > 0
            if weigh and after <= before and not speed:
                if now is None:
                    now = (lookahead.Lookahead(sit).ev(sit.counts, before)
                           if before <= lookahead.MAX_SHANTEN else -1.0)
                value = _call_lookahead(sit, a, c, before, now) if now >= 0.0 else None
                if value is not None:
                    key = (-1, -value)  # weighed calls rank before rule-based ones
                    if value > now and (best_key is None or key < best_key):
                        best, best_key = a, key
                    continue
            if weigh and YAKU_ROUTES and before > lookahead.MAX_SHANTEN and not speed:
                # far from tenpai: call exactly when it lowers the shanten to a hand with a yaku
                if routes is None:
                    routes = YakuRoutes.of(sit)
                    route_now = routes.shanten(sit.counts)
                s_after = routes.with_call(typ, call_kind).shanten(c)
                key = (s_after, -_call_ukeire(sit, c))
                if s_after < route_now and (best_key is None or key < best_key):
                    best, best_key = a, key
                continue
            if after > before or (after == before and not yakuhai):
                continue
            if not open_hand_has_yaku(sit, c, meld_kinds + [call_kind], sit.open_tanyao):
                continue
            if sit.is_closed and not yakuhai and not (speed and after <= 2):
                # opening a closed hand costs riichi: only when close or valuable
                han = estimate_han(sit, c, closed=False, dora=dora_in_hand(sit), meld_kinds=meld_kinds + [call_kind])
                if after >= 3 or (after == 2 and han < 2):
                    continue
            key = (after, -_call_ukeire(sit, c))
            if best_key is None or key < best_key:
                best, best_key = a, key
    return best


def _call_ukeire(sit: Situation, c: list[int]) -> int:
    opts = discard_options(c, sit.visible)
    return max(o.ukeire for o in opts.values())


# ------------------------------------------------------------------ strong

def strong(sit: Situation, rng: random.Random) -> dict:
    """The intermediate's offence plus defence: each discard is scored as
    P(win) × hand value − expected deal-in loss (``defence.expected_loss``)."""
    win = _first(sit, "tsumo", "ron")
    if win:
        return win
    if sit.riichi:
        return _riichi_locked(sit)
    threats = defence.assess(sit)
    if "discard" in sit.by_type or "riichi" in sit.by_type:
        k = _kyuushu(sit)
        if k:
            return k
        kan = _self_kan(sit, threats)
        if kan:
            return kan
        actions = sit.by_type.get("discard", []) or sit.by_type["riichi"]
        choice = _strong_discard(sit, actions, threats, rng)
        if "riichi" in sit.by_type and _wants_riichi(sit, strong=True, threats=threats):
            ck = choice["tile"] >> 2
            c = sit.counts[:]
            c[ck] -= 1
            if shanten_of(c) == 0:  # the chosen discard keeps tenpai: declare with the best wait
                return _riichi_choice(sit, threats)
        return choice
    call = _call_choice(sit, threats, speed=_all_last_leader(sit), weigh=LOOKAHEAD)
    return call or _first(sit, "pass") or sit.legal[0]


def _all_last_leader(sit: Situation) -> bool:
    """True in the last hand of the game (R-END-1) when this seat is strictly first: any win
    keeps first place, so speed counts more than value."""
    me = sit.scores[sit.seat]
    return sit.is_last_hand and all(me > x for i, x in enumerate(sit.scores) if i != sit.seat)


def _win_chance(sit: Situation, sh: int, uke: int, furiten: bool) -> float:
    """Rough probability (0..1) of winning this hand from ``sh`` shanten with ``uke`` unseen
    tiles that advance it, given the tiles left in the wall and riichi opponents."""
    turns = sit.wall_count / 4.0
    unseen_total = max(20, 136 - sum(sit.visible))
    if sh <= 0:
        q = uke / unseen_total
        per_turn = q if furiten else min(0.9, q * 2.2)
        w = (1.0 - (1.0 - per_turn) ** turns) * 0.75
    elif sh == 1:
        w = 0.45 * min(1.0, uke / 20.0) ** 0.5 * min(1.0, turns / 12.0)
    elif sh == 2:
        w = 0.2 * min(1.0, uke / 30.0) ** 0.5 * min(1.0, turns / 15.0)
    elif sh == 3:
        w = 0.08 * min(1.0, turns / 16.0)
    else:
        w = 0.02
    n_riichi = sum(1 for o in sit.opponents if o.riichi)
    return w * max(0.2, 1.0 - RIICHI_RACE * n_riichi)


def _strong_discard(sit: Situation, actions: list[dict], threats: defence.Threats, rng: random.Random) -> dict:
    kinds = sorted({a["tile"] >> 2 for a in actions})
    losses = {k: defence.expected_loss(sit, threats, k) for k in kinds}
    opts = discard_options(sit.counts, sit.visible, all_ukeire=True)
    best_sh = min(opts[k].shanten for k in kinds)
    eff_cands = [k for k in kinds if opts[k].shanten == best_sh]
    eff = _efficiency_scores(sit, eff_cands, opts, actions, improve=True, value=True)
    if max(losses[k] for k in eff_cands) < 60.0:
        # no real threat: the value-weighted look-ahead near tenpai, else the intermediate's
        # efficiency, with safety as a small tie-break
        ev = _discard_lookahead(sit, eff_cands, opts) if LOOKAHEAD else {}
        routed = {} if ev and max(ev.values()) > 0.0 or not YAKU_ROUTES else _route_scores(sit, eff_cands)
        if ev and max(ev.values()) > 0.0:
            best = max(eff_cands, key=lambda k: (ev[k] - losses[k] * 0.05, eff[k], -_centrality(k, sit),
                                                 rng.random()))
        elif routed:
            best = max(routed, key=lambda k: (routed[k], eff[k] - losses[k] / 100.0, -_centrality(k, sit),
                                              rng.random()))
        else:
            best = max(eff_cands, key=lambda k: (eff[k] - losses[k] / 100.0, -_centrality(k, sit), rng.random()))
        return _tile_for_kind(actions, best, sit)
    # push/fold: offence in points against expected loss
    caution = _caution(sit)
    meld_kinds = _meld_kinds(sit)
    dora = dora_in_hand(sit)
    scores = {}
    for k in kinds:
        o = opts[k]
        c = sit.counts[:]
        c[k] -= 1
        if o.shanten == 0:
            value = _tenpai_points(sit, _tile_for_kind(actions, k, sit)["tile"], o.kinds)
        elif sit.is_closed or open_hand_has_yaku(sit, c, meld_kinds, sit.open_tanyao):
            han = estimate_han(sit, c, closed=sit.is_closed, dora=dora - _dora_of_discard(sit, actions, k),
                               meld_kinds=meld_kinds)
            value = points(han, sit.is_dealer)
        else:
            value = 0.0
        furiten = o.shanten == 0 and any(w in sit.own_discard_kinds or w == k for w in o.kinds)
        offence = _win_chance(sit, o.shanten, max(o.ukeire, 0), furiten) * (value + sit.riichi_deposits)
        bonus = eff.get(k, 0.0) * 3.0  # efficiency as a tie-break among equal shanten
        # pushing from n-shanten means about n more unsafe discards before tenpai
        scores[k] = offence - losses[k] * (1.0 + PUSH_FUTURE * o.shanten) * caution + bonus
    best = max(kinds, key=lambda k: (scores[k], -_centrality(k, sit), rng.random()))
    return _tile_for_kind(actions, best, sit)


def _route_scores(sit: Situation, kinds: list[int]) -> dict[int, int]:
    """``{kind: weighted tiles}`` for the discards among ``kinds`` that leave the least shanten
    to a hand with a yaku (``yaku_shanten``), each scored by the unseen tiles that lower it
    (a tile a pon of which would too counts 4, a chi 2); empty when no yaku route is open
    (R-WIN-2; issue 13)."""
    routes = YakuRoutes.of(sit)
    left: dict[int, tuple[int, list[int]]] = {}
    for k in kinds:
        c = sit.counts[:]
        c[k] -= 1
        left[k] = (routes.shanten(c), c)
    least = min(s for s, _ in left.values())
    if least >= NO_ROUTE:
        return {}
    return {k: routes.weighted_ukeire(c, candidate_draws(c)) for k, (s, c) in left.items() if s == least}


def _discard_lookahead(sit: Situation, kinds: list[int], opts: dict[int, DiscardOption]) -> dict[int, float]:
    """``{kind: look-ahead value}`` of discarding each of ``kinds`` (all at one shanten); empty
    beyond ``lookahead.MAX_SHANTEN`` (issue 13: value weighed into efficiency)."""
    if not kinds or opts[kinds[0]].shanten > lookahead.MAX_SHANTEN:
        return {}
    la = lookahead.Lookahead(sit)
    return la.discard_values(sit.counts, {k: opts[k].shanten for k in kinds})


def _call_lookahead(sit: Situation, act: dict, c: list[int], before: int, now: float) -> float | None:
    """Look-ahead value of the hand after the chi/pon ``act`` (concealed ``c`` left after it,
    14 - 3m form) and the best discard, to set against ``now`` (the value without calling);
    ``None`` when the hand is beyond ``lookahead.MAX_SHANTEN`` before or after (the caller's
    rules decide). The call costs riichi and may cost the only yaku: both are in the values
    (R-WIN-2, R-CALL-7)."""
    after = shanten_of(c)
    if before > lookahead.MAX_SHANTEN or after > lookahead.MAX_SHANTEN:
        return None
    meld = {"type": act["type"], "tiles": [*act["tiles"], act["tile"]], "called_tile": act["tile"],
            "from_seat": (sit.last_discard or {}).get("seat")}
    kind = act["tile"] >> 2
    lo = min([kind] + [t >> 2 for t in act["tiles"]])
    la = lookahead.Lookahead(sit, [*sit.melds, meld])
    return la.best_discard(c, lookahead.kuikae_barred(act["type"], lo, kind))


def _caution(sit: Situation) -> float:
    """Weight of the expected loss from the standings (R-END-8, R-RESULT-1): a seat close to
    busting or leading in the last hand defends more; the last seat in the last hand pushes."""
    me = sit.scores[sit.seat]
    others = [x for i, x in enumerate(sit.scores) if i != sit.seat]
    f = LOSS_WEIGHT
    if me < 8000:
        f *= 1.5
    if sit.is_last_hand:
        if me > max(others):
            f *= 1.6 if me - max(others) > 4000 else 1.2
        elif me < min(others):
            f *= 0.7
    return f


def _tenpai_points(sit: Situation, discard_tile: int, waits: tuple[int, ...]) -> float:
    """Ron value of the tenpai left after discarding ``discard_tile``: with riichi when the hand
    is closed (plus 15 % for ura-dora, ippatsu and tsumo), as it stands when open."""
    hand13 = list(sit.hand)
    hand13.remove(discard_tile)
    if sit.is_closed:
        pts, _ = tenpai_value(sit, hand13, waits, riichi=True)
        return pts * 1.15
    pts, _ = tenpai_value(sit, hand13, waits, riichi=False)
    return pts


def _dora_of_discard(sit: Situation, actions: list[dict], kind: int) -> int:
    a = _tile_for_kind(actions, kind, sit)
    return sit.dora.count(kind) + (1 if a["tile"] in RED_FIVES else 0)


PLAYERS: dict[str, Player] = {"beginner": beginner, "intermediate": intermediate, "strong": strong}
