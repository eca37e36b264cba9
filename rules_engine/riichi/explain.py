"""Explanations of a finished hand for the results screen (issue 11 item 5, P-FLOW-1, P-REPLAY-4):
the fu breakdown of every win (R-FU) and each seat's payments broken into hand value, honba,
riichi sticks and draw payments (R-PAY-5, R-PAY-6, R-MULTI-2, R-DRAW-3, R-DRAW-5, R-NAGASHI).

The stored ``hand_end`` record (``game.hand_result``, docs/engine-api.md "Views") is part of the
game log, so it is never changed: ``explain_hand_result`` returns a *copy* with added keys, built
from the facts the record already holds (hands, melds, yaku, dora and ura indicators, payments,
honba) plus the table facts the view knows (dealer, round wind, who is in riichi). It never
re-scores a stored result (P-REPLAY-6): the fu breakdown comes from scoring the stored hand again
with the same engine and is attached only when that scoring gives the stored han, fu, yaku and base
points; otherwise the win gets no breakdown (``fu_items`` is ``None``).

Added keys:

- each win: ``fu_items`` — ``None`` or ``[{"item", "fu", ...}]`` in the order of R-FU:
  ``{"item": "base", "fu": 20}`` (R-FU-2), ``"chiitoitsu"`` 25 (R-FU-1), ``"closed_ron"`` 10
  (R-FU-3), ``"tsumo"`` 2 (R-FU-4), ``{"item": "set", "set": "open_triplet" | "concealed_triplet" |
  "open_kan" | "closed_kan", "kind": 0..33, "fu"}`` (R-FU-5), ``{"item": "pair", "kind", "fu"}``
  (R-FU-6), ``{"item": "wait", "wait": "kanchan" | "penchan" | "tanki", "fu": 2}`` (R-FU-7),
  ``{"item": "rounding", "fu": n}`` (R-FU-8) or ``{"item": "open_minimum", "fu": 10}`` (R-FU-10).
  The items other than rounding / open minimum sum to the fu before rounding; all of them sum to
  ``fu``. Empty for a yakuman (R-FU-11). ``fu_raw``: the fu before rounding (or ``None``).
  ``parts``: ``[4 × {"value", "honba", "sticks"}]`` — this win's ``payments`` split into the hand
  value (R-PAY-1..4, R-PAO), the honba bonus (R-PAY-5; only the first winner, R-MULTI-2) and the
  riichi sticks the winner takes (R-PAY-6); per seat the three sum to ``payments[seat]``.
- ``payment_parts``: ``[4 × {"value", "honba", "sticks", "draw", "nagashi", "riichi", "returned",
  "total"}]`` — per seat, summed over the wins: ``value + honba + sticks + draw + nagashi ==
  deltas[seat]``; ``draw`` the tenpai / noten payments (R-DRAW-3), ``nagashi`` the nagashi mangan
  payments (R-NAGASHI-2); ``riichi`` −1,000 for the seat's own riichi stick placed this hand
  (R-RIICHI-5; already taken from the score when the riichi was established); ``returned`` the
  stick given back (``deposits_returned``, [single-deal] R-DRAW-5); ``total`` the seat's score
  change over the whole hand (``deltas + riichi + returned``).
- ``sticks``: ``{"taken", "placed", "carried", "left", "returned"}`` in points — taken by the
  winners, placed by riichi this hand, carried over from earlier hands, left on the table for the
  next hand (or, at a ``riichi`` game's end, for first place, R-END-6) and returned to their owners.
"""
from __future__ import annotations

from typing import Sequence

from rules_engine.core.meld import Meld
from rules_engine.core.tiles import parse_kinds
from rules_engine.preset import Preset
from rules_engine.riichi.context import WinContext
from rules_engine.riichi.scoring import evaluate

EXPLANATION_KEYS = ("payment_parts", "sticks")
"""Keys ``explain_hand_result`` adds to the record."""
WIN_EXPLANATION_KEYS = ("fu_items", "fu_raw", "parts")
"""Keys ``explain_hand_result`` adds to each win."""


def stored_part(explained: dict) -> dict:
    """The stored record inside an explained one (the explanation keys removed): what
    ``explain_hand_result`` was given. ``explained``: its result."""
    out = {k: v for k, v in explained.items() if k not in EXPLANATION_KEYS}
    if "wins" in out:
        out["wins"] = [{k: v for k, v in w.items() if k not in WIN_EXPLANATION_KEYS} for w in out["wins"]]
    return out


_SET_ITEMS = {"open triplet": "open_triplet", "concealed triplet": "concealed_triplet",
              "open kan": "open_kan", "closed kan": "closed_kan"}
_PLAIN_ITEMS = {"base": "base", "closed ron": "closed_ron", "tsumo": "tsumo", "rounding": "rounding",
                "open minimum": "open_minimum", "chiitoitsu": "chiitoitsu"}


def fu_items(breakdown: Sequence[tuple[str, int]]) -> list[dict]:
    """Structured items of ``HandResult.fu_breakdown`` (``[(reason, fu)]``, see ``riichi.fu``):
    ``[{"item", "fu", ...}]`` as in the module docstring. Raises ``ValueError`` for an unknown
    reason."""
    out: list[dict] = []
    for reason, fu in breakdown:
        if reason in _PLAIN_ITEMS:
            out.append({"item": _PLAIN_ITEMS[reason], "fu": fu})
        elif reason.endswith(" wait"):
            out.append({"item": "wait", "wait": reason[:-5], "fu": fu})
        elif reason.startswith("pair "):
            out.append({"item": "pair", "kind": parse_kinds(reason[5:])[0], "fu": fu})
        else:
            name, _, tiles = reason.rpartition(" ")
            if name not in _SET_ITEMS:
                raise ValueError(f"unknown fu reason {reason!r}")
            out.append({"item": "set", "set": _SET_ITEMS[name], "kind": parse_kinds(tiles)[0], "fu": fu})
    return out


def _win_context(win: dict, *, dealer: int, round_wind: int, dora: Sequence[int]) -> WinContext:
    """The ``WinContext`` of a stored win record (flags read back from its yaku)."""
    names = {name for name, _n in win.get("yaku") or []}
    tsumo = bool(win["tsumo"])
    return WinContext(
        concealed=tuple(win["hand"]), melds=tuple(Meld.from_json(m) for m in win.get("melds") or []),
        win_tile=win["tile"], tsumo=tsumo, seat_wind=(win["seat"] - dealer) % 4, round_wind=round_wind,
        dora_indicators=tuple(dora), ura_indicators=tuple(win.get("ura_indicators") or ()),
        riichi="riichi" in names, double_riichi="daburu_riichi" in names, ippatsu="ippatsu" in names,
        haitei="haitei_raoyue" in names, houtei="houtei_raoyui" in names,
        rinshan="rinshan_kaihou" in names, chankan=bool(win.get("chankan")),
        tenhou="tenhou" in names, chiihou="chiihou" in names)


def win_fu_items(win: dict, *, dealer: int, round_wind: int, dora: Sequence[int],
                 preset: Preset) -> list[dict] | None:
    """The fu items of a stored win record (R-FU), or ``None`` when scoring the stored hand again
    does not give the stored han, fu, yaku and base points (an older rule version, P-REPLAY-6).
    ``dealer``: seat 0..3; ``round_wind`` 0..3; ``dora``: the hand's revealed dora indicators."""
    if win.get("yakuman"):
        return []
    try:
        res = evaluate(_win_context(win, dealer=dealer, round_wind=round_wind, dora=dora), preset)
    except (ValueError, KeyError, TypeError):  # HandError is a ValueError
        return None
    same = (res.han == win.get("han") and res.fu == win.get("fu") and res.base_points == win.get("base_points")
            and [list(y) for y in res.yaku] == [list(y) for y in win.get("yaku") or []])
    if not same:
        return None
    return fu_items(res.fu_breakdown)


def win_parts(win: dict, *, first: bool, honba: int) -> list[dict]:
    """Split one stored win record's ``payments`` into ``[4 × {"value", "honba", "sticks"}]``:
    hand value, honba bonus and riichi sticks (R-PAY-5, R-PAY-6, R-MULTI-2, R-PAO-5). ``first``:
    the win is the first of the record's ``wins`` (the nearest winner, the only one that gets the
    honba and the sticks); ``honba``: the hand's counters. Reads stored facts only (no scoring)."""
    pay = list(win["payments"])
    seat = win["seat"]
    sticks = sum(pay) if first else 0     # the deltas of a win sum to the deposits it takes
    bonus = [0, 0, 0, 0]
    if first and honba:
        if not win["tsumo"]:
            bonus[win["from_seat"]] = -300 * honba
        elif win.get("pao_seat") is not None:
            bonus[win["pao_seat"]] = -300 * honba
        else:
            for p in range(4):
                if p != seat:
                    bonus[p] = -100 * honba
        bonus[seat] = 300 * honba
    parts = []
    for p in range(4):
        stick = sticks if p == seat else 0
        parts.append({"value": pay[p] - bonus[p] - stick, "honba": bonus[p], "sticks": stick})
    return parts


def explain_hand_result(result: dict | None, *, dealer: int, round_wind: int, riichi: Sequence[bool],
                        preset: Preset) -> dict | None:
    """A copy of the stored ``hand_end`` record ``result`` with the explanation keys of the module
    docstring added (``None`` stays ``None``). ``dealer``: the hand's dealer seat; ``round_wind``:
    0..3; ``riichi``: 4 bools, the seats whose riichi was established this hand (each placed one
    1,000-point stick, R-RIICHI-5). The input record is never changed (it belongs to the log)."""
    if result is None:
        return None
    out = dict(result)
    deltas = list(result.get("deltas") or [0, 0, 0, 0])
    returned = list(result.get("deposits_returned") or [0, 0, 0, 0])
    honba = int(result.get("honba") or 0)
    parts = [{"value": 0, "honba": 0, "sticks": 0, "draw": 0, "nagashi": 0} for _ in range(4)]
    kind = result.get("kind")
    if kind == "win":
        wins = []
        for i, win in enumerate(result.get("wins") or []):
            w = dict(win)
            items = win_fu_items(win, dealer=dealer, round_wind=round_wind,
                                 dora=result.get("dora_indicators") or (), preset=preset)
            w["fu_items"] = items
            w["fu_raw"] = (sum(x["fu"] for x in items if x["item"] not in ("rounding", "open_minimum"))
                           if items else None)
            w["parts"] = win_parts(win, first=i == 0, honba=honba)
            for p in range(4):
                for key, value in w["parts"][p].items():
                    parts[p][key] += value
            wins.append(w)
        out["wins"] = wins
    elif kind == "exhaustive_draw":
        key = "nagashi" if any(result.get("nagashi") or ()) else "draw"
        for p in range(4):
            parts[p][key] = deltas[p]
    taken = sum(x["sticks"] for x in parts)
    placed = 1000 * sum(1 for x in riichi if x)
    left = int(result.get("deposits") or 0)
    for p in range(4):
        parts[p]["riichi"] = -1000 if riichi[p] else 0
        parts[p]["returned"] = returned[p]
        parts[p]["total"] = deltas[p] + parts[p]["riichi"] + returned[p]
    out["payment_parts"] = parts
    out["sticks"] = {"taken": taken, "placed": placed, "returned": sum(returned), "left": left,
                     "carried": taken + left + sum(returned) - placed}
    return out
