"""Yaku and yakuman detection (R-YAKU, R-YAKUMAN).

Names are the romanized names of the R-YAKU / R-YAKUMAN tables in snake_case.
The functions work on 34-count arrays and on a reading's sets, each set a
``(kind, t)`` pair: ``t`` = 0 sequence starting at ``kind``, 1 open triplet
(pon, or completed by the ron tile, R-FU-5), 2 concealed triplet, 3 open kan
(daiminkan, shouminkan), 4 closed kan (ankan).
"""
from __future__ import annotations

from typing import TYPE_CHECKING, Iterable, Sequence

if TYPE_CHECKING:
    from rules_engine.riichi.context import WinContext

SEQ, OPEN_TRIPLET, CONCEALED_TRIPLET, OPEN_KAN, CLOSED_KAN = 0, 1, 2, 3, 4

YAKU_ORDER = (
    "riichi", "daburu_riichi", "ippatsu", "menzen_tsumo", "pinfu", "iipeikou", "tanyao",
    "yakuhai_haku", "yakuhai_hatsu", "yakuhai_chun", "yakuhai_seat_wind", "yakuhai_round_wind",
    "haitei_raoyue", "houtei_raoyui", "rinshan_kaihou", "chankan", "sanshoku_doujun", "ittsu",
    "chanta", "chiitoitsu", "toitoi", "sanankou", "sanshoku_doukou", "sankantsu", "shousangen",
    "honroutou", "honitsu", "junchan", "ryanpeikou", "chinitsu", "dora", "aka_dora", "ura_dora",
)
"""Display order of non-yakuman yaku (R-YAKU-4 table order, dora last)."""

YAKUMAN_ORDER = (
    "kokushi_musou", "suuankou", "daisangen", "shousuushii", "daisuushii", "tsuuiisou",
    "chinroutou", "ryuuiisou", "chuuren_poutou", "suukantsu", "tenhou", "chiihou",
)
"""Display order of yakuman (R-YAKUMAN-1 table order)."""

ORDER_INDEX = {name: i for i, name in enumerate(YAKU_ORDER + YAKUMAN_ORDER)}

_SIMPLE = tuple(k < 27 and 1 <= k % 9 <= 7 for k in range(34))
_YAOCHUU = tuple(not s for s in _SIMPLE)
_TERMINAL = tuple(k < 27 and k % 9 in (0, 8) for k in range(34))
GREEN_KINDS = frozenset({19, 20, 21, 23, 25, 32})
"""2s 3s 4s 6s 8s and the Green dragon (R-YAKUMAN-17)."""
_PURE_CHUUREN = (3, 1, 1, 1, 1, 1, 1, 1, 3)


def situational_yaku(ctx: WinContext, closed: bool) -> list[tuple[str, int]]:
    """Yaku given by the circumstances of the win, valid for every reading.

    Riichi / double riichi (R-YAKU-10/-11), ippatsu (-12), menzen tsumo (-13),
    haitei (-20), houtei (-21), rinshan kaihou (-22), chankan (-23).
    """
    out: list[tuple[str, int]] = []
    if ctx.double_riichi:
        out.append(("daburu_riichi", 2))
    elif ctx.riichi:
        out.append(("riichi", 1))
    if ctx.ippatsu:
        out.append(("ippatsu", 1))
    if ctx.tsumo and closed:
        out.append(("menzen_tsumo", 1))
    if ctx.haitei:
        out.append(("haitei_raoyue", 1))
    if ctx.houtei:
        out.append(("houtei_raoyui", 1))
    if ctx.rinshan:
        out.append(("rinshan_kaihou", 1))
    if ctx.chankan:
        out.append(("chankan", 1))
    return out


def kind_mask(full: Sequence[int]) -> int:
    """Bit ``k`` set when kind ``k`` is in the hand (``full``: 34 counts)."""
    mask = 0
    for k in range(34):
        if full[k]:
            mask |= 1 << k
    return mask


def _mask(kinds: Iterable[int]) -> int:
    m = 0
    for k in kinds:
        m |= 1 << k
    return m


SIMPLE_MASK = _mask(k for k in range(34) if _SIMPLE[k])
TERMINAL_MASK = _mask(k for k in range(34) if _TERMINAL[k])
HONOR_MASK = _mask(range(27, 34))
SUIT_MASKS = (_mask(range(0, 9)), _mask(range(9, 18)), _mask(range(18, 27)))
GREEN_MASK = _mask(GREEN_KINDS)


def composition_yaku(mask: int, closed: bool, open_tanyao: bool) -> list[tuple[str, int]]:
    """Yaku that depend only on which kinds the hand holds, valid for every reading.

    ``mask``: ``kind_mask`` of all tiles of the hand (melds included). Tanyao
    (R-YAKU-16), honroutou (-33), honitsu (-34), chinitsu (-37).
    """
    out: list[tuple[str, int]] = []
    if not mask & ~SIMPLE_MASK and (closed or open_tanyao):
        out.append(("tanyao", 1))
    honors = mask & HONOR_MASK
    if not mask & SIMPLE_MASK and honors and mask & TERMINAL_MASK:
        out.append(("honroutou", 2))
    suits = (mask & SUIT_MASKS[0] != 0) + (mask & SUIT_MASKS[1] != 0) + (mask & SUIT_MASKS[2] != 0)
    if suits == 1:
        if honors:
            out.append(("honitsu", 3 if closed else 2))
        else:
            out.append(("chinitsu", 6 if closed else 5))
    return out


def honor_set_yaku(full: Sequence[int], seat_kind: int, round_kind: int, n_kans: int) -> list[tuple[str, int]]:
    """Yaku of a standard reading that do not depend on how the suits are split.

    Honors split one way only, so yakuhai (R-YAKU-17..19), shousangen (-32)
    and sankantsu (-31) are read off the counts.
    """
    out: list[tuple[str, int]] = []
    if full[31] >= 3:
        out.append(("yakuhai_haku", 1))
    if full[32] >= 3:
        out.append(("yakuhai_hatsu", 1))
    if full[33] >= 3:
        out.append(("yakuhai_chun", 1))
    if full[seat_kind] >= 3:
        out.append(("yakuhai_seat_wind", 1))
    if full[round_kind] >= 3:
        out.append(("yakuhai_round_wind", 1))
    if n_kans == 3:
        out.append(("sankantsu", 2))
    dragon_sets = (full[31] >= 3) + (full[32] >= 3) + (full[33] >= 3)
    if dragon_sets == 2 and (full[31] == 2 or full[32] == 2 or full[33] == 2):
        out.append(("shousangen", 2))
    return out


def reading_yaku(sets: Sequence[tuple[int, int]], pair: int, wait: str, closed: bool,
                 value_pair: bool) -> tuple[list[tuple[str, int]], int]:
    """Yaku that depend on the reading; returns ``(yaku, concealed_triplets)``.

    ``sets``: the four sets as ``(kind, t)``; ``pair``: pair kind; ``wait``: the
    winning tile's role; ``value_pair``: the pair is a dragon, seat or round wind.
    Pinfu (R-YAKU-14), iipeikou (-15), sanshoku doujun (-24), ittsu (-25),
    chanta (-26), toitoi (-28), sanankou (-29), sanshoku doukou (-30),
    junchan (-35), ryanpeikou (-36). ``concealed_triplets`` counts concealed
    triplets and ankans (R-FU-5 definition) for sanankou/suuankou.
    """
    out: list[tuple[str, int]] = []
    seq_bits = 0  # bit k: a sequence starting at kind k
    dup = False  # a sequence appears twice
    n_seq = 0
    concealed = 0
    nums = 0  # bit k: a triplet or kan of number kind k
    chanta_ok = _YAOCHUU[pair]
    honor = pair >= 27
    for k, t in sets:
        if t == 0:
            b = 1 << k
            if seq_bits & b:
                dup = True
            seq_bits |= b
            n_seq += 1
            if chanta_ok and not _CHANTA_SEQ[k]:
                chanta_ok = False
        else:
            if t == 2 or t == 4:
                concealed += 1
            if k < 27:
                nums |= 1 << k
                if chanta_ok and _SIMPLE[k]:
                    chanta_ok = False
            else:
                honor = True
    if n_seq == 4 and closed and wait == "ryanmen" and not value_pair:
        out.append(("pinfu", 1))
    if closed and dup:
        seqs = sorted(k for k, t in sets if t == 0)
        if n_seq == 4 and seqs[0] == seqs[1] and seqs[2] == seqs[3]:
            out.append(("ryanpeikou", 3))
        else:
            out.append(("iipeikou", 1))
    if n_seq >= 3:
        if seq_bits & (seq_bits >> 9) & (seq_bits >> 18) & _LOW7:
            out.append(("sanshoku_doujun", 2 if closed else 1))
        if seq_bits & (seq_bits >> 3) & (seq_bits >> 6) & _SUIT_STARTS:
            out.append(("ittsu", 2 if closed else 1))
    if n_seq:
        if chanta_ok:
            if honor:
                out.append(("chanta", 2 if closed else 1))
            else:
                out.append(("junchan", 3 if closed else 2))
    else:
        out.append(("toitoi", 2))
    if concealed == 3:
        out.append(("sanankou", 2))
    if n_seq <= 1 and nums & (nums >> 9) & (nums >> 18) & _LOW9:
        out.append(("sanshoku_doukou", 2))
    return out, concealed


_CHANTA_SEQ = tuple(k % 9 in (0, 6) for k in range(34))
"""A sequence starting at ``k`` holds a terminal (123 or 789)."""
_LOW7 = (1 << 7) - 1
_LOW9 = (1 << 9) - 1
_SUIT_STARTS = 1 | (1 << 9) | (1 << 18)


def common_yakuman(ctx: WinContext, mask: int) -> list[tuple[str, int]]:
    """Yakuman valid for any reading shape: tsuuiisou (R-YAKUMAN-15), tenhou, chiihou (R-YAKUMAN-2)."""
    out: list[tuple[str, int]] = []
    if not mask & ~HONOR_MASK:
        out.append(("tsuuiisou", 1))
    if ctx.tenhou:
        out.append(("tenhou", 1))
    if ctx.chiihou:
        out.append(("chiihou", 1))
    return out


def standard_yakuman(full: Sequence[int], mask: int, counts: Sequence[int], no_melds: bool, win_kind: int,
                     n_kans: int, double: bool) -> list[tuple[str, int]]:
    """Yakuman of a standard reading not depending on the suit split.

    Daisangen (R-YAKUMAN-12), shousuushii (-13), daisuushii (-14, double),
    chinroutou (-16), ryuuiisou (-17), chuuren poutou (-18, double when pure),
    suukantsu (-19). ``double=False`` counts double forms once (preset switch).
    """
    out: list[tuple[str, int]] = []
    if mask & HONOR_MASK and mask & SIMPLE_MASK and mask & ~GREEN_MASK and n_kans < 4:
        # Honors, simples and a non-green tile: only the dragon and wind yakuman remain possible.
        if full[31] + full[32] + full[33] < 9 and full[27] + full[28] + full[29] + full[30] < 11:
            return out
    if full[31] >= 3 and full[32] >= 3 and full[33] >= 3:
        out.append(("daisangen", 1))
    wind_sets = (full[27] >= 3) + (full[28] >= 3) + (full[29] >= 3) + (full[30] >= 3)
    if wind_sets == 4:
        out.append(("daisuushii", 2 if double else 1))
    elif wind_sets == 3 and 2 in (full[27], full[28], full[29], full[30]):
        out.append(("shousuushii", 1))
    if not mask & ~TERMINAL_MASK:
        out.append(("chinroutou", 1))
    if not mask & ~GREEN_MASK:
        out.append(("ryuuiisou", 1))
    if no_melds and not mask & ~SUIT_MASKS[win_kind // 9] if win_kind < 27 else False:
        b = win_kind // 9 * 9
        c = counts[b:b + 9]
        if c[0] >= 3 and c[8] >= 3 and all(c[1:8]):
            before = list(c)
            before[win_kind - b] -= 1
            pure = tuple(before) == _PURE_CHUUREN
            out.append(("chuuren_poutou", 2 if pure and double else 1))
    if n_kans == 4:
        out.append(("suukantsu", 1))
    return out


def _order_key(y: tuple[str, int]) -> int:
    return ORDER_INDEX[y[0]]


def ordered(yaku: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """``yaku`` sorted into display order (R-YAKU-4 and R-YAKUMAN-1 table order)."""
    return sorted(yaku, key=_order_key) if len(yaku) > 1 else list(yaku)
