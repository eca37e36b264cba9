"""The winning situation (``WinContext``) and the evaluation result (``HandResult``).

Shapes follow docs/engine-api.md, section "Hand evaluation". Tile ids are
physical ids 0..135 (R-TILE-4); winds are 0..3 = East South West North.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from rules_engine.core.meld import Meld


@dataclass(frozen=True, slots=True)
class WinContext:
    """One winning situation to score (R-SCORE-2, R-YAKU-1).

    - ``concealed``: physical ids of the concealed tiles INCLUDING the winning
      tile (``14 - 3 * len(melds)`` tiles; a kan counts as one set).
    - ``melds``: declared sets (chi, pon, daiminkan, shouminkan, ankan).
    - ``win_tile``: physical id of the winning tile; must be in ``concealed``.
    - ``tsumo``: True for a self-draw win, False for ron (including chankan).
    - ``seat_wind`` / ``round_wind``: 0..3 = E S W N; seat wind 0 is the dealer.
    - ``dora_indicators``: revealed indicators (physical ids, kan indicators
      included, R-DORA-3); ``ura_indicators``: the tiles under them, counted
      only when the winner declared riichi or double riichi (R-DORA-6).
    - flags: ``riichi``, ``double_riichi`` (R-FIRST-3, implies riichi),
      ``ippatsu`` (R-FIRST-2), ``haitei`` / ``houtei`` (R-YAKU-20/-21),
      ``rinshan`` (R-YAKU-22), ``chankan`` (R-YAKU-23), ``tenhou`` /
      ``chiihou`` (R-YAKUMAN-2).
    """

    concealed: tuple[int, ...]
    melds: tuple[Meld, ...]
    win_tile: int
    tsumo: bool
    seat_wind: int
    round_wind: int
    dora_indicators: tuple[int, ...] = ()
    ura_indicators: tuple[int, ...] = ()
    riichi: bool = False
    double_riichi: bool = False
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    tenhou: bool = False
    chiihou: bool = False

    @property
    def is_dealer(self) -> bool:
        """True when the winner is East (the dealer, R-DEAL)."""
        return self.seat_wind == 0

    @property
    def is_closed(self) -> bool:
        """No chi, pon, daiminkan or shouminkan; an ankan keeps the hand closed (R-YAKU-3)."""
        return all(m.type == "ankan" for m in self.melds)


@dataclass(slots=True)
class HandResult:
    """The scored best reading of a winning hand (R-SCORE-2). Treat it as a value: ``evaluate``
    builds a new one on every call (not frozen only because building frozen values is slower).

    - ``han``: total han (yaku + dora + red fives + ura-dora, R-SCORE-1); 0 for a
      yakuman hand (R-YAKUMAN-5), at least 13 for a kazoe yakuman.
    - ``fu``: fu after rounding (R-FU); 0 for a yakuman hand (R-FU-11).
    - ``yaku``: ``[(name, han), ...]`` in the order of the R-YAKU table, then
      ``dora``, ``aka_dora``, ``ura_dora`` (their counts as han). For a yakuman
      hand only the yakuman, each with its multiple (2 for the double forms).
    - ``yakuman``: number of real yakuman (R-YAKUMAN-4); 0 for a kazoe yakuman
      (which shows ``limit == "yakuman"`` with ``han >= 13``, R-YAKUMAN-6).
    - ``limit``: ``None`` or ``"mangan" | "haneman" | "baiman" | "sanbaiman" | "yakuman"`` (R-SCORE-4).
    - ``base_points``: base points after limits (R-SCORE-3/-4), e.g. 2,000 for mangan.
    - ``fu_breakdown``: ``[(reason, fu), ...]`` summing to the unrounded fu,
      then ``("rounding", n)`` when rounding adds ``n`` (R-FU-8); empty for yakuman.
    - ``is_dealer``: the winner is East (payments R-PAY-1..3).
    - ``tsumo``: won by self-draw; ``wait``: the wait of the chosen reading
      (``ryanmen kanchan penchan tanki shanpon`` or ``chiitoitsu`` / ``kokushi``);
      ``reading``: the sets and pair of the chosen reading in notation.
    """

    han: int
    fu: int
    yaku: list[tuple[str, int]]
    yakuman: int
    limit: str | None
    base_points: int
    fu_breakdown: list[tuple[str, int]]
    is_dealer: bool
    tsumo: bool = False
    wait: str = ""
    reading: tuple[str, ...] = field(default=())

    def cost(self) -> dict[str, int]:
        """Hand payments before honba and deposits (R-PAY-1..4), in points.

        Ron: ``{"ron": n}``. Non-dealer tsumo: ``{"tsumo_dealer": d,
        "tsumo_non_dealer": n}``. Dealer tsumo: ``{"tsumo_each": n}``.
        """
        from rules_engine.riichi.payments import hand_cost

        return hand_cost(self.base_points, is_dealer=self.is_dealer, tsumo=self.tsumo)
