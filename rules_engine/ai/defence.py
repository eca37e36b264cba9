"""Defence: how dangerous each tile kind is to discard, read from public information only.

All functions take a ``Situation`` (``rules_engine.ai.state``, built from a seat view)
and an ``Opponent`` of it; kinds are 0..33. The estimates use the standard reading
tools of riichi mahjong:

- **genbutsu** — a kind in the opponent's own discards can never ron them (furiten,
  R-FURITEN-2); after their riichi, every kind discarded by anyone without their ron is
  safe too (riichi furiten, R-FURITEN-4).
- **suji** — a two-sided wait ``n+1 n+2`` waits on ``n`` and ``n+3``: if ``n+3`` is
  genbutsu, that wait cannot exist, so ``n`` is safer (and likewise from below).
- **kabe** — when all four copies of a kind are visible, two-sided waits built with it
  cannot exist.
- **visible counts** — a pair wait (shanpon) or a single wait (tanki) on a kind needs
  unseen copies of it.

``danger(...)`` is an estimated probability, in percent, that the discard deals in
when that opponent is tenpai; ``threat(...)`` estimates how likely the opponent is
tenpai and what dealing in costs (points).
"""
from __future__ import annotations

from dataclasses import dataclass

from rules_engine.ai.state import Opponent, Situation
from rules_engine.core.tiles import DRAGON_KINDS

# Relative weights of the wait shapes that can hit a kind; ~4.3 % per weight unit.
_RYANMEN = 1.0
_PENCHAN = 0.35
_KANCHAN = 0.35
_SHANPON = 0.35
_TANKI = 0.15
_HONOR_SHANPON = 0.9
_HONOR_TANKI = 0.35
_PERCENT_PER_UNIT = 4.3
RIICHI_VALUE = 6400
"""Average points lost by dealing into a non-dealer riichi (dealer: ×1.5), before shown dora."""
DAMA_TENPAI_PER_TURN = 0.02
"""Probability per discard after the eighth that a closed seat without riichi is tenpai (damaten).
Was 0.03 after the seventh, up to 0.3: most closed tenpai declare riichi, and the phantom
damaten made the strong computer fold two-shanten hands with nobody in riichi (issue 13)."""
DAMA_TENPAI_MAX = 0.15
"""Cap of that probability (was 0.3)."""


def genbutsu(sit: Situation, opp: Opponent) -> set[int]:
    """Kinds that cannot ron ``opp`` now: their own discards (R-FURITEN-2) and, after their
    riichi, every discard by any seat made after the riichi declaration (R-FURITEN-4)."""
    safe = {d.tile >> 2 for d in opp.discards}
    if opp.riichi_order is not None:
        r = opp.riichi_order
        for other in sit.opponents:
            for d in other.discards:
                if d.order > r:
                    safe.add(d.tile >> 2)
        for d in sit.own_discards:
            if d.order > r:
                safe.add(d.tile >> 2)
    return safe


def danger(sit: Situation, opp: Opponent, kind: int, safe: set[int] | None = None) -> float:
    """Estimated deal-in chance in percent (0..~15) of discarding ``kind`` if ``opp`` is tenpai.

    0 for genbutsu; otherwise the sum of the wait shapes still possible on ``kind`` given
    suji (against ``safe``, the genbutsu set), kabe and unseen copies (``sit.visible``).
    """
    if safe is None:
        safe = genbutsu(sit, opp)
    if kind in safe:
        return 0.0
    unseen = sit.unseen
    left = unseen(kind)  # copies others may hold, the discarded copy is in my hand
    if kind >= 27:
        w = (_HONOR_SHANPON if left >= 2 else 0.0) + (_HONOR_TANKI if left >= 1 else 0.0)
        if kind in DRAGON_KINDS or kind - 27 == opp.seat_wind or kind - 27 == sit.round_wind:
            w *= 1.15  # a yakuhai pair wait also gives the hand its yaku
        return w * _PERCENT_PER_UNIT
    n = kind % 9 + 1
    w = 0.0
    # two-sided (or edge) waits from above: holding n+1, n+2
    if n <= 7 and unseen(kind + 1) and unseen(kind + 2):
        if n == 7:
            w += _PENCHAN  # 89 waits on 7 only
        elif (kind + 3) not in safe:
            w += _RYANMEN
    # from below: holding n-2, n-1
    if n >= 3 and unseen(kind - 1) and unseen(kind - 2):
        if n == 3:
            w += _PENCHAN  # 12 waits on 3 only
        elif (kind - 3) not in safe:
            w += _RYANMEN
    # closed wait: holding n-1 and n+1
    if 2 <= n <= 8 and unseen(kind - 1) and unseen(kind + 1):
        w += _KANCHAN
    if left >= 2:
        w += _SHANPON
    if left >= 1:
        w += _TANKI
    return w * _PERCENT_PER_UNIT


@dataclass(frozen=True, slots=True)
class Threat:
    """How threatening one opponent is.

    - ``tenpai``: estimated probability (0..1) that they are tenpai now.
    - ``value``: estimated points lost on dealing in (ron value, table points).
    - ``suits``: for an obvious flush (honitsu/chinitsu), the only suit (0..2) they can wait
      in, with honours; ``None`` otherwise.
    - ``toitoi``: True if their melds are all pon/kan (two or more), so they wait on pairs.
    """

    seat: int
    tenpai: float
    value: float
    suit: int | None
    toitoi: bool


def threat(sit: Situation, opp: Opponent) -> Threat:
    """Estimate ``opp``'s tenpai probability and hand value from public information."""
    dealer = opp.seat == sit.dealer
    mult = 1.5 if dealer else 1.0
    dora_shown = sum(sit.dora.count(k) for k in opp.meld_kinds)
    dora_shown += sum(1 for m in opp.melds for t in m["tiles"] if t in (16, 52, 88))
    suits = {k // 9 for k in opp.meld_kinds if k < 27}
    n_open = opp.open_meld_count
    flush = n_open >= 2 and len(suits) == 1
    suit = next(iter(suits)) if flush else None
    toitoi = n_open >= 2 and all(m["type"] != "chi" for m in opp.melds)
    yakuhai_melds = sum(1 for m in opp.melds
                        if (m["tiles"][0] >> 2) in DRAGON_KINDS
                        or (m["tiles"][0] >> 2) - 27 in (opp.seat_wind, sit.round_wind))
    if opp.riichi:
        value = (RIICHI_VALUE + 1600 * dora_shown) * mult
        return Threat(opp.seat, 1.0, value, None, False)
    turns = len(opp.discards)
    if n_open == 0:
        p = min(DAMA_TENPAI_MAX, DAMA_TENPAI_PER_TURN * max(0, turns - 8))
        return Threat(opp.seat, p, 4000 * mult, None, False)
    p = {1: 0.12, 2: 0.35, 3: 0.65}.get(n_open, 0.9) + 0.02 * max(0, turns - 6)
    if flush:
        p += 0.15
    p = min(p, 0.95)
    value = 2000 + 1500 * dora_shown + 1000 * yakuhai_melds
    if flush:
        value += 3500
    if toitoi:
        value += 2500
    return Threat(opp.seat, p, value * mult, suit, toitoi)


def tile_danger(sit: Situation, opp: Opponent, th: Threat, kind: int, safe: set[int]) -> float:
    """``danger`` adjusted for an obvious flush (other suits are safe) or toitoi
    (only pair waits), in percent."""
    if th.suit is not None and kind < 27 and kind // 9 != th.suit:
        return 0.0
    d = danger(sit, opp, kind, safe)
    if th.toitoi and d > 0.0:
        # only pair waits (shanpon, tanki): sequences are out, pairs are the whole risk
        if kind >= 27:
            d *= 1.5
        else:
            left = sit.unseen(kind)
            d = ((_SHANPON * 2.5 if left >= 2 else 0.0) + (_TANKI * 2.5 if left >= 1 else 0.0)) * _PERCENT_PER_UNIT
    if th.suit is not None:
        d *= 1.6
    return d


Threats = list[tuple[Opponent, Threat, set[int]]]
"""``(opponent, threat, genbutsu kinds)`` for each opponent, as made by ``assess``."""


def expected_loss(sit: Situation, threats: Threats, kind: int) -> float:
    """Expected points lost by discarding ``kind``: the sum over opponents of
    P(tenpai) × P(deal-in | tenpai) × value."""
    loss = 0.0
    for opp, th, safe in threats:
        if th.tenpai <= 0.0:
            continue
        loss += th.tenpai * tile_danger(sit, opp, th, kind, safe) / 100.0 * th.value
    return loss


def assess(sit: Situation) -> Threats:
    """``(opponent, threat, genbutsu)`` for every opponent of the seat."""
    return [(o, threat(sit, o), genbutsu(sit, o)) for o in sit.opponents]
