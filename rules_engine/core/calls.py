"""Pure option generators for one seat's hand: discards, chi, pon, kans, kuikae
(R-CALL-1 to R-CALL-3, R-CALL-10, R-KUIKAE, R-KAN-1, R-TILE-4).

Hands are lists of physical tile ids (0..135). Where two choices differ only in
which ordinary (non-red) copy is used, the lowest id is chosen; red versus
ordinary five are distinct options (R-TILE-4). Results are sorted tuples of ids.
"""
from __future__ import annotations

from typing import Iterable, Sequence

from rules_engine.core.meld import Meld
from rules_engine.core.tiles import RED_FIVES


def representatives(hand: Iterable[int]) -> dict[tuple[int, bool], int]:
    """``{(kind, is_red): lowest id}`` over ``hand``: one entry per distinct choice (R-TILE-4)."""
    reps: dict[tuple[int, bool], int] = {}
    for t in hand:
        key = (t >> 2, t in RED_FIVES)
        cur = reps.get(key)
        if cur is None or t < cur:
            reps[key] = t
    return reps


CHOICE_KEY = tuple(t + 1000 if t in RED_FIVES else t >> 2 for t in range(136))
"""``CHOICE_KEY[id]``: what a discard choice is told apart by: the kind, or the red five's own id."""


def discard_choices(hand: Sequence[int], forbidden_kinds: frozenset[int] | set[int] = frozenset(),
                    drawn: int | None = None) -> list[int]:
    """Tile ids that may be discarded: one per (kind, red) with the lowest id, plus the drawn
    tile itself when it is a different id (tsumogiri, P-TIMEOUT-1); kinds in
    ``forbidden_kinds`` (kuikae, R-KUIKAE-1/-2) are left out. Sorted ascending."""
    ordered = sorted(hand)
    if ordered and (ordered[0] < 0 or ordered[-1] >= 136):  # not tile ids: the plain loop answers
        return _discard_choices_loop(hand, forbidden_kinds, drawn)
    # in id order a choice's ids (a kind's ordinary copies, or one red five) are adjacent, so
    # the first id of each run of equal keys is the choice's lowest id
    out: list[int] = []
    last = -1
    key = CHOICE_KEY
    if forbidden_kinds:
        for t in ordered:
            k = key[t]
            if k != last:
                last = k
                if (t >> 2) not in forbidden_kinds:
                    out.append(t)
    else:
        for t in ordered:
            k = key[t]
            if k != last:
                last = k
                out.append(t)
    if drawn is not None and drawn not in out and (drawn >> 2) not in forbidden_kinds:
        out.append(drawn)
        out.sort()
    return out


def _discard_choices_loop(hand: Sequence[int], forbidden_kinds: frozenset[int] | set[int],
                          drawn: int | None) -> list[int]:
    """``discard_choices`` tile by tile (any int ids)."""
    out: list[int] = []
    last = -1  # kind of the last ordinary tile seen; in id order a kind's ordinary tiles are adjacent
    red = RED_FIVES
    for t in sorted(hand):
        if t in red:  # a red five is a choice of its own (one red id per kind)
            if (t >> 2) not in forbidden_kinds:
                out.append(t)
            continue
        k = t >> 2
        if k != last:
            last = k
            if k not in forbidden_kinds:
                out.append(t)
    if drawn is not None and (drawn >> 2) not in forbidden_kinds and drawn not in out:
        out.append(drawn)
        out.sort()
    return out


def _pick_variants(hand: Sequence[int], kind: int, n: int) -> list[tuple[int, ...]]:
    """Distinct ways (red/ordinary) to take ``n`` tiles of ``kind`` from ``hand``, lowest ids."""
    copies = sorted(t for t in hand if t >> 2 == kind)
    if len(copies) < n:
        return []
    reds = [t for t in copies if t in RED_FIVES]
    plain = [t for t in copies if t not in RED_FIVES]
    out = []
    if len(plain) >= n:
        out.append(tuple(plain[:n]))
    if reds and len(plain) >= n - 1:
        out.append(tuple(sorted(reds[:1] + plain[:n - 1])))
    return out


def kuikae_forbidden(call: str, claimed: int, own: Sequence[int]) -> frozenset[int]:
    """Kinds that may not be discarded right after the call (R-KUIKAE-1, R-KUIKAE-2).

    ``call`` is ``"chi"`` or ``"pon"``; ``claimed`` the claimed tile id; ``own`` the two own tiles.
    """
    k = claimed >> 2
    forbidden = {k}
    if call == "chi":
        kinds = sorted([k] + [t >> 2 for t in own])
        num = k % 9
        if k == kinds[0] and num + 3 <= 8:
            forbidden.add(k + 3)
        elif k == kinds[2] and num - 3 >= 0:
            forbidden.add(k - 3)
    return frozenset(forbidden)


def _leaves_discard(hand: Sequence[int], used: Sequence[int], forbidden: frozenset[int]) -> bool:
    """True if some tile of ``hand`` other than the distinct ids ``used`` is of a kind outside
    ``forbidden``."""
    for t in hand:
        if (t >> 2) not in forbidden and t not in used:
            return True
    return False


def chi_options(hand: Sequence[int], claimed: int) -> list[tuple[int, ...]]:
    """Own-tile pairs for a chi on ``claimed`` (R-CALL-1), only those leaving a legal
    discard under kuikae (R-CALL-10). Honors never; no wrap-around."""
    k = claimed >> 2
    if k >= 27:
        return []
    num = k % 9
    # one variant per (kind, red) of the kinds up to two away in the suit: (lowest ordinary id,)
    # and (red id,), as _pick_variants(hand, kind, 1) gives them
    near_lo, near_hi = k - min(num, 2), k + min(8 - num, 2)
    plain: dict[int, int] = {}
    red: dict[int, int] = {}
    for t in hand:
        kk = t >> 2
        if near_lo <= kk <= near_hi and kk != k:
            if t in RED_FIVES:
                if kk not in red or t < red[kk]:
                    red[kk] = t
            elif kk not in plain or t < plain[kk]:
                plain[kk] = t
    if not plain and not red:
        return []

    out: list[tuple[int, ...]] = []
    base = k - num
    for lo in range(max(num - 2, 0), min(num, 6) + 1):
        kinds = [base + lo + i for i in range(3) if lo + i != num]  # the two own kinds, ascending
        v0 = [plain[kinds[0]]] if kinds[0] in plain else []
        if kinds[0] in red:
            v0.append(red[kinds[0]])
        v1 = [plain[kinds[1]]] if kinds[1] in plain else []
        if kinds[1] in red:
            v1.append(red[kinds[1]])
        if not v0 or not v1:
            continue
        forbidden = kuikae_forbidden("chi", claimed, (v0[0], v1[0]))  # the same for every variant
        for a in v0:
            for b in v1:
                own = (a, b)  # a's kind is below b's, so the ids are sorted
                if _leaves_discard(hand, own, forbidden):
                    out.append(own)
    return sorted(set(out))


def pon_options(hand: Sequence[int], claimed: int) -> list[tuple[int, ...]]:
    """Own-tile pairs for a pon on ``claimed`` (R-CALL-2), red/ordinary variants distinct,
    only those leaving a legal discard (R-CALL-10)."""
    k = claimed >> 2
    out = []
    for own in _pick_variants(hand, k, 2):
        if _leaves_discard(hand, own, kuikae_forbidden("pon", claimed, own)):
            out.append(own)
    return out


def daiminkan_option(hand: Sequence[int], claimed: int) -> tuple[int, ...] | None:
    """The three own tiles for an open kan on ``claimed`` (R-CALL-3), or ``None``."""
    own = tuple(sorted(t for t in hand if t >> 2 == claimed >> 2))
    return own if len(own) == 3 else None


def ankan_options(hand: Sequence[int]) -> list[tuple[int, ...]]:
    """Every kind held four times in ``hand``: the four ids (R-KAN-1)."""
    by_kind: dict[int, list[int]] = {}
    for t in hand:
        by_kind.setdefault(t >> 2, []).append(t)
    return [tuple(sorted(v)) for _k, v in sorted(by_kind.items()) if len(v) == 4]


def shouminkan_options(hand: Sequence[int], melds: Sequence[Meld]) -> list[int]:
    """Tile ids of ``hand`` that can be added to an own pon (R-KAN-1: any held tile)."""
    pon_kinds = {m.tiles[0] >> 2 for m in melds if m.type == "pon"}  # a pon's tiles are sorted, one kind
    if not pon_kinds:
        return []
    return sorted(t for t in hand if t >> 2 in pon_kinds)
