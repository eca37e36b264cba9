"""Consistency checks of a ``WinContext`` before scoring (R-HAND-1, R-TILE-4, flag rules)."""
from __future__ import annotations

from rules_engine.core.meld import Meld
from rules_engine.riichi.context import WinContext
from rules_engine.riichi.errors import InvalidHand

_WINDS = frozenset({0, 1, 2, 3})
_TILE_IDS = frozenset(range(136))


def check_context(ctx: WinContext) -> None:
    """Raise ``InvalidHand`` (with the rule ID) when ``ctx`` cannot be a real win.

    Checks: at most 4 melds and ``14 - 3 * melds`` concealed tiles (R-HAND-1);
    distinct tile ids 0..135 across hand and melds (R-TILE-4); the winning tile
    among the concealed tiles; winds 0..3; indicator ids; and the flags'
    consistency: riichi only closed (R-RIICHI-1), ippatsu only with riichi
    (R-YAKU-12), haitei only on a non-replacement tsumo (R-YAKU-20/-22), houtei
    only on ron (R-YAKU-21), rinshan only on a tsumo with a kan (R-YAKU-22),
    chankan only on a ron on the fourth copy, never the final discard
    (R-YAKU-23), tenhou/chiihou only on the first-turn tsumo of the dealer /
    a non-dealer with no meld and no riichi (R-YAKUMAN-2).
    """
    conc = ctx.concealed
    melds = ctx.melds
    if len(melds) > 4:
        raise InvalidHand(f"{len(melds)} melds; at most 4")
    need = 14 - 3 * len(melds)
    if len(conc) != need:
        raise InvalidHand(f"{len(conc)} concealed tiles with {len(melds)} melds; expected {need} "
                          "(the winning tile included)")
    seen = set(conc)
    if len(seen) != len(conc) or not seen <= _TILE_IDS:
        bad = [t for t in conc if type(t) is not int or not 0 <= t < 136]
        raise InvalidHand(f"bad tile ids {bad}; tile ids are distinct ints 0..135" if bad
                          else f"a tile id appears twice in {sorted(conc)}")
    for m in melds:
        if not isinstance(m, Meld):
            raise InvalidHand(f"melds must be Meld values, got {type(m).__name__}")
        if not seen.isdisjoint(m.tiles):
            raise InvalidHand(f"tile ids {sorted(seen.intersection(m.tiles))} appear twice (meld {m.type})")
        seen.update(m.tiles)
    if ctx.win_tile not in conc:
        raise InvalidHand(f"winning tile {ctx.win_tile!r} is not among the concealed tiles")
    if ctx.seat_wind not in _WINDS or ctx.round_wind not in _WINDS:
        raise InvalidHand(f"winds must be 0..3 (E S W N), got seat {ctx.seat_wind!r}, round {ctx.round_wind!r}")
    inds = (*ctx.dora_indicators, *ctx.ura_indicators)
    if inds and not _TILE_IDS.issuperset(inds):
        raise InvalidHand(f"bad indicator tile ids {inds!r}; tile ids are ints 0..135")
    if not (ctx.riichi or ctx.double_riichi or ctx.ippatsu or ctx.haitei or ctx.houtei or ctx.rinshan
            or ctx.chankan or ctx.tenhou or ctx.chiihou):
        return
    check_flags(ctx, all(m.type == "ankan" for m in melds))


def check_flags(ctx: WinContext, closed: bool) -> None:
    """The flag checks of ``check_context`` alone, for a context whose tiles, winds and indicators passed.

    ``closed``: no meld but ankan (R-YAKU-3). Raises ``InvalidHand`` with the
    rule ID, in the same order as ``check_context``.
    """
    conc = ctx.concealed
    melds = ctx.melds
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
        if ctx.tsumo or ctx.houtei or held != 1:
            raise InvalidHand("chankan is a ron on the fourth copy of an added kan, never the final discard (R-YAKU-23)", "R-YAKU-23")
    if ctx.tenhou and (not ctx.tsumo or ctx.seat_wind != 0 or melds or riichi):
        raise InvalidHand("tenhou is the dealer's tsumo on the first turn (R-YAKUMAN-2)", "R-YAKUMAN-2")
    if ctx.chiihou and (not ctx.tsumo or ctx.seat_wind == 0 or melds or riichi):
        raise InvalidHand("chiihou is a non-dealer's tsumo on the first draw (R-YAKUMAN-2)", "R-YAKUMAN-2")
    if ctx.tenhou and ctx.chiihou:
        raise InvalidHand("tenhou and chiihou exclude each other (R-YAKUMAN-2)", "R-YAKUMAN-2")
