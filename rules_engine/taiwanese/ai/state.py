"""What a Taiwanese computer player reads from its seat view (P-BOT-3, T-ONLINE-6).

``TwSituation.from_view(view)`` digests the JSON seat view of ``rules_engine.taiwanese.views``
(``game.view(seat)``) into counts the players use: the own concealed tiles as 34 kind counts,
the tiles this seat can see, every other seat's discards, melds, flowers and Original Call,
and the legal actions grouped by type. Only the view is read, never the ``Game``: a computer
knows nothing a human in its seat could not.
"""
from __future__ import annotations

from dataclasses import dataclass, field

NUM_KINDS = 34


@dataclass(slots=True)
class TwOpponent:
    """Public record of another seat: ``discards`` as ``(tile, order, called)`` in order,
    ``melds`` (JSON dicts), ``flowers`` (ids), ``original_call`` (locked and ready, T-ORIG-1),
    ``concealed_count``; ``meld_kinds`` the kinds of all meld tiles."""

    seat: int
    discards: list[tuple[int, int, bool]]
    melds: list[dict]
    flowers: list[int]
    original_call: bool
    concealed_count: int
    meld_kinds: list[int]

    @property
    def open_sets(self) -> int:
        """Declared sets other than concealed kongs (chows, pungs, exposed and added kongs)."""
        return sum(1 for m in self.melds if m["type"] != "ankan")

    @property
    def last_order(self) -> int:
        """Hand-wide ``order`` of this seat's latest discard, -1 before its first."""
        return self.discards[-1][1] if self.discards else -1


@dataclass(slots=True)
class TwSituation:
    """A Taiwanese seat view digested for decisions.

    - ``hand`` own concealed tile ids; ``counts`` the same as 34 kind counts.
    - ``melds`` own declared sets (JSON dicts; ``ankan`` = concealed kong); ``n_declared``.
    - ``visible``: 34 counts of every tile this seat sees (own hand, discards still lying in
      the pools, all melds); ``4 - visible[k]`` copies of ``k`` are unseen.
    - ``pool_order``: every discard of the hand as ``(order, seat, kind, called)``, in order.
    - ``legal`` / ``by_type``: the legal actions (JSON dicts) as listed and grouped by type.
    - ``window``: the response window open (``"discard"``, ``"rob"``, ``"original_call"``,
      ``"flower"`` or ``None`` on a turn).
    """

    seat: int
    hand: list[int]
    counts: list[int]
    drawn_tile: int | None
    melds: list[dict]
    flowers: list[int]
    original_call: bool
    visible: list[int]
    opponents: list[TwOpponent]
    own_discards: list[tuple[int, int, bool]]
    pool_order: list[tuple[int, int, int, bool]]
    legal: list[dict]
    by_type: dict[str, list[dict]]
    dealer: int
    scores: list[int]
    wall_count: int
    window: str | None
    last_discard: dict | None
    waits: list[int] = field(default_factory=list)
    hand_number: int = 0

    @property
    def n_declared(self) -> int:
        return len(self.melds)

    @property
    def is_concealed(self) -> bool:
        """No melded set (concealed kongs keep the hand concealed, T-SCORE-4)."""
        return all(m["type"] == "ankan" for m in self.melds)

    @property
    def is_dealer(self) -> bool:
        return self.seat == self.dealer

    @property
    def discard_count(self) -> int:
        return len(self.pool_order)

    def unseen(self, kind: int) -> int:
        return 4 - self.visible[kind]

    def meld_kinds(self) -> list[int]:
        return [min(m["tiles"]) >> 2 for m in self.melds]

    @classmethod
    def from_view(cls, view: dict) -> "TwSituation":
        """Digest ``view``; ``ValueError`` for a public view or one without legal actions."""
        seat = view.get("seat")
        if seat is None or "hand" not in view:
            raise ValueError("computer players need a seat view (own hand), got a public view")
        legal = list(view.get("legal_actions") or [])
        if not legal:
            raise ValueError(f"seat {seat} has no legal action in this view (phase {view.get('phase')!r})")
        hand = [t for t in view["hand"] if t < 136]
        counts = [0] * NUM_KINDS
        for t in hand:
            counts[t >> 2] += 1
        visible = counts[:]
        opponents: list[TwOpponent] = []
        melds: list[dict] = []
        flowers: list[int] = []
        oc = False
        own_discards: list[tuple[int, int, bool]] = []
        pool: list[tuple[int, int, int, bool]] = []
        for p in view.get("players") or []:
            discs = [(d["tile"], d["order"], bool(d.get("called"))) for d in p["discards"]]
            for t, o, called in discs:
                pool.append((o, p["seat"], t >> 2, called))
                if not called:
                    visible[t >> 2] += 1
            mk: list[int] = []
            for m in p["melds"]:
                for t in m["tiles"]:
                    mk.append(t >> 2)
                    visible[t >> 2] += 1
            if p["seat"] == seat:
                melds = list(p["melds"])
                flowers = list(p.get("flowers", []))
                oc = bool(p.get("original_call"))
                own_discards = discs
                continue
            opponents.append(TwOpponent(p["seat"], discs, list(p["melds"]), list(p.get("flowers", [])),
                                        bool(p.get("original_call")), int(p.get("concealed_count", 16)), mk))
        pool.sort()
        by_type: dict[str, list[dict]] = {}
        for a in legal:
            by_type.setdefault(a["type"], []).append(a)
        return cls(seat=seat, hand=hand, counts=counts, drawn_tile=view.get("drawn_tile"), melds=melds,
                   flowers=flowers, original_call=oc, visible=[min(4, v) for v in visible],
                   opponents=opponents, own_discards=own_discards, pool_order=pool, legal=legal,
                   by_type=by_type, dealer=int(view.get("dealer", 0)),
                   scores=list(view.get("scores", [2000] * 4)), wall_count=int(view.get("wall_count", 60)),
                   window=view.get("window"), last_discard=view.get("last_discard"),
                   waits=list(view.get("waits") or []), hand_number=int(view.get("hand_number", 0)))
