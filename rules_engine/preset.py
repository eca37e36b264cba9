"""Presets: frozen rule switches with a name and an integer version (R-PRESET, P-PRESET).

Each switch below is one row of riichi.md §4 ("Preset differences"). A stored
game keeps ``(name, version)``; ``get_preset`` returns exactly the rules it was
played under (P-PRESET-3 to P-PRESET-5). New versions are added next to the old
ones, never edited in place.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field


@dataclass(frozen=True)
class Preset:
    """Every rule switch of one preset version (riichi.md §4).

    Fields (row of §4 in brackets):
    - ``name``/``version``/``family``: identity (P-PRESET-1); family ``"riichi"`` or ``"taiwanese"``.
    - ``game_format``: ``"east"`` (one East round, R-END-1), ``"east_south"``, ``"single"`` (one hand)
      [1]; Taiwanese: ``"full"`` (East to North, T-MATCH-5), ``"east"`` or ``"single"``.
    - ``multi_ron``: ``"double"`` (two winners, three claims abort, R-MULTI-1/-3),
      ``"head_bump"`` (nearest claimant only, R-MULTI-4) or ``"all"`` [4].
    - ``ankan_robbable_by_kokushi``: R-KAN-6 [6].
    - ``kans_after_riichi``: ``"ankan_keep_waits"`` (R-RIICHI-7) or ``"none"`` [7].
    - ``kan_dora_timing``: ``"deferred_open"`` (ankan now, minkan/kakan at the next discard) or
      ``"immediate"`` (R-DORA-3) [8].
    - ``abortive_draws``: the abortive draws in force (R-ABORT): subset of
      ``{"kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan", "sanchahou"}`` [10].
    - ``deposits_after_draw``: ``"carry"`` or ``"return"`` (R-DRAW-5) [12].
    - ``deposits_at_end``: ``"first_place"`` (R-END-6) [13].
    - ``pao_scope``: ``"covered_yakuman"`` or ``"whole_hand"`` (R-PAO-3) [14].
    - ``nagashi_mangan``: R-NAGASHI [17]. ``honba``: honba counter used (R-ROT) [18].
    - ``auto_stop``: last-dealer automatic stop (R-END-5) [19]. ``bust_ends_game``: R-END-4 [20].
    - ``result_record``: return/bonus/adjustments record (R-RESULT) [21].
    - ``starting_points``: points (R-DEAL-3) [28]. ``red_fives``: physical ids of red fives (R-TILE-2).
    - ``max_kans``: kans per hand (R-KAN-3). ``return_points``/``uma``/``winner_bonus``:
      R-RESULT-2 constants (points; uma by placement 1..4).
    - ``offered``/``rated``: whether the platform offers / rates the preset [29].
    """

    name: str
    version: int
    family: str = "riichi"
    game_format: str = "east"
    multi_ron: str = "double"
    ankan_robbable_by_kokushi: bool = False
    kans_after_riichi: str = "ankan_keep_waits"
    kan_dora_timing: str = "deferred_open"
    abortive_draws: frozenset[str] = frozenset(
        {"kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan", "sanchahou"})
    deposits_after_draw: str = "carry"
    deposits_at_end: str = "first_place"
    pao_scope: str = "covered_yakuman"
    nagashi_mangan: bool = True
    honba: bool = True
    auto_stop: bool = True
    bust_ends_game: bool = True
    result_record: bool = True
    starting_points: int = 25_000
    return_points: int = 30_000
    uma: tuple[int, int, int, int] = (20_000, 10_000, -10_000, -20_000)
    winner_bonus: int = 20_000
    red_fives: frozenset[int] = frozenset({16, 52, 88})
    max_kans: int = 4
    open_tanyao: bool = True
    double_yakuman: bool = True
    kazoe_yakuman: bool = True
    kiriage_mangan: bool = False
    offered: bool = True
    rated: bool = True
    extra: dict = field(default_factory=dict, compare=False, hash=False)

    @property
    def key(self) -> tuple[str, int]:
        """``(name, version)`` as stored with every game (P-PRESET-3)."""
        return (self.name, self.version)

    def snapshot(self) -> dict:
        """JSON-serializable dict of every switch, stored with a game (P-PRESET-3)."""
        data = asdict(self)
        for k, v in data.items():
            if isinstance(v, (frozenset, set)):
                data[k] = sorted(v)
            elif isinstance(v, tuple):
                data[k] = list(v)
        return data


RIICHI_V1 = Preset(name="riichi", version=1)
RIICHI_SINGLE_DEAL_V1 = Preset(
    name="riichi-single-deal",
    version=1,
    game_format="single",
    multi_ron="head_bump",
    kans_after_riichi="none",
    abortive_draws=frozenset({"kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan"}),
    deposits_after_draw="return",
    honba=False,
    auto_stop=False,
    bust_ends_game=False,
    result_record=False,
    rated=False,
)
RIICHI_TOURNAMENT_V1 = Preset(
    name="riichi-tournament",
    version=1,
    game_format="east_south",
    multi_ron="all",
    ankan_robbable_by_kokushi=True,
    kan_dora_timing="immediate",
    abortive_draws=frozenset({"suukaikan"}),
    pao_scope="whole_hand",
    offered=False,
    rated=False,
)

_TAIWANESE = dict(
    family="taiwanese", multi_ron="all", abortive_draws=frozenset(), nagashi_mangan=False, honba=False,
    auto_stop=False, bust_ends_game=False, result_record=False, starting_points=2_000, return_points=2_000,
    uma=(0, 0, 0, 0), winner_bonus=0, red_fives=frozenset(), max_kans=99, kans_after_riichi="none",
    open_tanyao=False, double_yakuman=False, kazoe_yakuman=False, offered=True, rated=False)
"""Switches shared by the Taiwanese presets (taiwanese.md): 2,000 points (T-SETUP-4), every winner
on a discard wins (T-WIN-7), no abortive draws (T-END-3), no limit on kongs (T-KONG-6), negative
scores allowed (T-PAY-8). The Riichi-only switches are set to their "off" values and never read.
All three are offered on the site; only the full match is rated (P-RATE-4, P-PRAC-2)."""
TAIWANESE_V1 = Preset(name="taiwanese", version=1, game_format="full", **{**_TAIWANESE, "rated": True})
"""T-MATCH-1, P-TW-1: full match East to North, ends at the 16th dealer change (T-MATCH-5); rated."""
TAIWANESE_EAST_V1 = Preset(name="taiwanese-east", version=1, game_format="east", **_TAIWANESE)
"""P-TW-4 practice: the East round, ends at the 4th dealer change."""
TAIWANESE_SINGLE_DEAL_V1 = Preset(name="taiwanese-single-deal", version=1, game_format="single", **_TAIWANESE)
"""P-TW-4 practice: one hand, whatever its result (§7 item 27)."""

_ALL = (RIICHI_V1, RIICHI_SINGLE_DEAL_V1, RIICHI_TOURNAMENT_V1, TAIWANESE_V1, TAIWANESE_EAST_V1,
        TAIWANESE_SINGLE_DEAL_V1)
PRESET_VERSIONS: dict[tuple[str, int], Preset] = {p.key: p for p in _ALL}
PRESETS: dict[str, Preset] = {}
for _p in _ALL:
    if _p.name not in PRESETS or PRESETS[_p.name].version < _p.version:
        PRESETS[_p.name] = _p


def get_preset(name: str, version: int | None = None) -> Preset:
    """The preset ``name`` at ``version`` (latest when ``None``).

    Raises ``ValueError`` for an unknown name or version (P-PRESET-5: a stored
    game names the exact version it was played under).
    """
    if version is None:
        if name not in PRESETS:
            raise ValueError(f"unknown preset {name!r}; known: {sorted(PRESETS)}")
        return PRESETS[name]
    try:
        return PRESET_VERSIONS[(name, int(version))]
    except KeyError:
        raise ValueError(f"unknown preset {name!r} version {version!r}") from None
