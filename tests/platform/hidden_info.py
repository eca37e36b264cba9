"""What a recipient may know at each moment of a stored game, from the engine's own log
(P-FAIR-6, P-SYS-2), for the hidden-information tests (imported as ``hidden_info``).

``Knowledge(log)`` replays a stored log entry by entry with ``rules_engine``. After each
entry it keeps, per seat, the engine's seat view (what the server may serve at that
moment) and the set of tile ids the seat may know, built from the engine's recorded
EVENTS, not from the views: the own deal and draws, every discard, called and
concealed-kan meld, added-kan tile and dora indicator, and at a hand's end only what the
result reveals (winners' hands, tenpai hands at an exhaustive draw, ura indicators). For
each discard after which nobody could answer it also keeps the engine's views of that
empty window (what a masked claim pause serves, ``games.claim_mask``).

``tiles_in(obj)`` returns the tile ids in a message, classifying every key it meets:
a key that is neither a known tile field nor a known non-tile field fails the test, so a
new field (``wall``, ``seed`` …) can never slip out unchecked.
"""
from __future__ import annotations

import json

from rules_engine.core.actions import Action
from rules_engine.game import Game
from rules_engine.preset import get_preset

#: Keys whose values are tile ids (0..135), possibly nested in lists or {seat: [ids]}.
TILE_KEYS = frozenset({"tile", "tiles", "hand", "drawn_tile", "dora_indicators", "ura_indicators",
                       "called_tile", "added_tile", "revealed",
                       "flowers"})   # Taiwanese exposed flowers (ids 136..143, public)
#: Keys whose values hold no tile ids (numbers there are seats, points, counts, kinds …);
#: dicts and lists under them are still walked for keys.
PLAIN_KEYS = frozenset({
    # message envelope and game part (views_state.game_info, clocks.timer_payload)
    "type", "code", "message", "rule", "game", "view", "id", "preset", "preset_version", "kind",
    "format", "clock", "status", "players", "my_seat", "timer", "name", "is_computer", "strength",
    "connected", "rating", "spectators", "per_discard", "reserve", "response", "reserves", "turn", "response_left",
    "waiting_responses", "next_hand_in", "absent", "per_discard_left", "reserve_left", "own_timeouts",
    # the delayed public feed and the Live games list (games.spectate, P-SPECT-2)
    "delay", "starts_in", "games", "score", "hand_label", "watch_url", "clock_label",
    # engine view (docs/engine-api.md "Views")
    "seat", "phase", "seq", "round_wind", "hand_number", "dealer", "honba", "riichi_deposits",
    "scores", "wall_count", "last_discard", "pending_seats", "kakan", "seat_wind", "discards",
    "melds", "riichi", "concealed_count", "called", "tsumogiri", "order", "hand_result",
    "game_result", "legal_actions", "furiten", "waits", "tenpai_no_yaku", "kuikae", "from_seat",
    # the Taiwanese view and results (rules_engine/taiwanese/views.py, hand_end.py)
    "dead_wall_count", "window", "flower_offer", "added_kong", "original_call", "flower_win", "tai",
    "awards", "award_names", "net",
    # hand_result / game_result
    "wins", "deltas", "deposits", "deposits_returned", "dealer_repeat", "tenpai", "nagashi",
    "abort", "tsumo", "chankan", "han", "fu", "yaku", "yakuman", "limit", "base_points",
    "payments", "pao_seat", "final_scores", "deposits_awarded", "points", "placements", "results",
    "place", "score", "uma", "oka", "total",
    # the results-screen explanation (rules_engine.riichi.explain): fu items (kinds, not tile ids),
    # payment parts and riichi sticks in points
    "fu_items", "fu_raw", "item", "set", "wait", "parts", "value", "sticks", "draw", "returned",
    "payment_parts", "taken", "placed", "carried", "left",
    # the lobby's list of open public tables (games.public_tables.lobby_state, P-MATCH-7)
    "tables", "family", "host", "seats", "free_seats", "closes_at",
    # Quick Play status (games.matchmaking.status, /ws/quick/)
    "state", "waited", "offer_computers", "offer_in", "opted_in", "game_id", "game_url",
    "notice",
})
#: Own-seat aids (P-PLAY-7): no tile ids (kinds only), but only ever in the recipient's own
#: seat view, and non-empty only on the recipient's own turn (``check`` asserts both).
OWN_SEAT_KEYS = frozenset({"discard_waits"})
#: Keys inside the records of ``discard_waits`` (kind: a kind 0..33; waits: kinds).
OWN_SEAT_RECORD_KEYS = frozenset({"kind", "waits", "furiten", "no_yaku"})


def check_own_seat_keys(seat: int | None, view: dict) -> None:
    """Assert the own-seat aids of ``view`` belong to its recipient ``seat`` (None: a
    spectator or the public): absent from a public view, and filled only in the seat's turn."""
    for key in OWN_SEAT_KEYS & set(view):
        assert seat is not None and view["seat"] == seat, f"{key} sent to {seat} in a view of {view['seat']}"
        if view[key]:
            assert view["phase"] == "turn" and view["turn"] == seat, f"{key} outside the own turn"
            for record in view[key]:
                assert set(record) == OWN_SEAT_RECORD_KEYS, record


class UnclassifiedKey(AssertionError):
    pass


def tiles_in(obj, *, under_tile_key: bool = False) -> set[int]:
    """Tile ids in ``obj`` (a decoded JSON message). Raises ``UnclassifiedKey`` for a key
    in neither ``TILE_KEYS`` nor ``PLAIN_KEYS``."""
    found: set[int] = set()
    if isinstance(obj, dict):
        for key, value in obj.items():
            if under_tile_key and key.isdigit():          # {"seat": [ids]} under "revealed"
                found |= tiles_in(value, under_tile_key=True)
            elif key in TILE_KEYS:
                found |= tiles_in(value, under_tile_key=True)
            elif key in PLAIN_KEYS:
                found |= tiles_in(value)
            elif key.startswith("T-TAI-") and isinstance(value, int):   # Taiwanese awards: tai
                continue
            elif key in OWN_SEAT_KEYS:                      # kinds only (check_own_seat_keys)
                for record in value:
                    if set(record) != OWN_SEAT_RECORD_KEYS:
                        raise UnclassifiedKey(f"unclassified keys in {key}: {sorted(record)}")
                    assert all(0 <= k < 34 for k in [record["kind"], *record["waits"]]), record
            else:
                raise UnclassifiedKey(f"unclassified key {key!r} in {json.dumps(obj)[:300]}")
    elif isinstance(obj, list):
        for item in obj:
            found |= tiles_in(item, under_tile_key=under_tile_key)
    elif under_tile_key and isinstance(obj, int) and not isinstance(obj, bool):
        assert 0 <= obj < 144, obj          # 136..143: Taiwanese flowers and seasons
        found.add(obj)
    return found


def _meld_tiles(meld: dict) -> set[int]:
    out = set(meld.get("tiles") or [])
    for key in ("called_tile", "added_tile"):
        if meld.get(key) is not None:
            out.add(meld[key])
    return out


def revealed_by_result(result: dict) -> set[int]:
    """Tiles a hand's end shows everybody (P-SPECT-3 "the hands revealed at a hand's end"):
    winners' hands and melds, ura and dora indicators, the tenpai hands of an exhaustive draw,
    the hands an abortive draw reveals."""
    out = set(result.get("dora_indicators") or [])
    for win in result.get("wins") or []:
        out |= set(win.get("hand") or []) | set(win.get("ura_indicators") or [])
        out.add(win["tile"])
        for meld in win.get("melds") or []:
            out |= _meld_tiles(meld)
    revealed = result.get("revealed") or {}
    tenpai = result.get("tenpai")
    for seat, hand in revealed.items():
        if result["kind"] == "abortive_draw" or (tenpai and tenpai[int(seat)]):
            out |= set(hand)
    return out


KNOWN_EVENTS = frozenset({"hand_start", "deal", "draw", "discard", "riichi", "answer", "call",
                          "riichi_established", "hand_end", "game_end", "ankan", "shouminkan",
                          "kan_completed", "dora", "kyuushu",
                          # the Taiwanese table (rules_engine/taiwanese)
                          "flower", "replacement", "flower_offer", "original_call", "win", "kong",
                          "added_kong_declared"})


class Knowledge:
    """Views and may-know tile sets after every entry of a stored ``log`` (see module doc).

    ``positions``: list of ``{"hand": i, "views": {seat: view}, "known": {seat: set}}``, one per
    log entry; ``masked``: list of ``(position, {seat: view})`` for the empty claim windows.
    ``seeds``: the hand seeds in log order."""

    def __init__(self, log: dict) -> None:
        preset = get_preset(log["preset"], log["version"])
        self.positions: list[dict] = []
        self.masked: list[tuple[int, dict]] = []
        self.seeds: list[int] = []
        game: Game | None = None
        known: dict[int, set[int]] = {}
        hand = -1
        for entry in log["entries"]:
            if entry["type"] == "hand":
                self.seeds.append(entry["seed"])
                hand += 1
                known = {s: set() for s in range(4)}
                if game is None:
                    game = Game.new(preset, entry["seed"], wall=entry.get("wall"))
                else:
                    game.next_hand(entry["seed"], wall=entry.get("wall"))
                # Taiwanese: the masked empty Original Call window at the deal (P-FAIR-6)
                held = getattr(game, "empty_opening_window_views", lambda: None)()
            else:
                action = Action.from_json(entry["action"])
                held = game.empty_claim_window_views(action)
                game.apply(action)
            self._learn(known, entry["events"])
            assert not OWN_SEAT_KEYS & set(game.view(None)), "own-seat aids in the public view"
            self.positions.append({"hand": hand, "views": {s: game.view(s) for s in range(4)},
                                   "known": {s: set(k) for s, k in known.items()}})
            if held is not None:
                self.masked.append((len(self.positions) - 1, {s: held[s] for s in range(4)}))

    @staticmethod
    def _learn(known: dict[int, set[int]], events: list[dict]) -> None:
        public: set[int] = set()
        for ev in events:
            kind = ev["type"]
            assert kind in KNOWN_EVENTS, f"an engine event this test does not know: {ev}"
            if kind == "hand_start":
                if ev.get("dora_indicator") is not None:       # none at a Taiwanese table
                    public.add(ev["dora_indicator"])
            elif kind == "replacement":                       # Taiwanese flower replacements
                known[ev["seat"]] |= set(ev["tiles"])
            elif kind == "flower":                            # exposed flowers are public
                public |= set(ev["tiles"])
            elif kind == "kong":
                public |= _meld_tiles(ev["meld"])
            elif kind == "added_kong_declared":
                public.add(ev["tile"])
            elif kind == "deal":
                for seat, tiles in enumerate(ev["hands"]):
                    known[seat] |= set(tiles)
            elif kind == "draw":
                known[ev["seat"]].add(ev["tile"])
            elif kind in ("discard", "riichi", "shouminkan"):
                public.add(ev["tile"])
            elif kind == "call":
                public |= _meld_tiles(ev["meld"])
            elif kind == "ankan":
                public |= set(ev["tiles"])
            elif kind == "dora":
                public.add(ev["indicator"])
            elif kind == "hand_end":
                public |= revealed_by_result(ev["result"])
        for seat in known:
            known[seat] |= public

    def locate(self, seat: int, view: dict) -> int:
        """The latest log position whose seat view (or masked window view) equals ``view``;
        fails when no stored state of the game explains the frame."""
        for p in range(len(self.positions) - 1, -1, -1):
            if self.positions[p]["views"][seat] == view:
                return p
        for p, views in reversed(self.masked):
            if views[seat] == view:
                return p
        raise AssertionError(f"a view no stored state explains, sent to seat {seat}: "
                             f"{json.dumps(view)[:400]}")

    def check(self, seat: int, message: dict, *, running_seeds: list[int]) -> int:
        """Assert ``message`` (a state message or an API response with ``game`` and ``view``)
        tells seat ``seat`` nothing it may not know; returns the log position it shows."""
        text = json.dumps(message)
        for seed in running_seeds:
            assert str(seed) not in text, f"a running hand's seed reached seat {seat}"
        view = message["view"]
        check_own_seat_keys(seat, view)
        p = self.locate(seat, view)
        tiles = tiles_in(message)
        leaked = tiles - self.positions[p]["known"][seat]
        assert not leaked, f"seat {seat} was sent tiles it may not know: {sorted(leaked)}"
        if view["phase"] == "claim":                      # who else may call stays hidden
            assert set(view["pending_seats"]) <= {seat}, view["pending_seats"]
            timer = message["game"].get("timer")
            if timer is not None and timer["response_left"] is not None:
                assert view["legal_actions"], "a response clock for a seat with nothing to answer"
        for action in view["legal_actions"]:
            assert action["seat"] == seat
        return p
