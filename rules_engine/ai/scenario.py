"""Seat views written in tile notation, for scripted computer-player situations.

``make_view`` builds a dict of the shape of ``game.view(seat)`` (docs/engine-api.md,
"Views") from notation such as ``"123m406p789s1122z"``, so a test or a debugging
session can ask ``rules_engine.ai.decide`` what it would do in a hand-made position
without playing a game up to it.
"""
from __future__ import annotations

from rules_engine.core.tiles import parse_tiles


def make_view(hand: str, *, seat: int = 0, dealer: int = 0, drawn: str | None = None,
              discards: dict[int, str] | None = None, riichi_after: dict[int, int] | None = None,
              melds: dict[int, list[tuple[str, str]]] | None = None, dora_indicators: str = "1z",
              wall_count: int = 50, scores: list[int] | None = None, round_wind: int = 0,
              legal: list[dict] | None = None, claim: tuple[int, str] | None = None,
              preset: str = "riichi") -> dict:
    """A seat view for ``seat``.

    - ``hand``: own concealed tiles (14 - 3m on the own turn, including ``drawn`` if given).
    - ``discards``: per seat, its discards in order (notation); discards are interleaved
      seat by seat (round robin from the dealer) to give the hand-wide ``order``.
    - ``riichi_after``: ``{seat: i}`` marks that seat's ``i``-th discard (0-based) as its
      riichi declaration.
    - ``melds``: ``{seat: [(type, notation), ...]}`` with types ``chi pon daiminkan ankan``.
    - ``legal``: legal actions (JSON); default on the own turn: a discard of every own
      tile; with ``claim=(from_seat, tile notation)``: ``pass`` only (add calls yourself).

    Tile ids are assigned so that no physical tile appears twice (``parse_tiles``).
    Raises ``ValueError`` for bad notation or a fifth copy.
    """
    used: set[int] = set()
    own = parse_tiles(hand, used)
    drawn_id = None
    if drawn:
        drawn_id = parse_tiles(drawn, used)[0]
        own.append(drawn_id)
    ind = parse_tiles(dora_indicators, used) if dora_indicators else []
    per_seat = {s: parse_tiles(t, used) for s, t in (discards or {}).items()}
    meld_json: dict[int, list[dict]] = {s: [] for s in range(4)}
    for s, ms in (melds or {}).items():
        for typ, text in ms:
            tiles = parse_tiles(text, used)
            from_seat = None if typ == "ankan" else (s + 3) % 4
            meld_json[s].append({"type": typ, "tiles": sorted(tiles),
                                 "called_tile": None if typ == "ankan" else tiles[0],
                                 "from_seat": from_seat, "added_tile": None})
    order = 0
    recs: dict[int, list[dict]] = {s: [] for s in range(4)}
    longest = max((len(v) for v in per_seat.values()), default=0)
    riichi_after = riichi_after or {}
    for i in range(longest):
        for k in range(4):
            s = (dealer + k) % 4
            lst = per_seat.get(s, [])
            if i < len(lst):
                recs[s].append({"tile": lst[i], "riichi": riichi_after.get(s) == i, "called": False,
                                "tsumogiri": False, "order": order})
                order += 1
    claim_tile = None
    if claim is not None:
        claim_tile = parse_tiles(claim[1], used)[0]
        recs[claim[0]].append({"tile": claim_tile, "riichi": False, "called": False,
                               "tsumogiri": False, "order": order})
    players = [{"seat": s, "seat_wind": (s - dealer) % 4, "discards": recs[s], "melds": meld_json[s],
                "riichi": s in riichi_after, "concealed_count": 13 - 3 * len(meld_json[s])}
               for s in range(4)]
    if legal is None:
        if claim is not None:
            legal = [{"type": "pass", "seat": seat, "tile": None, "tiles": []}]
        else:
            legal = [{"type": "discard", "seat": seat, "tile": t, "tiles": []} for t in sorted(own)]
    return {
        "preset": preset, "preset_version": 1, "seat": seat, "phase": "claim" if claim else "turn",
        "seq": order, "round_wind": round_wind, "hand_number": 0, "dealer": dealer, "honba": 0,
        "riichi_deposits": 1000 * len(riichi_after), "scores": scores or [25000] * 4,
        "wall_count": wall_count, "dora_indicators": ind, "turn": seat if claim is None else claim[0],
        "last_discard": {"seat": claim[0], "tile": claim_tile} if claim else None,
        "pending_seats": [seat], "players": players, "hand": sorted(own), "drawn_tile": drawn_id,
        "legal_actions": legal, "furiten": False, "waits": [], "hand_result": None, "game_result": None,
    }
