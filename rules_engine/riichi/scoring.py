"""Evaluate a winning hand: every reading, its yaku, fu and base points; the best one wins.

Pipeline (R-SCORE-2): validate the situation, split the concealed tiles into
readings (``readings.py``), score each reading (``yaku.py``, ``fu.py``), apply
the limits (R-SCORE-4) and keep the highest base points, then more han, then
more fu.
"""
from __future__ import annotations

from rules_engine.core.meld import Meld
from rules_engine.preset import Preset, RIICHI_V1
from rules_engine.riichi.context import HandResult, WinContext
from rules_engine.riichi.errors import InvalidHand, NotWinningHand, NoYaku
from rules_engine.riichi.fu import standard_fu
from rules_engine.riichi.readings import TRIPLET, is_chiitoitsu, is_kokushi, standard_splits, wait_slots
from rules_engine.riichi.yaku import (GREEN_MASK, HONOR_MASK, SUIT_MASKS, TERMINAL_MASK, common_yakuman,
                                      composition_yaku, honor_set_yaku, ordered, reading_yaku, situational_yaku,
                                      standard_yakuman)
from rules_engine.riichi.validation import check_context, check_flags
from rules_engine.core.tiles import dora_from_indicator, format_kinds, format_tiles

_MELD_SET_TYPE = {"chi": 0, "pon": 1, "daiminkan": 3, "shouminkan": 3, "ankan": 4}
_CONCEALED_SET = tuple((c, 0) if c < TRIPLET else (c - TRIPLET, 2) for c in range(TRIPLET + 34))
"""Set code (readings.py) -> ``(kind, t)`` of a concealed sequence or triplet (yaku.py)."""
_FIVES_MASK = (1 << 4) | (1 << 13) | (1 << 22)
_DORA_OF = tuple(dora_from_indicator(k) for k in range(34))
_ALL_KINDS = (1 << 34) - 1
_NOT_HONOR = _ALL_KINDS & ~HONOR_MASK
_NOT_GREEN = _ALL_KINDS & ~GREEN_MASK
_NOT_TERMINAL = _ALL_KINDS & ~TERMINAL_MASK
_DRAGONS = 0b111 << 31
_WINDS = 0b1111 << 27
_WIND_VALUES = frozenset({0, 1, 2, 3})
_TILE_IDS = frozenset(range(136))
_KIND_BITS = tuple(1 << k for k in range(34))
_KIND_BIT = tuple(_KIND_BITS[t >> 2] for t in range(136))
"""``1 << kind`` of each tile id 0..135 (the 34 int objects shared)."""


def base_points(han: int, fu: int, yakuman: int, preset: Preset = RIICHI_V1) -> tuple[int, str | None]:
    """Base points and limit name (R-SCORE-3, R-SCORE-4, R-SCORE-5, R-YAKUMAN-6).

    ``yakuman`` > 0: ``8000 * yakuman``. Otherwise ``fu * 2**(han + 2)`` capped:
    mangan 2,000 (5 han, or 3-4 han with base >= 2,000), haneman 3,000 (6-7),
    baiman 4,000 (8-10), sanbaiman 6,000 (11-12), kazoe yakuman 8,000 (13+,
    sanbaiman when ``preset.kazoe_yakuman`` is off). No kiriage mangan unless
    ``preset.kiriage_mangan``.
    """
    if yakuman:
        return 8000 * yakuman, "yakuman"
    if han >= 13:
        return (8000, "yakuman") if preset.kazoe_yakuman else (6000, "sanbaiman")
    if han >= 11:
        return 6000, "sanbaiman"
    if han >= 8:
        return 4000, "baiman"
    if han >= 6:
        return 3000, "haneman"
    if han == 5:
        return 2000, "mangan"
    base = fu * (1 << (han + 2))
    if base >= 2000 or (preset.kiriage_mangan and base == 1920):
        return 2000, "mangan"
    return base, None


def evaluate(ctx: WinContext, preset: Preset = RIICHI_V1) -> HandResult:
    """Score the best reading of a winning hand (R-SCORE-2).

    Raises ``InvalidHand`` for a malformed situation, ``NotWinningHand`` when
    the tiles are not complete (R-WIN-1), ``NoYaku`` when no reading has a yaku
    (R-WIN-2); all are ``HandError(ValueError)``. Preset switches used:
    ``open_tanyao``, ``double_yakuman``, ``kazoe_yakuman``, ``kiriage_mangan``,
    ``red_fives``.

    >>> from rules_engine.core.tiles import parse_tiles
    >>> hand = parse_tiles("123m456p678s99p345s")
    >>> r = evaluate(WinContext(tuple(hand), (), hand[-1], True, 1, 0))
    >>> (r.han, r.fu, r.yaku)
    (2, 20, [('menzen_tsumo', 1), ('pinfu', 1)])
    """
    conc = ctx.concealed
    melds = ctx.melds
    scan = _scan(ctx, conc, melds)
    if scan is None:
        check_context(ctx)  # raises the precise InvalidHand; a context it accepts is scanned the slow way
        scan = _scan_checked(ctx, conc, melds)
    counts, full, mask, seen, meld_sets, closed, n_kans, flags = scan
    win_kind = ctx.win_tile >> 2
    tsumo = ctx.tsumo
    seat_kind = 27 + ctx.seat_wind
    round_kind = 27 + ctx.round_wind
    double = preset.double_yakuman

    splits = standard_splits(counts)
    n_kinds = mask.bit_count()
    chiitoi = n_kinds == 7 and not melds and is_chiitoitsu(counts)
    kokushi = n_kinds == 13 and not melds and not splits and is_kokushi(counts)
    if not splits and not chiitoi and not kokushi:
        raise NotWinningHand(lambda: f"tiles {_hand_text(ctx)} are not a complete hand (R-WIN-1)")
    is_dealer = ctx.seat_wind == 0

    # ---- yakuman (R-YAKUMAN-5: they replace everything else)
    # Quick exits on the kind mask: a call is made only when its yakuman are possible at all.
    common = common_yakuman(ctx, mask) if not mask & _NOT_HONOR or (flags and (ctx.tenhou or ctx.chiihou)) else []
    best_ym: list[tuple[str, int]] | None = None
    best_ym_n = 0
    best_ym_reading: tuple = ()
    if kokushi:
        ym = common + [("kokushi_musou", 2 if counts[win_kind] == 2 and double else 1)]
        best_ym, best_ym_n, best_ym_reading = ym, _han_sum(ym), ("kokushi", None, None)
    if chiitoi and common:
        best_ym, best_ym_n, best_ym_reading = common, _han_sum(common), ("chiitoitsu", None, None)
    if not splits:
        std_ym = []
    elif (n_kans < 4 and mask & _NOT_GREEN and mask & _NOT_TERMINAL and mask & _DRAGONS != _DRAGONS
          and mask & _WINDS != _WINDS and (melds or win_kind >= 27 or mask & ~SUIT_MASKS[win_kind // 9])):
        # No kind set allows daisangen, the wind yakuman, chinroutou, ryuuiisou, chuuren or suukantsu.
        std_ym = common
    else:
        std_ym = common + standard_yakuman(full, mask, counts, not melds, win_kind, n_kans, double)
    std_ym_n = _han_sum(std_ym) if std_ym else 0

    # ---- ordinary yaku (evaluated only while no yakuman reading is known)
    base_yaku = composition_yaku(mask, closed, preset.open_tanyao)
    if flags:
        base_yaku = situational_yaku(ctx, closed) + base_yaku
    elif tsumo and closed:
        base_yaku = [("menzen_tsumo", 1)] + base_yaku
    base_han = _han_sum(base_yaku) if base_yaku else 0
    # A reading is ("standard", (pair, set_codes), (wait, slot, sets)) or ("chiitoitsu"|"kokushi", None, None);
    # a candidate is (yaku, yaku_han, reading) with at least one yaku.
    candidates: list[tuple] = []
    if chiitoi and best_ym is None:
        candidates.append((base_yaku + [("chiitoitsu", 2)], base_han + 2, ("chiitoitsu", None, None)))
    if splits:
        if mask & HONOR_MASK or n_kans == 3:
            honors = honor_set_yaku(full, seat_kind, round_kind, n_kans)
            std_yaku = base_yaku + honors
            std_han = base_han + _han_sum(honors)
        else:
            std_yaku, std_han = base_yaku, base_han
        for split in splits:
            pair, codes = split
            value_pair = pair >= 31 or pair == seat_kind or pair == round_kind
            split_sets = [*meld_sets, *map(_CONCEALED_SET.__getitem__, codes)]
            for wait, slot in wait_slots(split, win_kind):
                sets = split_sets
                if wait == "shanpon" and not tsumo:
                    # R-FU-5: a triplet completed by the ron tile counts as open.
                    sets = list(split_sets)
                    i = sets.index(_CONCEALED_SET[slot])
                    sets[i] = (slot - TRIPLET, 1)
                ry, concealed = reading_yaku(sets, pair, wait, closed, value_pair)
                if concealed == 4 or std_ym_n:
                    ym = std_ym
                    if concealed == 4:
                        ym = ym + [("suuankou", 2 if wait == "tanki" and double else 1)]
                    n = _han_sum(ym)
                    if n > best_ym_n:
                        best_ym, best_ym_n, best_ym_reading = ym, n, ("standard", split, (wait, slot, sets))
                    continue
                if best_ym is not None:
                    continue
                yaku_han = std_han + _han_sum(ry) if ry else std_han
                if yaku_han:
                    candidates.append((std_yaku + ry if ry else std_yaku, yaku_han,
                                       ("standard", split, (wait, slot, sets))))

    if best_ym is not None:
        b, limit = base_points(0, 0, best_ym_n, preset)
        return HandResult(0, 0, ordered(best_ym), best_ym_n, limit, b, [], is_dealer, tsumo,
                          _wait_name(best_ym_reading), _reading_text(best_ym_reading, melds))
    if not candidates:
        raise NoYaku(lambda: f"hand {_hand_text(ctx)} has no yaku in any reading; dora are not yaku (R-WIN-2)")

    # Dora, red fives and ura-dora are the same for every reading (R-DORA-4..6).
    dora = aka = ura = 0
    for ind in ctx.dora_indicators:
        dora += full[_DORA_OF[ind >> 2]]
    if mask & _FIVES_MASK:
        aka = len(preset.red_fives.intersection(seen))
    if ctx.ura_indicators and (ctx.riichi or ctx.double_riichi):
        for ind in ctx.ura_indicators:
            ura += full[_DORA_OF[ind >> 2]]
    bonus = dora + aka + ura
    if len(candidates) == 1:
        chosen = candidates[0]
    else:
        # R-SCORE-2: highest base points, then more han, then more fu.
        best_key: tuple[int, int, int] | None = None
        chosen = candidates[0]
        for cand in candidates:
            yaku, yaku_han, reading = cand
            if reading[0] == "standard":
                fu = standard_fu(reading[2][2], reading[1][0], reading[2][0], tsumo=tsumo, closed=closed,
                                 pinfu=("pinfu", 1) in yaku, seat_kind=seat_kind, round_kind=round_kind)
            else:
                fu = 25
            han = yaku_han + bonus
            key = (base_points(han, fu, 0, preset)[0], han, fu)
            if best_key is None or key > best_key:
                best_key, chosen = key, cand
    yaku, yaku_han, reading = chosen
    breakdown: list[tuple[str, int]] = []
    if reading[0] == "standard":
        wait, _slot, sets = reading[2]
        pair = reading[1][0]
        fu = standard_fu(sets, pair, wait, tsumo=tsumo, closed=closed, pinfu=("pinfu", 1) in yaku,
                         seat_kind=seat_kind, round_kind=round_kind, detail=breakdown)
        reading_text = tuple(map(_CODE_TEXT.__getitem__, reading[1][1] + (_PAIR_CODE + pair,)))
        if melds:
            reading_text = tuple([_MELD_TEXT[m.type, min(m.tiles) >> 2] for m in melds]) + reading_text
    else:
        fu = 25
        breakdown.append(("chiitoitsu", 25))
        wait = "chiitoitsu"
        reading_text = ("chiitoitsu",)
    han = yaku_han + bonus
    yaku = ordered(yaku)
    if dora:
        yaku.append(("dora", dora))
    if aka:
        yaku.append(("aka_dora", aka))
    if ura:
        yaku.append(("ura_dora", ura))
    b, limit = base_points(han, fu, 0, preset)
    # Positional: (han, fu, yaku, yakuman, limit, base_points, fu_breakdown, is_dealer, tsumo, wait, reading).
    return HandResult(han, fu, yaku, 0, limit, b, breakdown, is_dealer, tsumo, wait, reading_text)


def _scan(ctx: WinContext, conc: tuple[int, ...], melds: tuple[Meld, ...]) -> tuple | None:
    """One pass over the tiles with ``check_context``'s tile, wind and indicator checks folded in.

    Returns ``(counts, full, mask, seen, meld_sets, closed, n_kans, flags)``:
    34 concealed counts, 34 counts with the melds, bit ``k`` per kind held,
    the set of physical tile ids of the hand (melds included), the melds as ``(kind, t)`` sets
    (yaku.py), no open meld (R-YAKU-3), the number of kans, and whether any
    win flag is set (their consistency is checked here, ``check_flags``).
    Returns ``None`` when any check fails or the input is unusual in any way
    (the caller then runs ``check_context`` for the precise error).
    """
    seen = set(conc)
    n = len(conc)
    if n != 14 - 3 * len(melds) or len(seen) != n or not seen <= _TILE_IDS or ctx.win_tile not in seen:
        return None
    counts = [0] * 34
    mask = 0
    try:
        for t in conc:
            counts[t >> 2] += 1
            mask |= _KIND_BIT[t]
        closed = True
        n_kans = 0
        meld_sets: list[tuple[int, int]] = []
        if melds:
            full = list(counts)
            for m in melds:
                tiles = m.tiles
                if type(m) is not Meld or not seen.isdisjoint(tiles):
                    return None
                seen.update(tiles)
                cache = _MELD_CACHE[m.type]
                info = cache.get(tiles)
                if info is None:
                    info = cache[tiles] = _meld_info(m.type, tiles)
                kind_set, adds, kinds_mask = info
                t = kind_set[1]
                if t >= 3:
                    n_kans += 1
                if t != 4:
                    closed = False
                meld_sets.append(kind_set)
                for k, copies in adds:
                    full[k] += copies
                mask |= kinds_mask
        else:
            full = counts
        if ctx.seat_wind not in _WIND_VALUES or ctx.round_wind not in _WIND_VALUES:
            return None
        inds = ctx.dora_indicators
        if inds and not _TILE_IDS.issuperset(inds):
            return None
        inds = ctx.ura_indicators
        if inds and not _TILE_IDS.issuperset(inds):
            return None
    except (TypeError, IndexError, KeyError, AttributeError):
        return None
    flags = (ctx.riichi or ctx.double_riichi or ctx.ippatsu or ctx.haitei or ctx.houtei or ctx.rinshan
             or ctx.chankan or ctx.tenhou or ctx.chiihou)
    if flags:
        check_flags(ctx, closed)
    return counts, full, mask, seen, meld_sets, closed, n_kans, flags


_MELD_CACHE: dict[str, dict[tuple[int, ...], tuple]] = {name: {} for name in _MELD_SET_TYPE}
"""Meld type -> tiles -> ``_meld_info`` (bounded: a few thousand possible melds)."""


def _meld_info(meld_type: str, tiles: tuple[int, ...]) -> tuple:
    """``((kind, t), ((kind, copies), ...), kind_mask)`` of a meld: its set (yaku.py), its count additions, its kinds."""
    t = _MELD_SET_TYPE[meld_type]
    adds: dict[int, int] = {}
    kinds_mask = 0
    for x in tiles:
        adds[x >> 2] = adds.get(x >> 2, 0) + 1
        kinds_mask |= _KIND_BIT[x]
    return ((min(tiles) if t == 0 else tiles[0]) >> 2, t), tuple(adds.items()), kinds_mask


def _scan_checked(ctx: WinContext, conc: tuple[int, ...], melds: tuple[Meld, ...]) -> tuple:
    """``_scan`` for a context that passed ``check_context`` but not ``_scan``'s quick checks."""
    counts = [0] * 34
    mask = 0
    try:
        for t in conc:
            k = t >> 2
            counts[k] += 1
            mask |= 1 << k
    except TypeError:
        raise InvalidHand(f"tile ids must be ints 0..135, got {conc!r}") from None
    seen = set(conc)
    closed = True
    n_kans = 0
    meld_sets: list[tuple[int, int]] = []
    if melds:
        full = list(counts)
        for m in melds:
            t = _MELD_SET_TYPE[m.type]
            k = (min(m.tiles) if t == 0 else m.tiles[0]) >> 2
            if t >= 3:
                n_kans += 1
            if t != 4:
                closed = False
            meld_sets.append((k, t))
            seen.update(m.tiles)
            for x in m.tiles:
                full[x >> 2] += 1
                mask |= 1 << (x >> 2)
    else:
        full = counts
    flags = (ctx.riichi or ctx.double_riichi or ctx.ippatsu or ctx.haitei or ctx.houtei or ctx.rinshan
             or ctx.chankan or ctx.tenhou or ctx.chiihou)
    return counts, full, mask, seen, meld_sets, closed, n_kans, flags


def _han_sum(yaku: list[tuple[str, int]]) -> int:
    n = 0
    for _, v in yaku:
        n += v
    return n


def has_yaku_for(ctx: WinContext, preset: Preset = RIICHI_V1) -> bool:
    """True when ``ctx`` is a complete hand with at least one yaku (R-WIN-1, R-WIN-2).

    False for ``NotWinningHand`` and ``NoYaku``; ``InvalidHand`` still raises
    (a malformed situation is a caller bug, not a "no").
    """
    try:
        evaluate(ctx, preset)
    except (NotWinningHand, NoYaku):
        return False
    return True


def _hand_text(ctx: WinContext) -> str:
    text = format_tiles(ctx.concealed)
    for m in ctx.melds:
        text += f" {m.type}({format_tiles(m.tiles)})"
    return text


def _wait_name(reading: tuple) -> str:
    if reading[0] in ("chiitoitsu", "kokushi"):
        return reading[0]
    return reading[2][0]


_SEQ_TEXT = tuple(format_kinds([k, k + 1, k + 2]) if k < 27 and k % 9 < 7 else "" for k in range(34))
_TRIPLET_TEXT = tuple(format_kinds([k] * 3) for k in range(34))
_PAIR_TEXT = tuple(format_kinds([k] * 2) for k in range(34))
_KAN_TEXT = tuple(format_kinds([k] * 4) for k in range(34))
_CODE_TEXT = _SEQ_TEXT + _TRIPLET_TEXT + _PAIR_TEXT
"""Notation of a set code (readings.py): sequences 0..33, triplets ``TRIPLET + k``, pairs ``_PAIR_CODE + k``."""
_PAIR_CODE = 2 * TRIPLET
_MELD_TEXT = {(t, k): f"{t}({_SEQ_TEXT[k] if t == 'chi' else _TRIPLET_TEXT[k] if t == 'pon' else _KAN_TEXT[k]})"
              for t in _MELD_SET_TYPE for k in range(34)}
"""``(meld type, lowest kind)`` -> the meld in notation, e.g. ``pon(555z)``."""


def _reading_text(reading: tuple, melds: tuple[Meld, ...]) -> tuple[str, ...]:
    if reading[0] != "standard":
        return (reading[0],)
    pair, codes = reading[1]
    out = [_MELD_TEXT[m.type, min(m.tiles) >> 2] for m in melds] if melds else []
    out += map(_CODE_TEXT.__getitem__, codes)
    out.append(_PAIR_TEXT[pair])
    return tuple(out)
