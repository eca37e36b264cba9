"""Our Riichi log as the mjai event stream (issue 13 item 1; the JSON-lines protocol of mjai /
Mortal / mjai.app), and what one seat of it may know (the bot protocol's masking).

API (stable; the mjai bot WebSocket builds on it):

``game_events(log, names=None) -> list[dict]``
    The whole game as mjai events: ``start_game``, then per hand ``start_kyoku`` … ``end_kyoku``,
    then ``end_game`` when the log reaches the game's end. Only hands the log completes are
    included unless ``partial=True`` (then a last unfinished hand ends without ``end_kyoku``).
    Raises ``ExportError`` (a ``ValueError``) for a log that is not Riichi or does not replay.

``MjaiConverter(preset, names=None)``
    The same conversion, incremental (for a live table): ``start()`` -> ``[start_game]``;
    ``feed(engine_events) -> list[dict]`` turns the events ``Game.apply`` / ``next_hand`` /
    ``Game.new`` return (in order) into mjai events; it keeps the melds it has seen (a ``kakan``
    names the pon's three tiles). Feed every event list of the game, once, in order.

``seat_stream(events, seat) -> list[dict]``
    ``events`` (mjai dicts as above) as seat ``seat`` (0..3) may know them, exactly as the mjai
    protocol shows them to a bot: ``start_game`` gets ``"id": seat``; in ``start_kyoku`` the other
    seats' ``tehais`` are ``["?"] * 13``; another seat's ``tsumo`` has ``"pai": "?"``. Nothing else
    is hidden (discards, calls, kan tiles, dora markers are public; ura markers appear only in
    ``hora``). ``mask_event(event, seat)`` does it for one event (a new dict; never mutates).

Tiles (``tile_to_mjai``, ``tile_from_mjai``): ``1m``…``9m``, ``1p``…, ``1s``…, red fives
``5mr`` ``5pr`` ``5sr`` (our ids 16, 52, 88 when the preset has red fives, R-TILE-2), honours
``E S W N`` (winds) and ``P F C`` (white, green, red dragons).

Event shapes (seat numbers are ours: 0 = the initial East, R-DEAL-1; mjai's ``actor``/``target``):
``{"type": "start_game", "names": [4 str], "kyoku_first": 0, "aka_flag": true}`` (as Mortal's
libriichi writes it: the first hand is East 1, red fives are in play);
``{"type": "start_kyoku", "bakaze": "E", "kyoku": 1..4, "honba", "kyotaku" (deposit sticks),
"oya", "dora_marker", "scores": [4], "tehais": [4 × 13 tiles]}``;
``tsumo {actor, pai}``; ``dahai {actor, pai, tsumogiri}``; ``chi``/``pon``/``daiminkan``
``{actor, target, pai, consumed}``; ``kakan {actor, pai, consumed: the pon's 3 tiles}``;
``ankan {actor, consumed: 4 tiles}``; ``dora {dora_marker}``; ``reach {actor}`` (before its
``dahai``); ``reach_accepted {actor}`` (when the riichi discard passes, R-RIICHI-4);
``hora {actor, target (= actor on tsumo), pai, deltas: [4], ura_markers: [...]}`` (one per winner,
nearest first; deltas of that win with honba and deposits, R-MULTI-2); ``ryukyoku {deltas}``
(exhaustive draws with noten payments or nagashi mangan, and abortive draws with zeros);
``end_kyoku``; ``end_game {scores}`` (final scores, deposits awarded, R-END-6).
"""
from __future__ import annotations

from rules_engine.core.meld import Meld
from rules_engine.formats.common import ExportError, check_log, default_names
from rules_engine.preset import Preset

__all__ = ["ExportError", "MjaiConverter", "game_events", "seat_stream", "mask_event",
           "tile_to_mjai", "tile_from_mjai", "HONOURS"]

HONOURS = ("E", "S", "W", "N", "P", "F", "C")
"""mjai names of kinds 27..33 (East South West North, White Green Red dragon)."""
_SUITS = "mps"


def tile_to_mjai(tile: int, red_fives: frozenset[int] = frozenset({16, 52, 88})) -> str:
    """mjai name of our physical tile ``tile`` (0..135); ``ValueError`` out of range."""
    if not isinstance(tile, int) or not 0 <= tile < 136:
        raise ValueError(f"tile id must be 0..135, got {tile!r}")
    kind = tile >> 2
    if kind >= 27:
        return HONOURS[kind - 27]
    name = f"{kind % 9 + 1}{_SUITS[kind // 9]}"
    return name + "r" if tile in red_fives else name


def tile_from_mjai(pai: str) -> tuple[int, bool]:
    """``(kind 0..33, red)`` of an mjai tile name; ``ValueError`` for anything else (``"?"`` too)."""
    if isinstance(pai, str):
        if pai in HONOURS:
            return 27 + HONOURS.index(pai), False
        red = pai.endswith("r")
        core = pai[:-1] if red else pai
        if len(core) == 2 and core[0] in "123456789" and core[1] in _SUITS and (not red or core[0] == "5"):
            return _SUITS.index(core[1]) * 9 + int(core[0]) - 1, red
    raise ValueError(f"not an mjai tile: {pai!r}")


class MjaiConverter:
    """Incremental conversion of our engine's events to mjai events (see the module docstring)."""

    def __init__(self, preset: Preset, names: list[str] | None = None) -> None:
        if preset.family != "riichi":
            raise ExportError(f"mjai export is for Riichi presets; {preset.name!r} is {preset.family}")
        self.preset = preset
        self.names = default_names(names)
        self._red = preset.red_fives
        self._pons: dict[tuple[int, int], Meld] = {}
        self._hand_start: dict | None = None
        self.in_hand = False

    def t(self, tile: int) -> str:
        return tile_to_mjai(tile, self._red)

    def ts(self, tiles: list[int] | tuple[int, ...]) -> list[str]:
        return [tile_to_mjai(x, self._red) for x in tiles]

    def start(self) -> list[dict]:
        """``[{"type": "start_game", "names": [...], "kyoku_first": 0, "aka_flag": bool}]``."""
        return [{"type": "start_game", "names": list(self.names), "kyoku_first": 0, "aka_flag": bool(self._red)}]

    def feed(self, events: list[dict]) -> list[dict]:
        """mjai events for our engine events ``events`` (one ``apply``/``next_hand`` result).
        Raises ``ExportError`` for an event it cannot place (e.g. a kakan without its pon)."""
        out: list[dict] = []
        for ev in events:
            self._one(ev, out)
        return out

    def _one(self, ev: dict, out: list[dict]) -> None:
        kind = ev.get("type")
        t, ts = self.t, self.ts
        if kind == "hand_start":
            self._hand_start = ev
            self._pons = {}
        elif kind == "deal":
            hs = self._hand_start
            if hs is None:
                raise ExportError("deal without hand_start")
            n = hs["hand_number"]
            out.append({"type": "start_kyoku", "bakaze": HONOURS[n // 4], "kyoku": n % 4 + 1,
                        "honba": hs["honba"], "kyotaku": hs["deposits"] // 1000, "oya": hs["dealer"],
                        "dora_marker": t(hs["dora_indicator"]), "scores": list(hs["scores"]),
                        "tehais": [ts(h) for h in ev["hands"]]})
            self.in_hand = True
        elif kind == "draw":
            out.append({"type": "tsumo", "actor": ev["seat"], "pai": t(ev["tile"])})
        elif kind in ("discard", "riichi"):
            if kind == "riichi":
                out.append({"type": "reach", "actor": ev["seat"]})
            out.append({"type": "dahai", "actor": ev["seat"], "pai": t(ev["tile"]),
                        "tsumogiri": bool(ev["tsumogiri"])})
        elif kind == "riichi_established":
            out.append({"type": "reach_accepted", "actor": ev["seat"]})
        elif kind == "call":
            m = ev["meld"]
            called = m["called_tile"]
            consumed = [x for x in m["tiles"] if x != called]
            out.append({"type": m["type"], "actor": ev["seat"], "target": m["from_seat"], "pai": t(called),
                        "consumed": ts(consumed)})
            if m["type"] == "pon":
                self._pons[(ev["seat"], called >> 2)] = Meld(type="pon", tiles=tuple(m["tiles"]),
                                                             called_tile=called, from_seat=m["from_seat"])
        elif kind == "ankan":
            out.append({"type": "ankan", "actor": ev["seat"], "consumed": ts(sorted(ev["tiles"]))})
        elif kind == "shouminkan":
            pon = self._pons.get((ev["seat"], ev["tile"] >> 2))
            if pon is None:
                raise ExportError(f"shouminkan of seat {ev['seat']} without its pon")
            out.append({"type": "kakan", "actor": ev["seat"], "pai": t(ev["tile"]),
                        "consumed": ts(pon.tiles)})
        elif kind == "dora":
            out.append({"type": "dora", "dora_marker": t(ev["indicator"])})
        elif kind == "hand_end":
            r = ev["result"]
            if r["kind"] == "win":
                for w in r["wins"]:
                    out.append({"type": "hora", "actor": w["seat"],
                                "target": w["seat"] if w["tsumo"] else w["from_seat"],
                                "pai": t(w["tile"]), "deltas": list(w["payments"]),
                                "ura_markers": ts(w["ura_indicators"])})
            else:
                out.append({"type": "ryukyoku", "deltas": list(r["deltas"])})
            out.append({"type": "end_kyoku"})
            self.in_hand = False
        elif kind == "game_end":
            out.append({"type": "end_game", "scores": list(ev["result"]["final_scores"])})
        # "answer", "kan_completed", "kyuushu": nothing in mjai (the ryukyoku follows)


def game_events(log: dict, names: list[str] | None = None, *, partial: bool = False) -> list[dict]:
    """The mjai event stream of our log ``log`` (the ``Game.log`` shape; see the module docstring).

    ``names``: four display names (default ``Seat 1`` … ``Seat 4``). Without ``partial`` an
    unfinished last hand is left out. Raises ``ExportError`` for a log of another family, an
    unknown preset, or a log that does not replay (``Game.from_log(verify=True)``)."""
    preset, game = check_log(log)
    conv = MjaiConverter(preset, names)
    out = conv.start()
    done = len(out)
    for entry in game.log["entries"]:
        out.extend(conv.feed(entry["events"]))
        if not conv.in_hand:
            done = len(out)
    return out if partial else out[:done]


def mask_event(event: dict, seat: int) -> dict:
    """``event`` (an mjai dict) as seat ``seat`` may see it (a new dict; see ``seat_stream``)."""
    kind = event.get("type")
    if kind == "start_game":
        return {**event, "id": seat}
    if kind == "start_kyoku":
        return {**event, "tehais": [list(h) if i == seat else ["?"] * len(h)
                                    for i, h in enumerate(event["tehais"])]}
    if kind == "tsumo" and event.get("actor") != seat:
        return {**event, "pai": "?"}
    return dict(event)


def seat_stream(events: list[dict], seat: int) -> list[dict]:
    """``events`` as the mjai protocol shows them to a bot at seat ``seat`` (0..3): the other
    seats' deals and draws hidden (``"?"``), ``start_game`` with ``"id": seat``.
    Raises ``ValueError`` for a seat not in 0..3."""
    if seat not in (0, 1, 2, 3) or isinstance(seat, bool):
        raise ValueError(f"seat must be 0..3, got {seat!r}")
    return [mask_event(e, seat) for e in events]
