"""The strong Taiwanese computer (issue 12 item 6; P-BOT-3, T-ONLINE-6): push or fold by the
chance of winning against the chance of dealing in.

Every discard kind is scored ``WIN_WEIGHT * win_chance(shanten, ukeire) - deal_in(kind) *
(1 + FUTURE * shanten)``: the first term is the intermediate's efficiency (shanten, then unseen
tiles accepted) turned into a rough chance of winning the hand; the second the chance that an
opponent wins on this very tile (``danger``: fitted on played hands, exact for tiles that passed
an opponent, no furiten, T-WIN-6), weighted up for the unsafe discards still to come while the
hand is far from ready. So it discards efficiently while nobody is near, keeps the safest of
equally fast tiles, and folds a far hand against an opponent with many open sets late in the
hand. Wins are always declared (T-WIN-5); Original Call (T-ORIG-2, 15 tai T-TAI-38) on a wait of
two or more unseen tiles. A chow, pung or exposed kong is called when the hand's best discard
after it scores more than the hand as it is (``choose_call``): calls that make the hand faster,
not while a forced discard would be too dangerous.
"""
from __future__ import annotations

import math
import random
from dataclasses import replace

from rules_engine.taiwanese.ai import danger, defence
from rules_engine.taiwanese.ai.efficiency import Option, centrality, discard_options, isolation, shanten_of, ukeire
from rules_engine.taiwanese.ai.state import TwSituation

WIN_WEIGHT = 2.5
"""Worth of a win against a deal-in (a win is paid by one or three, a deal-in costs one payment;
tuned in the arena: 1.2 folded too much, 2.0 and 3.0 placed alike)."""
FUTURE = 0.3
"""Extra weight of the deal-in chance per shanten left (more unsafe discards before winning)."""
OC_WAIT = 2
"""Fewest unseen winning tiles for an Original Call (the locked hand cannot fold or improve)."""
FOLD_LEVEL = 0.05
"""Deal-in chance of an unknown middle tile above which a hand two or more from ready adds no
kong to a pung (an added kong can be robbed, T-KONG-4, and gives a tile away)."""


WIN_MODEL = (-4.1333, -1.2402, 0.0576, 0.6294, 0.0662, 0.8935, 0.9630)
"""Logistic coefficients of ``win_chance``: bias, shanten, shanten², live wall /16, its square,
ln(1 + ukeire), ready. Fitted on 9,215 discards of 250 single hands of four intermediate
computers (the chance that the discarder went on to win that hand)."""


def win_chance(sit: TwSituation, sh: int, uke: int) -> float:
    """Chance (0..1) of winning the hand from ``sh`` shanten with ``uke`` unseen advancing tiles
    at the current live wall, against players who push (``WIN_MODEL``); 1.0 for a complete hand."""
    if sh < 0:
        return 1.0
    b0, b_sh, b_sh2, b_w, b_w2, b_u, b_ready = WIN_MODEL
    w = sit.wall_count / 16.0
    z = b0 + b_sh * sh + b_sh2 * sh * sh + b_w * w + b_w2 * w * w + b_u * math.log1p(max(uke, 0)) + b_ready * (sh == 0)
    return 1.0 / (1.0 + math.exp(-z))


def _keep_penalty(sit: TwSituation, kind: int) -> float:
    """Breaking an honour pair gives up a 1-tai pung (T-TAI-12): a small tie-break cost."""
    return 0.01 if kind >= 27 and sit.counts[kind] == 2 and sit.visible[kind] < 4 else 0.0


def discard_scores(sit: TwSituation, kinds: list[int],
                   ths: list[defence.Threat]) -> tuple[dict[int, float], dict[int, Option], dict[int, float]]:
    """``(score, option, deal-in chance)`` per discard kind of ``kinds``; the highest score is played."""
    opts = discard_options(sit.counts, sit.visible, sit.n_declared, kinds, slack=1)
    risk = {k: danger.deal_in(sit, ths, k) for k in kinds}
    best = min(o.shanten for o in opts.values())
    # a slower hand accepts more tiles; credit it no more than the fastest options accept
    cap = min(o.ukeire for o in opts.values() if o.shanten == best)
    scores = {}
    for k in kinds:
        o = opts[k]
        uke = o.ukeire if o.shanten == best else min(o.ukeire, cap)
        win = win_chance(sit, o.shanten, uke) if o.ukeire >= 0 else 0.0
        scores[k] = WIN_WEIGHT * win - risk[k] * (1.0 + FUTURE * max(o.shanten, 0)) - _keep_penalty(sit, k)
    return scores, opts, risk


def choose_discard(sit: TwSituation, kinds: list[int], ths: list[defence.Threat], rng: random.Random) -> int:
    """The best-scoring discard kind of ``kinds`` (ties: more ukeire, edge tiles, isolated tiles)."""
    scores, opts, _risk = discard_scores(sit, kinds, ths)
    return max(kinds, key=lambda k: (round(scores[k], 4), opts[k].ukeire, -centrality(k),
                                     -isolation(k, sit.counts), rng.random()))


def folding(sit: TwSituation, ths: list[defence.Threat]) -> bool:
    """Two or more from ready while an unknown middle tile is a risky discard."""
    if shanten_of(sit.counts, sit.n_declared) < 2:
        return False
    middle = next((k for k in (4, 13, 22) if k not in set().union(*(th.passed for th in ths))), 4)
    return danger.deal_in(sit, ths, middle) >= FOLD_LEVEL


CALL_MARGIN = 0.02
"""Score a call must add over passing (a called set is fixed, the hand loses flexibility)."""


def choose_call(sit: TwSituation, ths: list[defence.Threat]) -> dict | None:
    """The chow, pung or exposed kong whose best discard afterwards scores ``CALL_MARGIN`` more
    than passing (``WIN_WEIGHT * win_chance`` of the hand as it is), or ``None``."""
    sh0 = shanten_of(sit.counts, sit.n_declared)
    u0, _ = ukeire(sit.counts, sit.visible, sit.n_declared, sh0)
    base = WIN_WEIGHT * win_chance(sit, sh0, u0) + CALL_MARGIN
    best, best_score = None, base
    for typ in ("pon", "chi", "daiminkan"):
        for a in sit.by_type.get(typ, []):
            counts = list(sit.counts)
            for t in a["tiles"]:
                counts[t >> 2] -= 1
            after = replace(sit, counts=counts,
                            melds=sit.melds + [{"type": typ, "tiles": list(a["tiles"]) + [a["tile"]]}])
            if typ == "daiminkan":
                sh = shanten_of(counts, after.n_declared)
                u, _ = ukeire(counts, sit.visible, after.n_declared, sh)
                score = WIN_WEIGHT * win_chance(after, sh, u)
            else:
                kinds = [k for k in range(34) if counts[k]]
                scores, _opts, _risk = discard_scores(after, kinds, ths)
                score = max(scores.values())
            if a["tile"] >> 2 >= 27 and typ == "pon":
                score += 0.01  # an honour pung scores 1 tai (T-TAI-12)
            if score > best_score:
                best, best_score = a, score
    return best
