"""Build a ``WinContext`` from tile notation, as the spec's worked examples write hands (riichi.md §5)."""
from __future__ import annotations

from rules_engine.core.meld import Meld
from rules_engine.riichi.context import WinContext
from rules_engine.core.tiles import parse_tiles, wind_from_letter


def situation(hand: str, win: str, *, melds: tuple[tuple[str, str], ...] = (), tsumo: bool = False,
              seat: str = "E", round_wind: str = "E", dora: str = "", ura: str = "",
              **flags: bool) -> WinContext:
    """A context in §5 style: ``hand`` = concealed tiles WITHOUT the winning tile, ``win`` = the winning tile.

    - ``melds``: ``(("pon", "555z"), ("ankan", "1111m"), ...)`` (types of ``Meld``).
    - ``seat`` / ``round_wind``: ``"E" | "S" | "W" | "N"`` (seat ``"E"`` is the dealer).
    - ``dora`` / ``ura``: indicator notation (``"1z3z"``).
    - ``flags``: any boolean field of ``WinContext`` (riichi, ippatsu, haitei...).

    Physical ids follow ``parse_tiles`` (``0`` = red five). Raises ``ValueError``
    on bad notation or a fifth copy.

    >>> ctx = situation("234m678p1355s777z", "2s", seat="S", riichi=True, dora="1m")
    >>> len(ctx.concealed), ctx.seat_wind, ctx.tsumo
    (14, 1, False)
    """
    used: set[int] = set()
    meld_values = tuple(Meld(t, tuple(sorted(parse_tiles(tiles, used)))) for t, tiles in melds)
    concealed = parse_tiles(hand, used)
    win_ids = parse_tiles(win, used)
    if len(win_ids) != 1:
        raise ValueError(f"win must be one tile, got {win!r}")
    win_tile = win_ids[0]
    return WinContext(concealed=tuple(concealed + [win_tile]), melds=meld_values, win_tile=win_tile,
                      tsumo=tsumo, seat_wind=wind_from_letter(seat), round_wind=wind_from_letter(round_wind),
                      dora_indicators=tuple(parse_tiles(dora, set())),
                      ura_indicators=tuple(parse_tiles(ura, set())), **flags)
