"""Random winning situations for differential tests and the benchmark (DESIGN §8).

``random_win_contexts(seed, n)`` builds ``n`` varied, physically possible
winning situations (closed and open hands, chi/pon/every kan type, red fives,
seven pairs, thirteen orphans, flush- and honor-heavy hands, every win flag,
dora / ura-dora indicators). Deterministic for a given seed: it uses its own
``random.Random(seed)`` instance, never the global generator. Hands are
complete by construction but may lack a yaku (the scorer must then say so).

``to_mahjong_args(ctx, preset)`` maps a context onto the keyword arguments of
the ``mahjong`` package's ``HandCalculator.estimate_hand_value`` (a test-only
dependency, imported lazily), configured as riichi.md §1.5 says.
"""
from __future__ import annotations

import random
from typing import Any

from rules_engine.core.meld import Meld
from rules_engine.preset import Preset, RIICHI_V1
from rules_engine.riichi.context import WinContext

_YAOCHUU = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
_GREEN = (19, 20, 21, 23, 25, 32)
_MELD_WEIGHTS = (0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 3, 3, 4, 4)


def _kind_pool(rng: random.Random) -> list[int]:
    """The kinds a hand may use: varied so flushes, honor hands and yakuman occur."""
    r = rng.random()
    if r < 0.12:
        s = rng.randrange(3) * 9
        return list(range(s, s + 9)) + list(range(27, 34))
    if r < 0.22:
        s = rng.randrange(3) * 9
        return list(range(s, s + 9))
    if r < 0.26:
        return list(_YAOCHUU)
    if r < 0.28:
        return list(_GREEN)
    if r < 0.31:
        return list(range(27, 34))
    if r < 0.40:
        return [k for k in range(27) if 1 <= k % 9 <= 7]
    return list(range(34))


class _Tiles:
    """Physical tiles still free in this deal."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.free = [[4 * k + c for c in range(4)] for k in range(34)]

    def take(self, kind: int, n: int) -> list[int] | None:
        copies = self.free[kind]
        if len(copies) < n:
            return None
        picked = self.rng.sample(copies, n)
        for t in picked:
            copies.remove(t)
        return picked

    def any_tile(self) -> int:
        while True:
            k = self.rng.randrange(34)
            if self.free[k]:
                t = self.rng.choice(self.free[k])
                self.free[k].remove(t)
                return t


def _standard(rng: random.Random, tiles: _Tiles, kinds: list[int]) -> tuple[list[int], list[Meld]] | None:
    n_melds = rng.choice(_MELD_WEIGHTS)
    concealed: list[int] = []
    melds: list[Meld] = []
    seq_kinds = [k for k in kinds if k < 27 and k % 9 <= 6 and k + 1 in kinds and k + 2 in kinds]
    for i in range(4):
        as_meld = i < n_melds
        seq = bool(seq_kinds) and rng.random() < 0.55
        if seq:
            k = rng.choice(seq_kinds)
            got = [tiles.take(k + j, 1) for j in range(3)]
            if any(g is None for g in got):
                return None
            ids = [g[0] for g in got if g]
            if as_meld:
                melds.append(Meld("chi", tuple(sorted(ids)), called_tile=ids[0], from_seat=None))
            else:
                concealed += ids
            continue
        k = rng.choice(kinds)
        if as_meld:
            mtype = rng.choice(("pon", "pon", "pon", "daiminkan", "shouminkan", "ankan"))
            ids = tiles.take(k, 4 if mtype != "pon" else 3)
            if ids is None:
                return None
            melds.append(Meld(mtype, tuple(sorted(ids)), called_tile=None if mtype == "ankan" else ids[0],
                              added_tile=ids[3] if mtype == "shouminkan" else None))
        else:
            ids = tiles.take(k, 3)
            if ids is None:
                return None
            concealed += ids
    pair = tiles.take(rng.choice(kinds), 2)
    if pair is None:
        return None
    return concealed + pair, melds


def _chiitoitsu(rng: random.Random, tiles: _Tiles, kinds: list[int]) -> list[int] | None:
    if len(kinds) < 7:
        kinds = list(range(34))
    out: list[int] = []
    for k in rng.sample(kinds, 7):
        ids = tiles.take(k, 2)
        if ids is None:
            return None
        out += ids
    return out


def _kokushi(rng: random.Random, tiles: _Tiles) -> list[int]:
    out = [t for k in _YAOCHUU for t in (tiles.take(k, 1) or [])]
    out += tiles.take(rng.choice(_YAOCHUU), 1) or []
    return out


def _one(rng: random.Random) -> WinContext:
    while True:
        tiles = _Tiles(rng)
        kinds = _kind_pool(rng)
        r = rng.random()
        melds: list[Meld] = []
        if r < 0.03:
            concealed: list[int] | None = _kokushi(rng, tiles)
        elif r < 0.11:
            concealed = _chiitoitsu(rng, tiles, kinds)
        else:
            got = _standard(rng, tiles, kinds)
            concealed, melds = (got if got else (None, []))
        if concealed is not None and len(concealed) == 14 - 3 * len(melds):
            break
    rng.shuffle(concealed)
    win_tile = rng.choice(concealed)
    win_kind = win_tile >> 2
    closed = all(m.type == "ankan" for m in melds)
    has_kan = any(m.is_kan for m in melds)
    tsumo = rng.random() < 0.5
    seat = rng.randrange(4)
    first_turn = not melds and rng.random() < 0.02
    tenhou = first_turn and tsumo and seat == 0
    chiihou = first_turn and tsumo and seat != 0
    riichi = closed and not first_turn and rng.random() < 0.45
    double_riichi = riichi and rng.random() < 0.1
    ippatsu = riichi and rng.random() < 0.2
    rinshan = tsumo and has_kan and not first_turn and rng.random() < 0.25
    haitei = tsumo and not rinshan and not first_turn and rng.random() < 0.05
    houtei = not tsumo and rng.random() < 0.05
    held = sum(1 for t in concealed if t >> 2 == win_kind) + sum(
        1 for m in melds for t in m.tiles if t >> 2 == win_kind)
    chankan = not tsumo and not houtei and held == 1 and rng.random() < 0.1
    n_ind = 1 + sum(1 for m in melds if m.is_kan)
    dora = tuple(tiles.any_tile() for _ in range(n_ind))
    ura = tuple(tiles.any_tile() for _ in range(n_ind)) if riichi or rng.random() < 0.2 else ()
    return WinContext(
        concealed=tuple(concealed), melds=tuple(melds), win_tile=win_tile, tsumo=tsumo,
        seat_wind=seat, round_wind=rng.choice((0, 0, 0, 1, 1, 2, 3)),
        dora_indicators=dora, ura_indicators=ura, riichi=riichi, double_riichi=double_riichi,
        ippatsu=ippatsu, haitei=haitei, houtei=houtei, rinshan=rinshan, chankan=chankan,
        tenhou=tenhou, chiihou=chiihou)


def random_win_contexts(seed: int, n: int) -> list[WinContext]:
    """``n`` random complete-hand situations, deterministic for ``seed`` (some without yaku).

    Mix: about 3 % thirteen orphans, 8 % seven pairs, the rest standard hands
    with 0-4 melds (chi, pon, daiminkan, shouminkan, ankan); kind pools skewed
    towards flushes, simples, terminals/honors and all-green so rare yaku and
    yakuman occur; every flag of ``WinContext`` set where physically possible.
    """
    rng = random.Random(seed)
    return [_one(rng) for _ in range(n)]


def to_mahjong_args(ctx: WinContext, preset: Preset = RIICHI_V1) -> dict[str, Any]:
    """Keyword arguments for ``mahjong`` 2.1's ``HandCalculator.estimate_hand_value``.

    Tiles are 136-format ids (the same ids: red fives 16, 52, 88) including
    every meld tile; winds become 27..30; options follow riichi.md §1.5 with the
    preset's switches (open tanyao, red fives, double yakuman, kazoe, kiriage).
    Ura indicators are passed only for a riichi winner (R-DORA-6).
    """
    from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
    from mahjong.meld import Meld as MMeld

    mtypes = {"chi": MMeld.CHI, "pon": MMeld.PON, "daiminkan": MMeld.KAN, "shouminkan": MMeld.SHOUMINKAN,
              "ankan": MMeld.KAN}
    melds = [MMeld(meld_type=mtypes[m.type], tiles=list(m.tiles), opened=m.type != "ankan",
                   called_tile=m.called_tile) for m in ctx.melds]
    tiles = list(ctx.concealed) + [t for m in ctx.melds for t in m.tiles]
    options = OptionalRules(
        has_open_tanyao=preset.open_tanyao, has_aka_dora=bool(preset.red_fives),
        has_double_yakuman=preset.double_yakuman,
        kazoe_limit=HandConstants.KAZOE_LIMITED if preset.kazoe_yakuman else HandConstants.KAZOE_SANBAIMAN,
        kiriage=preset.kiriage_mangan, fu_for_open_pinfu=True, fu_for_pinfu_tsumo=False,
        renhou_as_yakuman=False)
    riichi = ctx.riichi or ctx.double_riichi
    config = HandConfig(
        is_tsumo=ctx.tsumo, is_riichi=riichi, is_ippatsu=ctx.ippatsu, is_rinshan=ctx.rinshan,
        is_chankan=ctx.chankan, is_haitei=ctx.haitei, is_houtei=ctx.houtei,
        is_daburu_riichi=ctx.double_riichi, is_tenhou=ctx.tenhou, is_chiihou=ctx.chiihou,
        player_wind=27 + ctx.seat_wind, round_wind=27 + ctx.round_wind, options=options)
    return {"tiles": tiles, "win_tile": ctx.win_tile, "melds": melds,
            "dora_indicators": list(ctx.dora_indicators),
            "ura_dora_indicators": list(ctx.ura_indicators) if riichi else [], "config": config}
