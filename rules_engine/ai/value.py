"""Hand-value heuristics for the computer players (R-YAKU, R-DORA, R-SCORE).

These are estimates, not scoring: the exact value of a finished hand is the job of
``rules_engine.riichi``. Kinds are 0..33; counts are 34-length lists of concealed
tiles; ``meld_kinds`` lists the kind of each meld (its lowest tile).
"""
from __future__ import annotations

from typing import Sequence

from rules_engine.ai.state import Situation
from rules_engine.core.tiles import DRAGON_KINDS, TERMINAL_HONOR_KINDS

_TERM_HONOR = frozenset(TERMINAL_HONOR_KINDS)

# Non-dealer ron points by han at 30 fu, limits above (R-SCORE-3, R-SCORE-4).
_POINTS = (0, 1000, 2000, 3900, 7700, 8000, 12000, 12000, 16000, 16000, 16000, 24000, 24000, 32000)


def yakuhai_han(sit: Situation, kind: int) -> int:
    """Han a triplet of ``kind`` gives this seat: dragons 1, own seat wind 1, round wind 1
    (a double wind gives 2) (R-YAKU-4)."""
    if kind in DRAGON_KINDS:
        return 1
    if kind < 27:
        return 0
    return int(kind - 27 == sit.seat_wind) + int(kind - 27 == sit.round_wind)


def points(han: float, dealer: bool) -> float:
    """Approximate ron value in table points of a hand of ``han`` (fractional han interpolate)."""
    if han <= 0:
        return 0.0
    lo = min(int(han), len(_POINTS) - 1)
    hi = min(lo + 1, len(_POINTS) - 1)
    frac = han - int(han)
    p = _POINTS[lo] * (1 - frac) + _POINTS[hi] * frac
    return p * (1.5 if dealer else 1.0)


def dora_in_hand(sit: Situation) -> int:
    """Dora and red fives among own concealed tiles and melds (R-DORA-4, R-DORA-5)."""
    return sit.dora_count(sit.hand) + sit.dora_count(sit.meld_tiles())


def estimate_han(sit: Situation, counts: Sequence[int], *, closed: bool, dora: int,
                 meld_kinds: Sequence[int] = ()) -> float:
    """Expected han of the hand ``counts`` (concealed) plus melds of ``meld_kinds``.

    Counts dora (given), yakuhai triplets (pairs as 0.4 of their value), tanyao, a
    half flush, and for a closed hand riichi plus 0.5 for tsumo/ura/ippatsu chances.
    """
    han = float(dora)
    for k in range(27, 34):
        yh = yakuhai_han(sit, k)
        if yh:
            if counts[k] >= 3 or k in meld_kinds:
                han += yh
            elif counts[k] == 2:
                han += 0.4 * yh
    nonsimple = sum(counts[k] for k in _TERM_HONOR) + sum(1 for k in meld_kinds if _is_nonsimple_meld(k))
    if not any(_is_nonsimple_meld(k) for k in meld_kinds):
        if nonsimple == 0:
            han += 1
        elif nonsimple <= 2 and closed:
            han += 0.5
    suit_counts = [sum(counts[s * 9:(s + 1) * 9]) for s in range(3)]
    for k in meld_kinds:
        if k < 27:
            suit_counts[k // 9] += 3
    total = sum(suit_counts)
    if total:
        main = max(suit_counts)
        off = total - main
        if off == 0:
            han += 3 if closed else 2
        elif off <= 2 and closed:
            han += 1
    if closed:
        han += 1.5
    return han


def _is_nonsimple_meld(kind: int) -> bool:
    # a meld's lowest kind: honours and terminal pons, or chi 123 / 789
    return kind >= 27 or kind % 9 in (0, 6, 8)


def open_hand_has_yaku(sit: Situation, counts: Sequence[int], meld_kinds: Sequence[int],
                       open_tanyao: bool = True) -> bool:
    """True if an open hand with concealed ``counts`` and melds ``meld_kinds`` keeps a
    plausible yaku (R-WIN-2): a yakuhai meld or concealed yakuhai triplet/pair, tanyao
    (all melds simple, at most one concealed terminal/honour), or a half flush (all melds
    in one suit or honours, at most two concealed tiles of other suits)."""
    for k in range(27, 34):
        if yakuhai_han(sit, k) and (k in meld_kinds or counts[k] >= 3
                                    or (counts[k] == 2 and sit.unseen(k) >= 1)):
            return True
    if open_tanyao and not any(_is_nonsimple_meld(k) for k in meld_kinds):
        if sum(counts[k] for k in _TERM_HONOR) <= 1:
            return True
    suits = {k // 9 for k in meld_kinds if k < 27}
    if len(suits) <= 1:
        suit_counts = [sum(counts[s * 9:(s + 1) * 9]) for s in range(3)]
        main = next(iter(suits)) if suits else max(range(3), key=suit_counts.__getitem__)
        if sum(suit_counts) - suit_counts[main] <= 2:
            return True
    return False


def tenpai_value(sit: Situation, hand13: Sequence[int], waits: Sequence[int], *, riichi: bool
                 ) -> tuple[float, bool]:
    """Exact ron value of a tenpai hand, averaged over its waits (R-SCORE, R-WIN-2).

    ``hand13``: physical ids of the 13 - 3m concealed tiles after the discard; ``waits``: the
    waiting kinds. Each wait with an unseen copy is scored by ``rules_engine.riichi.evaluate``
    as a ron (with ``riichi`` set as asked; ura-dora unknown, so not counted) and weighted by
    its unseen copies. Returns ``(average ron points, True if some wait has a yaku)``;
    a wait without a yaku counts 0 points (it cannot ron, R-WIN-2).
    """
    from rules_engine.core.meld import Meld
    from rules_engine.riichi import HandError, WinContext, evaluate
    from rules_engine.riichi.payments import round_up_100

    melds = tuple(Meld.from_json(m) for m in sit.melds)
    used = set(hand13)
    total = weight = 0.0
    any_yaku = False
    for w in waits:
        n = sit.unseen(w)
        tile = next((t for t in (4 * w + 1, 4 * w + 2, 4 * w + 3, 4 * w) if t not in used), None)
        if tile is None:
            continue
        ctx = WinContext(concealed=tuple(hand13) + (tile,), melds=melds, win_tile=tile, tsumo=False,
                         seat_wind=sit.seat_wind, round_wind=sit.round_wind,
                         dora_indicators=tuple(sit.dora_indicators), riichi=riichi)
        try:
            res = evaluate(ctx, sit.preset)
        except HandError:
            pts = 0.0
        else:
            any_yaku = True
            pts = float(round_up_100(res.base_points * (6 if sit.is_dealer else 4)))
        weight += max(n, 0.25)  # a wait with no unseen copy still tells whether a yaku exists
        total += max(n, 0.25) * pts
    return (total / weight if weight else 0.0), any_yaku

