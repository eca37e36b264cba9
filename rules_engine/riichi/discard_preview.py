"""Per-discard wait preview for the seat in turn (P-PLAY-7; R-TENPAI-1, R-FURITEN-1/-2/-3/-4).

While a player chooses a discard (or a riichi discard), the own-seat view tells, for each
discardable kind that would leave the hand tenpai, the waiting kinds it would leave, whether
the player would then be furiten, and whether no waiting kind would give a yaku by ron.
Copies still unseen are counted by the client from what the seat already sees.

``tenpai_discards(counts, meld_counts)`` is the shape-only part (no Django, no game);
``discard_previews(game, seat)`` adds furiten and the no-yaku check for a live game.
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from rules_engine.core.hand_shape import waits_of_counts
from rules_engine.core.shanten import shanten_recent, to_key
from rules_engine.core.waits import _counts34

if TYPE_CHECKING:  # pragma: no cover
    from rules_engine.game import Game

_KINDS = range(34)


def tenpai_discards(counts: Sequence[int], meld_counts: Sequence[int] | None = None) -> dict[int, list[int]]:
    """Waiting kinds left by each discard of a ``14 - 3m`` hand, for the discards that leave it tenpai.

    ``counts``: 34 concealed-tile counts by kind (``14 - 3m`` tiles); ``meld_counts``: 34 counts of
    the seat's own meld tiles (kans count four) or None. Returns ``{discard_kind: [waiting kinds
    ascending]}`` holding only the discards after which the hand is tenpai (R-TENPAI-1: a kind of
    which the seat holds all four copies in concealed tiles and melds is not a wait), i.e. exactly
    ``waits.waiting_kinds(counts - discard, meld_counts)`` where that is not empty.
    Raises ``ValueError`` for malformed input or a ``13 - 3m`` hand.
    """
    b, n = to_key(counts)
    if n % 3 != 2:
        raise ValueError(f"tenpai_discards needs a hand of 14-3m concealed tiles, got {n} (R-HAND-1)")
    melds = tuple(_counts34("meld_counts", meld_counts))
    for k in _KINDS:
        if b[k] + melds[k] > 4:
            raise ValueError(f"kind {k}: {b[k]} concealed plus {melds[k]} in melds exceeds the 4 copies (R-TILE-1)")
    return _tenpai_discards(b, n, melds)


def _tenpai_discards(b: bytes, n: int, melds: tuple[int, ...]) -> dict[int, list[int]]:
    """``tenpai_discards`` on validated ``bytes`` counts of ``n`` tiles (no checks)."""
    # The shanten of a 14 - 3m hand is the least shanten left by one of its discards: above 0,
    # no discard leaves the hand tenpai (answered by one lookup, shared with the riichi test).
    if shanten_recent(b, n) > 0:
        return {}
    out: dict[int, list[int]] = {}
    work = bytearray(b)
    for d in _KINDS:
        c = work[d]
        if not c:
            continue
        work[d] = c - 1
        key = bytes(work)
        if shanten_recent(key, n - 1) == 0:
            # Memoized waits (hand_shape), shared with the table's waits after the discard.
            waits = waits_of_counts(tuple(key), melds)
            if waits:
                out[d] = sorted(waits)
        work[d] = c
    return out


def discard_previews(game: "Game", seat: int) -> list[dict]:
    """The own-seat ``discard_waits`` view key of ``seat`` (P-PLAY-7).

    Empty unless it is ``seat``'s turn with discards still to choose. Otherwise one record per
    legal discard kind (``discard`` or ``riichi`` actions) that leaves the hand tenpai, by kind:
    ``{"kind": discard kind 0..33, "waits": [kinds], "furiten": bool, "no_yaku": bool}`` where
    ``furiten`` tells whether the seat would be furiten after that discard (R-FURITEN-2 with the
    discard itself in its pond, or a temporary / riichi furiten that the discard does not end,
    R-FURITEN-3/-4) and ``no_yaku`` whether no waiting kind would give a yaku by ron without
    riichi (as ``Game.tenpai_without_yaku``; a seat already in riichi always has one).
    """
    if game.phase != "turn" or game._turn != seat or seat in game._answers:
        return []
    s = game._seats[seat]
    # The hand before this turn's draw or call had shanten s.shanten; one tile lowers it by at
    # most one, so from 2 up no discard can leave the hand tenpai (most turns end here).
    if s.shanten > 1:
        return []
    kinds = {a.tile >> 2 for a in game._legal.get(seat, ()) if a.type in ("discard", "riichi")}
    if not kinds:
        return []
    meld_counts = [0] * 34
    for m in s.melds:
        for t in m.tiles:
            meld_counts[t >> 2] += 1
    found = _tenpai_discards(bytes(s.kinds), len(s.hand), tuple(meld_counts))
    out = []
    for d in sorted(kinds.intersection(found)):
        waits = found[d]
        furiten = s.riichi_furiten or s.temp_furiten or any(k == d or k in s.discard_kinds for k in waits)
        out.append({"kind": d, "waits": waits, "furiten": furiten,
                    "no_yaku": not s.riichi and game.hand_without_yaku(seat, d, waits)})
    return out
