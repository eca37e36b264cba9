"""Evaluate a winning hand: every reading, its yaku, fu and base points; the best one wins.

Pipeline (R-SCORE-2): validate the situation, split the concealed tiles into
readings (``readings.py``), score each reading (``yaku.py``, ``fu.py``), apply
the limits (R-SCORE-4) and keep the highest base points, then more han, then
more fu.
"""
from __future__ import annotations

from rules_engine.meld import Meld
from rules_engine.preset import Preset, RIICHI_V1
from rules_engine.riichi.context import HandResult, WinContext
from rules_engine.riichi.errors import InvalidHand, NotWinningHand, NoYaku
from rules_engine.riichi.fu import standard_fu
from rules_engine.riichi.readings import TRIPLET, is_chiitoitsu, is_kokushi, standard_splits, wait_slots
from rules_engine.riichi.yaku import (common_yakuman, composition_yaku, honor_set_yaku, ordered,
                                      reading_yaku, situational_yaku, standard_yakuman)
from rules_engine.tiles import dora_from_indicator, format_kinds

_MELD_SET_TYPE = {"chi": 0, "pon": 1, "daiminkan": 3, "shouminkan": 3, "ankan": 4}
_DORA_OF = tuple(dora_from_indicator(k) for k in range(34))


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


def _validate(ctx: WinContext) -> None:
    conc = ctx.concealed
    melds = ctx.melds
    if len(melds) > 4:
        raise InvalidHand(f"{len(melds)} melds; at most 4")
    need = 14 - 3 * len(melds)
    if len(conc) != need:
        raise InvalidHand(f"{len(conc)} concealed tiles with {len(melds)} melds; expected {need} "
                          "(the winning tile included)")
    seen: set[int] = set()
    for t in conc:
        if type(t) is not int or not 0 <= t < 136:
            raise InvalidHand(f"bad tile id {t!r}; tile ids are ints 0..135")
        if t in seen:
            raise InvalidHand(f"tile id {t} appears twice")
        seen.add(t)
    for m in melds:
        if not isinstance(m, Meld):
            raise InvalidHand(f"melds must be Meld values, got {type(m).__name__}")
        for t in m.tiles:
            if t in seen:
                raise InvalidHand(f"tile id {t} appears twice (meld {m.type})")
            seen.add(t)
    if ctx.win_tile not in conc:
        raise InvalidHand(f"winning tile {ctx.win_tile!r} is not among the concealed tiles")
    for name in ("seat_wind", "round_wind"):
        w = getattr(ctx, name)
        if type(w) is not int or not 0 <= w <= 3:
            raise InvalidHand(f"{name} must be 0..3 (E S W N), got {w!r}")
    for t in (*ctx.dora_indicators, *ctx.ura_indicators):
        if type(t) is not int or not 0 <= t < 136:
            raise InvalidHand(f"bad indicator tile id {t!r}")
    closed = all(m.type == "ankan" for m in melds)
    riichi = ctx.riichi or ctx.double_riichi
    if riichi and not closed:
        raise InvalidHand("riichi with an open hand (R-RIICHI-1)", "R-RIICHI-1")
    if ctx.ippatsu and not riichi:
        raise InvalidHand("ippatsu without riichi (R-YAKU-12)", "R-YAKU-12")
    if ctx.haitei and (not ctx.tsumo or ctx.rinshan):
        raise InvalidHand("haitei needs a tsumo that is not a replacement tile (R-YAKU-20, R-YAKU-22)",
                          "R-YAKU-20")
    if ctx.houtei and ctx.tsumo:
        raise InvalidHand("houtei is a ron on the final discard (R-YAKU-21)", "R-YAKU-21")
    if ctx.rinshan and (not ctx.tsumo or not any(m.type in ("daiminkan", "shouminkan", "ankan") for m in melds)):
        raise InvalidHand("rinshan kaihou needs a tsumo after a kan (R-YAKU-22)", "R-YAKU-22")
    if ctx.chankan:
        wk = ctx.win_tile >> 2
        held = sum(1 for t in conc if t >> 2 == wk) + sum(1 for m in melds for t in m.tiles if t >> 2 == wk)
        if ctx.tsumo or held != 1:
            raise InvalidHand("chankan is a ron on the fourth copy of an added kan (R-YAKU-23)", "R-YAKU-23")
    if ctx.tenhou and (not ctx.tsumo or ctx.seat_wind != 0 or melds or riichi):
        raise InvalidHand("tenhou is the dealer's tsumo on the first turn (R-YAKUMAN-2)", "R-YAKUMAN-2")
    if ctx.chiihou and (not ctx.tsumo or ctx.seat_wind == 0 or melds or riichi):
        raise InvalidHand("chiihou is a non-dealer's tsumo on the first draw (R-YAKUMAN-2)", "R-YAKUMAN-2")
    if ctx.tenhou and ctx.chiihou:
        raise InvalidHand("tenhou and chiihou exclude each other (R-YAKUMAN-2)", "R-YAKUMAN-2")


def evaluate(ctx: WinContext, preset: Preset = RIICHI_V1) -> HandResult:
    """Score the best reading of a winning hand (R-SCORE-2).

    Raises ``InvalidHand`` for a malformed situation, ``NotWinningHand`` when
    the tiles are not complete (R-WIN-1), ``NoYaku`` when no reading has a yaku
    (R-WIN-2); all are ``HandError(ValueError)``. Preset switches used:
    ``open_tanyao``, ``double_yakuman``, ``kazoe_yakuman``, ``kiriage_mangan``,
    ``red_fives``.

    >>> from rules_engine.tiles import parse_tiles
    >>> hand = parse_tiles("123m456p678s99p345s")
    >>> r = evaluate(WinContext(tuple(hand), (), hand[-1], True, 1, 0))
    >>> (r.han, r.fu, r.yaku)
    (2, 20, [('menzen_tsumo', 1), ('pinfu', 1)])
    """
    _validate(ctx)
    conc = ctx.concealed
    melds = ctx.melds
    counts = [0] * 34
    for t in conc:
        counts[t >> 2] += 1
    full = list(counts)
    closed = True
    n_kans = 0
    meld_sets: list[tuple[int, int]] = []
    for m in melds:
        t = _MELD_SET_TYPE[m.type]
        k = m.tiles[0] >> 2
        if t == 0:
            k = min(x >> 2 for x in m.tiles)
        if t >= 3:
            n_kans += 1
        if t != 4:
            closed = False
        meld_sets.append((k, t))
        for x in m.tiles:
            full[x >> 2] += 1
    win_kind = ctx.win_tile >> 2
    tsumo = ctx.tsumo
    seat_kind = 27 + ctx.seat_wind
    round_kind = 27 + ctx.round_wind
    double = preset.double_yakuman

    splits = standard_splits(counts)
    chiitoi = not melds and is_chiitoitsu(counts)
    kokushi = not melds and not splits and is_kokushi(counts)
    if not splits and not chiitoi and not kokushi:
        raise NotWinningHand(f"tiles {_hand_text(ctx)} are not a complete hand (R-WIN-1)")

    # ---- yakuman (R-YAKUMAN-5: they replace everything else)
    common = common_yakuman(ctx, full)
    best_ym: list[tuple[str, int]] | None = None
    best_ym_n = 0
    best_ym_reading: tuple = ()
    if kokushi:
        ym = common + [("kokushi_musou", 2 if counts[win_kind] == 2 and double else 1)]
        best_ym, best_ym_n, best_ym_reading = ym, sum(v for _, v in ym), ("kokushi", None, None)
    if chiitoi and common:
        n = sum(v for _, v in common)
        if n > best_ym_n:
            best_ym, best_ym_n, best_ym_reading = common, n, ("chiitoitsu", None, None)
    std_ym = common + standard_yakuman(full, counts, not melds, win_kind, n_kans, double) if splits else []
    std_ym_n = sum(v for _, v in std_ym)

    # ---- ordinary yaku
    situ = situational_yaku(ctx, closed)
    comp = composition_yaku(full, closed, preset.open_tanyao)
    base_yaku = situ + comp
    base_han = sum(v for _, v in base_yaku)
    dora = 0
    for ind in ctx.dora_indicators:
        dora += full[_DORA_OF[ind >> 2]]
    red = preset.red_fives
    aka = sum(1 for t in conc if t in red) + sum(1 for m in melds for t in m.tiles if t in red)
    ura = 0
    if ctx.riichi or ctx.double_riichi:
        for ind in ctx.ura_indicators:
            ura += full[_DORA_OF[ind >> 2]]
    bonus = dora + aka + ura

    best_key: tuple[int, int, int] | None = None
    best: tuple = ()
    if chiitoi and best_ym is None:
        yk = base_yaku + [("chiitoitsu", 2)]
        han = base_han + 2 + bonus
        b, _ = base_points(han, 25, 0, preset)
        best_key = (b, han, 25)
        best = (yk, han, 25, ("chiitoitsu", None, None))
    if splits:
        honors = honor_set_yaku(full, seat_kind, round_kind, n_kans)
        std_han = base_han + sum(v for _, v in honors)
        is_value = (lambda p: p >= 31 or p == seat_kind or p == round_kind)
        for split in splits:
            pair, codes = split
            value_pair = is_value(pair)
            for wait, slot in wait_slots(split, win_kind):
                sets = list(meld_sets)
                for c in codes:
                    if c < TRIPLET:
                        sets.append((c, 0))
                    else:
                        sets.append((c - TRIPLET, 1 if (c == slot and not tsumo) else 2))
                ry, concealed = reading_yaku(sets, pair, wait, closed, value_pair)
                if concealed == 4 or std_ym_n:
                    ym = list(std_ym)
                    if concealed == 4:
                        ym.append(("suuankou", 2 if wait == "tanki" and double else 1))
                    n = sum(v for _, v in ym)
                    if n > best_ym_n:
                        best_ym, best_ym_n, best_ym_reading = ym, n, ("standard", split, (wait, slot, sets))
                    continue
                if best_ym is not None:
                    continue
                yaku_han = std_han + sum(v for _, v in ry)
                if yaku_han == 0:
                    continue
                pinfu = bool(ry) and ry[0][0] == "pinfu"
                fu = standard_fu(sets, pair, wait, tsumo=tsumo, closed=closed, pinfu=pinfu,
                                 seat_kind=seat_kind, round_kind=round_kind)
                han = yaku_han + bonus
                b, _ = base_points(han, fu, 0, preset)
                key = (b, han, fu)
                if best_key is None or key > best_key:
                    best_key = key
                    best = (base_yaku + honors + ry, han, fu, ("standard", split, (wait, slot, sets)))

    is_dealer = ctx.seat_wind == 0
    if best_ym is not None:
        b, limit = base_points(0, 0, best_ym_n, preset)
        return HandResult(han=0, fu=0, yaku=ordered(best_ym), yakuman=best_ym_n, limit=limit,
                          base_points=b, fu_breakdown=[], is_dealer=is_dealer, tsumo=tsumo,
                          wait=_wait_name(best_ym_reading), reading=_reading_text(best_ym_reading, melds))
    if best_key is None:
        raise NoYaku(f"hand {_hand_text(ctx)} has no yaku in any reading; dora are not yaku (R-WIN-2)")
    yaku, han, fu, reading = best
    yaku = ordered(yaku)
    if dora:
        yaku.append(("dora", dora))
    if aka:
        yaku.append(("aka_dora", aka))
    if ura:
        yaku.append(("ura_dora", ura))
    b, limit = base_points(han, fu, 0, preset)
    breakdown: list[tuple[str, int]] = []
    if reading[0] == "chiitoitsu":
        breakdown.append(("chiitoitsu", 25))
    else:
        pair = reading[1][0]
        wait, _slot, sets = reading[2]
        standard_fu(sets, pair, wait, tsumo=tsumo, closed=closed, pinfu=any(n == "pinfu" for n, _ in yaku),
                    seat_kind=seat_kind, round_kind=round_kind, detail=breakdown)
    return HandResult(han=han, fu=fu, yaku=yaku, yakuman=0, limit=limit, base_points=b,
                      fu_breakdown=breakdown, is_dealer=is_dealer, tsumo=tsumo,
                      wait=_wait_name(reading), reading=_reading_text(reading, melds))


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
    from rules_engine.tiles import format_tiles

    text = format_tiles(ctx.concealed)
    for m in ctx.melds:
        text += f" {m.type}({format_tiles(m.tiles)})"
    return text


def _wait_name(reading: tuple) -> str:
    if reading[0] in ("chiitoitsu", "kokushi"):
        return reading[0]
    return reading[2][0]


def _reading_text(reading: tuple, melds: tuple[Meld, ...]) -> tuple[str, ...]:
    if reading[0] != "standard":
        return (reading[0],)
    pair, codes = reading[1]
    out = [f"{m.type}({format_kinds([x >> 2 for x in m.tiles])})" for m in melds]
    for c in codes:
        out.append(format_kinds([c, c + 1, c + 2]) if c < TRIPLET else format_kinds([c - TRIPLET] * 3))
    out.append(format_kinds([pair, pair]))
    return tuple(out)
