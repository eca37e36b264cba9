"""The Taiwanese half of the scorer CLI (``python -m rules_engine.score --preset taiwanese``;
issue 12 item 5; taiwanese.md §3, §4).

One JSON object per line, tiles in the spec's notation (§0.1; spaces ignored):

- ``hand`` (required): the concealed tiles *including the winning tile*; concealed kongs go
  in ``melds``. For a flower win it is ignored (any notation, may be ``""``).
- ``melds``: ``[{"type": "chow"|"pung"|"kong_exposed"|"kong_added"|"kong_concealed",
  "tiles": "234p"}, ...]`` (default ``[]``).
- ``flowers``: the winner's own exposed flowers and seasons, ``["f1", "s3"]`` (default ``[]``).
- ``win_tile`` (required key): one tile of ``hand``; ``null`` for a heavenly hand; a flower
  or season for a flower win, which then scores alone (T-SCORE-2): with ``self_draw`` true
  the winner drew the eighth (T-TAI-01, each opponent pays 30); otherwise he takes the
  eighth from ``discarder``, its owner (T-TAI-02, the owner pays 20). ``flowers`` plus the
  winning flower must be all eight.
- ``seat`` (required): ``"E"``..``"N"``, East is the dealer.
- ``self_draw``: bool (default false; a heavenly hand is self-drawn, T-SCORE-7).
- ``discarder``: the paying seat when not self-drawn (the discarder, the player whose added
  kong was robbed, or the eighth flower's owner); must be omitted or null on a self-draw.
- ``last_tile``, ``last_discard``, ``robbing_kong``, ``replacement_draw``, ``original_call``,
  ``heavenly``, ``earthly``: bools (default false).
- ``discards_before_win``: the discard count D of T-SCORE-4 (every discard of the hand,
  the winning discard included), int >= 0, or ``null`` (default) for 10 or more.
- ``preset``: ``"taiwanese"`` (or given by ``--preset taiwanese``).

The round wind is not an input: it never changes the score (taiwanese.md §7 item 4).

Output: ``{"ok": true, "tai": n, "awards": {"T-TAI-xx": tai, ...}, "payments":
{"discarder": -n} | {"each_opponent": -n} | {"eighth_flower_owner": -20}, "transfers":
{"E": .., "S": .., "W": .., "N": ..}}`` (transfers sum to zero, T-PAY-8), or ``{"ok":
false, "error": "not_a_winning_hand" | "invalid: <reason>"}``.
"""
from __future__ import annotations

from typing import Any

from rules_engine.taiwanese.notation import parse, parse_kinds
from rules_engine.taiwanese.scoring import (MELD_TYPES, NotWinningHand, TaiMeld, TaiWin,
                                            payments, score_win)
from rules_engine.taiwanese.tiles import BONUS_TILES, tile_label

FLAGS = ("self_draw", "last_tile", "last_discard", "robbing_kong", "replacement_draw",
         "original_call", "heavenly", "earthly")
KNOWN_KEYS = frozenset({"hand", "melds", "flowers", "win_tile", "seat", "discarder",
                        "discards_before_win", "preset", *FLAGS})
SEATS = "ESWN"


def _seat(data: dict, key: str) -> int | None:
    v = data.get(key)
    if v is None:
        return None
    if not isinstance(v, str) or v not in SEATS or len(v) != 1:
        raise ValueError(f"{key} must be one of 'E', 'S', 'W', 'N', got {v!r}")
    return SEATS.index(v)


def parse_win(data: Any) -> tuple[TaiWin, int | None]:
    """``(TaiWin, paying seat or None)`` from one decoded input object. Raises ``ValueError``
    with a readable reason for a malformed field."""
    if not isinstance(data, dict):
        raise ValueError(f"a situation must be a JSON object, got {type(data).__name__}")
    unknown = sorted(set(data) - KNOWN_KEYS)
    if unknown:
        raise ValueError(f"unknown key(s) {unknown}")
    for key in ("hand", "win_tile", "seat"):
        if key not in data:
            raise ValueError(f"missing key {key!r}")
    for key in FLAGS:
        if not isinstance(data.get(key, False), bool):
            raise ValueError(f"{key} must be true or false, got {data[key]!r}")
    seat = _seat(data, "seat")
    if seat is None:
        raise ValueError("seat must be one of 'E', 'S', 'W', 'N'")
    discarder = _seat(data, "discarder")
    d = data.get("discards_before_win")
    if d is not None and (type(d) is not int or d < 0):
        raise ValueError(f"discards_before_win must be an int >= 0 or null, got {d!r}")
    heavenly = data.get("heavenly", False)
    if heavenly and data.get("self_draw") is False:
        raise ValueError("a heavenly hand is self-drawn (T-SCORE-7)")
    self_draw = data.get("self_draw", False) or heavenly

    raw_flowers = data.get("flowers", [])
    if not isinstance(raw_flowers, list):
        raise ValueError("flowers must be a list like [\"f1\", \"s3\"]")
    flowers: list[int] = []
    for f in raw_flowers:
        kinds, bonus = parse(f) if isinstance(f, str) else ([], [])
        if kinds or len(bonus) != 1:
            raise ValueError(f"each flower is one of f1..f4, s1..s4, got {f!r}")
        flowers.extend(bonus)
    if len(set(flowers)) != len(flowers):
        raise ValueError(f"a flower is listed twice: {raw_flowers}")

    hand = data["hand"]
    if not isinstance(hand, str):
        raise ValueError("hand must be a notation string")
    win_text = data["win_tile"]
    win_kinds: list[int] = []
    win_bonus: list[int] = []
    if win_text is not None:
        if not isinstance(win_text, str):
            raise ValueError(f"win_tile must be one tile in notation or null, got {win_text!r}")
        win_kinds, win_bonus = parse(win_text)
        if len(win_kinds) + len(win_bonus) != 1:
            raise ValueError(f"win_tile must be one tile in notation or null, got {win_text!r}")

    if win_bonus:  # a flower win (T-FLOWER-4, T-FLOWER-5, T-SCORE-2)
        parse(hand)
        owned = set(flowers) | set(win_bonus)
        if owned != set(BONUS_TILES) or len(set(flowers) - set(win_bonus)) != 7:
            raise ValueError(f"a flower win needs seven flowers of the winner plus the winning "
                             f"flower {tile_label(win_bonus[0])} (all eight)")
        if self_draw:
            if discarder is not None:
                raise ValueError("a self-drawn eighth flower has no discarder")
            kind = "eight_flowers"
        else:
            if discarder is None or discarder == seat:
                raise ValueError("taking the eighth flower (self_draw false) needs discarder: "
                                 "the seat that owns it")
            kind = "seven_rob"
        win = TaiWin(concealed=(), melds=(), flowers=tuple(sorted(owned)), win_tile=None,
                     self_draw=self_draw, seat_wind=seat, round_wind=0, flower_win=kind)
        return win, discarder

    raw_melds = data.get("melds", [])
    if not isinstance(raw_melds, list):
        raise ValueError("melds must be a list")
    melds = []
    for i, m in enumerate(raw_melds):
        if not isinstance(m, dict) or set(m) - {"type", "tiles"} or "type" not in m or "tiles" not in m:
            raise ValueError(f"meld {i} must be an object with keys 'type' and 'tiles'")
        if m["type"] not in MELD_TYPES:
            raise ValueError(f"meld {i}: unknown type {m['type']!r}; one of {list(MELD_TYPES)}")
        melds.append(TaiMeld(m["type"], tuple(sorted(parse_kinds(m["tiles"])))))
    concealed = parse_kinds(hand)
    if win_text is None and not heavenly:
        raise ValueError("win_tile is null only for a heavenly hand")
    if win_kinds and win_kinds[0] not in concealed:
        raise ValueError(f"win_tile {win_text} is not in the hand")
    if self_draw and discarder is not None:
        raise ValueError("a self-drawn win has no discarder")
    if not self_draw and (discarder is None or discarder == seat):
        raise ValueError("a win on a discard or a robbed kong needs discarder, another seat")
    win = TaiWin(concealed=tuple(concealed), melds=tuple(melds), flowers=tuple(flowers),
                 win_tile=win_kinds[0] if win_kinds else None, self_draw=self_draw,
                 seat_wind=seat, round_wind=0, discards_before_win=d,
                 **{k: data.get(k, False) for k in FLAGS if k != "self_draw"})
    return win, discarder


def score_situation(data: Any) -> dict:
    """The output object for one decoded Taiwanese input object (never raises for bad input)."""
    try:
        win, payer = parse_win(data)
        res = score_win(win)
    except NotWinningHand:
        return {"ok": False, "error": "not_a_winning_hand"}
    except (ValueError, KeyError, TypeError) as exc:
        return {"ok": False, "error": f"invalid: {exc}"}
    if win.flower_win == "seven_rob":
        pay = {"eighth_flower_owner": -res.tai}
        out = payments([(win.seat_wind, res.tai)], discarder=None, self_draw=False,
                       flower_win="seven_rob", eighth_flower_owner=payer)
    elif win.self_draw:
        pay = {"each_opponent": -res.tai}
        out = payments([(win.seat_wind, res.tai)], discarder=None, self_draw=True,
                       flower_win=win.flower_win)
    else:
        pay = {"discarder": -res.tai}
        out = payments([(win.seat_wind, res.tai)], discarder=payer, self_draw=False)
    return {"ok": True, "tai": res.tai, "awards": res.awards, "payments": pay,
            "transfers": dict(zip(SEATS, out))}
