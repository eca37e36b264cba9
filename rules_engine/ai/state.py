"""What a computer player reads from its seat view (P-BOT-3).

``Situation.from_view(view)`` turns the JSON seat view of ``docs/engine-api.md``
into the compact numbers the players use: own concealed tiles as a 34-length
count list, the tiles visible to this seat, every seat's discards in order,
riichi declarations, dora kinds and the legal actions as ``Action`` values.
Only the view is read; the ``Game`` is never touched, so a computer can know
nothing a human in the same seat could not (P-BOT-3).
"""
from __future__ import annotations

from dataclasses import dataclass, field

from rules_engine.preset import RIICHI_V1, Preset, get_preset
from rules_engine.core.tiles import NUM_KINDS, RED_FIVES, dora_from_indicator


@dataclass(frozen=True, slots=True)
class Discard:
    """One discard of a seat: ``tile`` id, ``order`` (hand-wide counter), flags from the view."""

    tile: int
    order: int
    riichi: bool
    called: bool
    tsumogiri: bool


@dataclass(slots=True)
class Opponent:
    """Public information about one other seat.

    - ``riichi_order``: the hand-wide ``order`` of the discard that declared riichi
      (``None`` if no riichi); every later discard by anyone is genbutsu against it.
    - ``meld_kinds``: kinds of all melded tiles (4 for kans).
    - ``melds``: the melds as JSON dicts from the view.
    """

    seat: int
    seat_wind: int
    discards: list[Discard]
    melds: list[dict]
    riichi: bool
    riichi_order: int | None
    meld_kinds: list[int]

    @property
    def open_meld_count(self) -> int:
        """Number of melds that opened the hand (all but ankan, R-CALL-7)."""
        return sum(1 for m in self.melds if m["type"] != "ankan")


@dataclass(slots=True)
class Situation:
    """A seat view digested for decision making.

    - ``hand``: own concealed tile ids (including a drawn tile); ``counts``: the same as
      a 34-length count list of kinds.
    - ``visible``: 34-length count of every tile this seat can see (own hand, all
      discards still in the ponds, all melds, dora indicators); ``4 - visible[k]``
      is the number of unseen copies of kind ``k``.
    - ``dora``: dora kind per revealed indicator (a kind appears once per indicator).
    - ``legal``: the legal actions as JSON dicts, exactly as listed by the view.
    - ``riichi_deposits``: points of riichi deposits on the table (1000 per deposit).
    """

    seat: int
    hand: list[int]
    counts: list[int]
    drawn_tile: int | None
    melds: list[dict]
    seat_wind: int
    round_wind: int
    dealer: int
    riichi: bool
    scores: list[int]
    wall_count: int
    dora: list[int]
    visible: list[int]
    opponents: list[Opponent]
    own_discard_kinds: set[int]
    own_discards: list[Discard]
    legal: list[dict]
    furiten: bool
    honba: int = 0
    riichi_deposits: int = 0
    turn: int = 0
    last_discard: dict | None = None
    discard_count: int = 0
    open_tanyao: bool = True
    hand_number: int = 0
    dora_indicators: list[int] = field(default_factory=list)
    preset: Preset = RIICHI_V1
    by_type: dict[str, list[dict]] = field(default_factory=dict)

    @classmethod
    def from_view(cls, view: dict) -> "Situation":
        """Digest a seat view; raises ``ValueError`` for a public view or one without legal actions."""
        seat = view.get("seat")
        if seat is None or "hand" not in view:
            raise ValueError("computer players need a seat view (own hand), got a public view")
        legal = list(view.get("legal_actions") or [])
        preset = _preset_of(view)
        if not legal:
            raise ValueError(f"seat {seat} has no legal action in this view (phase {view.get('phase')!r})")
        hand = list(view["hand"])
        counts = [0] * NUM_KINDS
        for t in hand:
            counts[t >> 2] += 1
        visible = counts[:]
        for t in view.get("dora_indicators", []):
            visible[t >> 2] += 1
        opponents: list[Opponent] = []
        own_melds: list[dict] = []
        own_discards: list[Discard] = []
        own_riichi = False
        seat_wind = 0
        n_discards = 0
        for p in view["players"]:
            discs = [Discard(d["tile"], d["order"], bool(d.get("riichi")), bool(d.get("called")),
                             bool(d.get("tsumogiri"))) for d in p["discards"]]
            n_discards += len(discs)
            for d in discs:
                if not d.called:  # a called discard is shown in the caller's meld
                    visible[d.tile >> 2] += 1
            meld_kinds: list[int] = []
            for m in p["melds"]:
                for t in m["tiles"]:
                    meld_kinds.append(t >> 2)
                    visible[t >> 2] += 1
            if p["seat"] == seat:
                own_melds = list(p["melds"])
                own_discards = discs
                own_riichi = bool(p["riichi"])
                seat_wind = p["seat_wind"]
                continue
            r_order = next((d.order for d in discs if d.riichi), None)
            if p["riichi"] and r_order is None:
                # riichi declared on a discard that was then called: use the last discard's order
                r_order = discs[-1].order if discs else -1
            opponents.append(Opponent(p["seat"], p["seat_wind"], discs, list(p["melds"]),
                                      bool(p["riichi"]), r_order if p["riichi"] else None, meld_kinds))
        visible = [min(4, v) for v in visible]
        by_type: dict[str, list[dict]] = {}
        for a in legal:
            by_type.setdefault(a["type"], []).append(a)
        return cls(
            seat=seat, hand=hand, counts=counts, drawn_tile=view.get("drawn_tile"),
            melds=own_melds, seat_wind=seat_wind, round_wind=view.get("round_wind", 0),
            dealer=view.get("dealer", 0), riichi=own_riichi, scores=list(view.get("scores", [25000] * 4)),
            wall_count=int(view.get("wall_count", 70)),
            dora=[dora_from_indicator(t >> 2) for t in view.get("dora_indicators", [])],
            visible=visible, opponents=opponents, own_discard_kinds={d.tile >> 2 for d in own_discards},
            own_discards=own_discards, legal=legal,
            furiten=bool(view.get("furiten")), honba=int(view.get("honba", 0)),
            riichi_deposits=_deposit_points(view.get("riichi_deposits", 0)), turn=int(view.get("turn", seat)),
            last_discard=view.get("last_discard"), discard_count=n_discards, by_type=by_type,
            open_tanyao=preset.open_tanyao, preset=preset, hand_number=int(view.get("hand_number", 0)),
            dora_indicators=list(view.get("dora_indicators", [])),
        )

    @property
    def is_dealer(self) -> bool:
        return self.seat == self.dealer

    @property
    def is_last_hand(self) -> bool:
        """True in the last scheduled hand of the game (East 4 of an East round, or a single deal)."""
        fmt = getattr(self.preset, "game_format", "east")
        if fmt == "single":
            return True
        return self.hand_number >= (3 if fmt == "east" else 7)

    @property
    def is_closed(self) -> bool:
        """True when no meld opened the hand (ankan keeps it closed, R-CALL-7)."""
        return all(m["type"] == "ankan" for m in self.melds)

    def unseen(self, kind: int) -> int:
        """Copies of ``kind`` this seat cannot see (0..4)."""
        return 4 - self.visible[kind]

    def dora_count(self, tiles: list[int]) -> int:
        """Dora (by indicator, R-DORA-4) plus red fives (R-DORA-5) among physical ``tiles``."""
        n = 0
        for t in tiles:
            k = t >> 2
            n += self.dora.count(k)
            if t in RED_FIVES:
                n += 1
        return n

    def meld_tiles(self) -> list[int]:
        return [t for m in self.melds for t in m["tiles"]]



def _preset_of(view: dict) -> Preset:
    """The preset named by the view; the default ``riichi`` if the name is unknown."""
    try:
        return get_preset(view["preset"], view.get("preset_version"))
    except (KeyError, ValueError, TypeError):
        return RIICHI_V1


def _deposit_points(value: object) -> int:
    """Riichi deposits on the table in points. The table's view gives points (1000 each);
    a small number (< 100) is read as a count of deposits, so either convention works."""
    v = int(value or 0)
    return v * 1000 if 0 < v < 100 else v
