"""Decision-time benchmark of the computer players (issue 3: median ≤ 50 ms, p99 ≤ 200 ms).

    python -m rules_engine.ai.bench [--strength strong] [--games 8] [--seed 1]

Plays seeded East-round games with the measured strength in every seat and times each
call of ``rules_engine.ai.decide`` (view building excluded; only seats with a decision).
Prints the number of decisions and the median, 90th, 99th percentile and maximum in
milliseconds, for all decisions and for own-turn decisions (discard, riichi, kan) alone,
then one JSON line. A script, not a test: tests never assert on time (DESIGN §8).
"""
from __future__ import annotations

import argparse
import json
import sys
import time

from rules_engine.ai import STRENGTHS, decide
from rules_engine.cli.arena import derive_seed
from rules_engine.game import Game
from rules_engine.preset import get_preset


def _percentile(sorted_ms: list[float], q: float) -> float:
    if not sorted_ms:
        return float("nan")
    i = min(len(sorted_ms) - 1, max(0, round(q * (len(sorted_ms) - 1))))
    return sorted_ms[i]


def measure(strength: str, games: int, seed: int) -> dict[str, list[float]]:
    """Milliseconds per ``decide`` call: ``{"all": [...], "turn": [...]}`` over ``games`` games."""
    times: dict[str, list[float]] = {"all": [], "turn": []}
    for g in range(games):
        game = Game.new(get_preset("riichi"), derive_seed("bench", seed, g, 0))
        hand = 0
        while True:
            while game.phase in ("turn", "claim"):
                for seat in game.pending_seats():
                    if not game.legal_actions(seat):
                        continue
                    view = game.view(seat)
                    t0 = time.perf_counter()
                    action = decide(strength, view, derive_seed(seed, g, game.seq, seat) & 0xFFFFFFFF)
                    ms = (time.perf_counter() - t0) * 1000.0
                    times["all"].append(ms)
                    if game.phase == "turn":
                        times["turn"].append(ms)
                    game.apply(action)
                    break
            hand += 1
            if game.phase == "game_over":
                break
            game.next_hand(derive_seed("bench", seed, g, hand))
    return times


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m rules_engine.ai.bench", description=__doc__.split("\n\n")[0])
    ap.add_argument("--strength", default="strong", choices=sorted(STRENGTHS))
    ap.add_argument("--games", type=int, default=8)
    ap.add_argument("--seed", type=int, default=1)
    a = ap.parse_args(argv)
    times = measure(a.strength, a.games, a.seed)
    out: dict = {"strength": a.strength, "games": a.games, "seed": a.seed}
    for key, label in (("all", "all decisions"), ("turn", "own-turn decisions")):
        ms = sorted(times[key])
        stats = {"decisions": len(ms), "median_ms": round(_percentile(ms, 0.5), 3),
                 "p90_ms": round(_percentile(ms, 0.9), 3), "p99_ms": round(_percentile(ms, 0.99), 3),
                 "max_ms": round(ms[-1], 3) if ms else None}
        out[key] = stats
        print(f"{a.strength} {label}: n={stats['decisions']} median={stats['median_ms']:.2f} ms "
              f"p90={stats['p90_ms']:.2f} ms p99={stats['p99_ms']:.2f} ms max={stats['max_ms']:.2f} ms")
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
