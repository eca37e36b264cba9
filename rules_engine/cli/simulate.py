"""Simulator: complete games between simple players, with invariant checks (issue 5).

``python -m rules_engine.simulate --preset riichi --games N --seed S [--log FILE] [--no-checks]``
prints one JSON summary: games, hands, wins by ron/tsumo, draws by kind, average final
points per seat, each invariant's check count and ``"violations"`` (exit status 1 when
any). Hand seeds are derived from ``S`` (``core.seed.derive_seed(S, game, hand)``); the engine
itself never draws randomness. ``--log FILE`` writes one replayable JSON-lines log per
game, one after the other (see ``rules_engine.cli.replay``).
"""
from __future__ import annotations

import argparse
import json
import sys
import time
from typing import IO

from rules_engine.ai import simple_player
from rules_engine.riichi import invariants
from rules_engine.game import Game
from rules_engine.preset import get_preset
from rules_engine.riichi.views import decision_view
from rules_engine.core.seed import derive_seed


def _family_parts(family: str) -> tuple:
    """``(decide, decision_view, invariants)`` of a preset family's simple player: Riichi's
    ``ai.simple_player``, or the Taiwanese ``taiwanese.simple_player`` (a legal yardstick)."""
    if family == "taiwanese":
        from rules_engine.taiwanese import invariants as tw_invariants, simple_player as tw_player
        from rules_engine.taiwanese.views import decision_view as tw_view
        return tw_player.decide, tw_view, tw_invariants
    return simple_player.decide, decision_view, invariants


def play_game(preset_name: str, seed: int, game_index: int, *, checks: bool = False,
              counters: dict | None = None, violations: list | None = None) -> Game:
    """Play one complete game with ``simple_player`` on every seat; hand ``h`` of game ``g``
    uses seed ``derive_seed(seed, g, h)``; each player sees ``views.decision_view`` (its own view
    without the other players' records). With ``checks``, tile conservation, points and
    view leaks are checked after every action and counted in ``counters``."""
    preset = get_preset(preset_name)
    decide, view_of, checks_of = _family_parts(preset.family)
    game = Game.new(preset, derive_seed(seed, game_index, 0))
    total = 4 * preset.starting_points
    hand = 0
    at_deal = checks and counters is not None and violations is not None and preset.family != "riichi"
    if at_deal:  # the state after a Taiwanese deal and its opening passes (T-FLOWER-2)
        _check(game, total, counters, violations, checks_of)
    while True:
        while game.phase in ("turn", "claim"):
            for seat in game.pending_seats():
                game.apply(decide(view_of(game, seat)))
                if checks and counters is not None and violations is not None:
                    _check(game, total, counters, violations, checks_of)
                if game.phase not in ("turn", "claim"):
                    break
        if game.phase == "game_over":
            return game
        hand += 1
        game.next_hand(derive_seed(seed, game_index, hand))
        if at_deal:
            _check(game, total, counters, violations, checks_of)


def _check(game: Game, total: int, counters: dict, violations: list, invariants=invariants) -> None:
    if game.phase in ("turn", "claim"):
        violations += invariants.tile_conservation(game)
        counters["tile_conservation"] += 1
        for seat in (None, *game.pending_seats()):
            violations += invariants.view_leaks(game, seat)
            counters["view_leak"] += 1
    violations += invariants.points_constant(game, total)
    counters["points_plus_deposits"] += 1


def write_log(game: Game, fh: IO[str]) -> None:
    """Write ``game.log`` as JSON lines: a header, one line per entry, an ``end`` line."""
    log = game.log
    fh.write(json.dumps({"type": "game", "preset": log["preset"], "version": log["version"]}) + "\n")
    for e in log["entries"]:
        fh.write(json.dumps(e) + "\n")
    fh.write(json.dumps({"type": "end", "scores": game.scores, "game_result": game.game_result}) + "\n")


def simulate(preset_name: str, games: int, seed: int, *, checks: bool = True, log: IO[str] | None = None) -> dict:
    """Play ``games`` games and return the JSON summary (see module docstring)."""
    counters = {"tile_conservation": 0, "points_plus_deposits": 0, "view_leak": 0, "replay": 0}
    violations: list[str] = []
    hands = 0
    wins = {"ron": 0, "tsumo": 0}
    draws: dict[str, int] = {}
    finals = [0, 0, 0, 0]
    started = time.perf_counter()
    for g in range(games):
        game = play_game(preset_name, seed, g, checks=checks, counters=counters, violations=violations)
        for e in game.log["entries"]:
            for ev in e["events"]:
                if ev["type"] != "hand_end":
                    continue
                hands += 1
                r = ev["result"]
                if r["kind"] == "win":
                    w = r["wins"][0]
                    key = w.get("flower_win") or ("tsumo" if w["tsumo"] else "ron")
                    wins[key] = wins.get(key, 0) + 1
                else:
                    k = r.get("abort", "exhaustive_draw")
                    draws[k] = draws.get(k, 0) + 1
        for i in range(4):
            finals[i] += game.scores[i]
        if checks:
            replayed = Game.from_log(json.loads(json.dumps(game.log)), verify=True)
            counters["replay"] += 1
            if replayed.scores != game.scores or replayed.game_result != game.game_result:
                violations.append(f"game {g}: replay differs")
        if log is not None:
            write_log(game, log)
    seconds = time.perf_counter() - started
    return {"preset": preset_name, "games": games, "seed": seed, "hands": hands, "wins": wins,
            "draws": dict(sorted(draws.items())),
            "average_final_points": [round(x / games, 1) for x in finals] if games else [],
            "invariants_checked": counters, "violations": len(violations),
            "violation_examples": violations[:5], "seconds": round(seconds, 2)}


def run_hands(n_hands: int, seed: int, preset_name: str = "riichi") -> dict:
    """Play complete games until at least ``n_hands`` hands are finished, without invariant
    checks (for ``rules_engine.cli.bench --flow``). Returns ``{"hands", "games", "seconds",
    "hands_per_second"}`` (wall-clock seconds of this process)."""
    hands = games = 0
    started = time.perf_counter()
    while hands < n_hands:
        game = play_game(preset_name, seed, games)
        games += 1
        hands += game.hands_played
    seconds = time.perf_counter() - started
    return {"hands": hands, "games": games, "seconds": seconds,
            "hands_per_second": hands / seconds if seconds > 0 else float("inf")}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m rules_engine.simulate", description=__doc__.split("\n")[0])
    ap.add_argument("--preset", default="riichi")
    ap.add_argument("--games", type=int, default=10)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--log", help="write replayable JSON-lines logs to this file")
    ap.add_argument("--no-checks", action="store_true", help="skip the invariant checks (faster)")
    args = ap.parse_args(argv)
    try:
        get_preset(args.preset)
    except ValueError as exc:
        print(json.dumps({"error": str(exc)}))
        return 2
    fh = open(args.log, "w") if args.log else None
    try:
        summary = simulate(args.preset, args.games, args.seed, checks=not args.no_checks, log=fh)
    finally:
        if fh:
            fh.close()
    print(json.dumps(summary))
    return 1 if summary["violations"] else 0


if __name__ == "__main__":
    sys.exit(main())
