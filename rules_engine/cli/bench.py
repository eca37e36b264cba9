"""Benchmark CLI: our engine against the ``mahjong`` package (DESIGN §1, CLIs).

``python -m rules_engine.bench [--n N] [--n-score N] [--seed S]`` measures, in
one run on the same seeded random inputs:

- shanten calculations per second: ``rules_engine.core.shanten.shanten`` against
  ``mahjong.shanten.Shanten.calculate_shanten`` (both give the minimum over
  the standard, seven-pairs and kokushi forms) on random concealed hands of 13
  and 14 tiles, every result compared;
- complete hands scored per second: ``rules_engine.riichi.evaluate`` against
  ``HandCalculator.estimate_hand_value`` on ``random_win_contexts(seed, n)``
  (hands without a yaku included on both sides; the mahjong arguments are
  built before timing).

Each engine first runs the inputs once (our lazily filled caches fill then;
that pass's rate is printed as "cold"). Then the inputs are timed in chunks,
both engines back to back on each chunk, keeping each engine's best of
``--repeat`` runs per chunk (``paired_rates``), so that load from other
processes on a shared machine hits both engines alike. The last line is one JSON object
``{"shanten_per_s", "shanten_per_s_mahjong", "shanten_ratio", "score_per_s",
"score_per_s_mahjong", "score_ratio"}``; a section that cannot run prints
``not available: <reason>`` and leaves its keys null.

``python -m rules_engine.bench --flow [--preset P] [--hands N] [--warmup W] [--seed S]``
plays ``W`` untimed warm-up hands, then complete simulated hands (whole games,
at least ``N`` hands) with ``rules_engine.cli.simulate.run_hands`` and ends with
``{"hands_per_s": ..., "hands_per_s_wall": ...}`` (``hands_per_s`` is per CPU
second of this one process, i.e. on one core).

``python -m rules_engine.bench --preset taiwanese [--n-score N] [--seed S]`` times Taiwanese tai
scoring instead (``bench_taiwanese_score``: ``rules_engine.taiwanese.scoring.score_win`` on
``random_tai_wins(seed, N)``, default N 20,000; there is no reference engine to compare with)
and ends with ``{"tw_score_per_s", "tw_score_per_s_cold", "tw_payments_per_s"}``.

``python -m rules_engine.bench --views GAMES [--seed S]`` replays ``GAMES`` simulated games
and times every seat view and public view built after each action (``bench_views``).

Shanten and score rates are per second of wall-clock time on this machine:
figures to compare, never assertions (no test times anything).
"""
from __future__ import annotations

import argparse
import json
import random
import sys
import time
from typing import Any, Callable, Sequence

from rules_engine.core.shanten import shanten
from rules_engine.core.tiles import counts_of


def random_hands(seed: int, n: int) -> list[list[int]]:
    """``n`` random concealed hands (34-length counts), alternately 13 and 14 tiles."""
    rng = random.Random(seed)
    wall = [k for k in range(34) for _ in range(4)]
    return [counts_of(rng.sample(wall, 13 + i % 2), physical=False) for i in range(n)]


def paired_rates(
    ours: Callable[[list[Any]], Any], ours_items: list[Any],
    theirs: Callable[[list[Any]], Any], theirs_items: list[Any],
    repeat: int, chunk: int,
) -> tuple[float, float]:
    """Items per second of ``ours`` and ``theirs``, measured fairly on a shared machine.

    ``ours_items[i]`` and ``theirs_items[i]`` are the same input in each
    engine's form. The inputs are cut into chunks; each chunk is timed
    ``repeat`` times for both engines back to back (so both see the same
    load), the best time of each engine per chunk is kept, and the rates are
    the number of inputs over the sums of those times.
    """
    if len(ours_items) != len(theirs_items):
        raise ValueError("both engines must get the same inputs")
    total_ours = total_theirs = 0.0
    for start in range(0, len(ours_items), chunk):
        mine = ours_items[start:start + chunk]
        other = theirs_items[start:start + chunk]
        best_ours = best_theirs = float("inf")
        for _ in range(repeat):
            t0 = time.perf_counter()
            ours(mine)
            t1 = time.perf_counter()
            theirs(other)
            t2 = time.perf_counter()
            best_ours = min(best_ours, t1 - t0)
            best_theirs = min(best_theirs, t2 - t1)
        total_ours += best_ours
        total_theirs += best_theirs
    n = len(ours_items)
    return n / max(total_ours, 1e-12), n / max(total_theirs, 1e-12)


def _cold_rate(run: Callable[[], Any], n: int) -> tuple[float, Any]:
    """Items per second of one untimed-before call of ``run`` over ``n`` items, and its result."""
    start = time.perf_counter()
    result = run()
    return n / (time.perf_counter() - start), result


def bench_shanten(n: int, seed: int, repeat: int, out: Callable[[str], None]) -> dict[str, float | None]:
    """Shanten section: rates of both engines on the same hands; raises if results differ."""
    from mahjong.shanten import Shanten

    hands = random_hands(seed, n)
    theirs_fn = Shanten.calculate_shanten

    cold, ours = _cold_rate(lambda: [shanten(h) for h in hands], n)
    theirs = [theirs_fn(h) for h in hands]
    if ours != theirs:
        bad = next(i for i in range(n) if ours[i] != theirs[i])
        raise AssertionError(f"shanten differs on hand {hands[bad]}: ours {ours[bad]}, mahjong {theirs[bad]}")

    def run_ours(part: list[list[int]]) -> None:
        for h in part:
            shanten(h)

    def run_theirs(part: list[list[int]]) -> None:
        for h in part:
            theirs_fn(h)

    ours_rate, theirs_rate = paired_rates(run_ours, hands, run_theirs, hands, repeat, chunk=2000)
    out(f"shanten: {n} random 13/14-tile hands (seed {seed}), all {n} results identical")
    out(f"  rules_engine  {ours_rate:12,.0f} hands/s   (cold first pass, building tables: {cold:,.0f}/s)")
    out(f"  mahjong 2.1   {theirs_rate:12,.0f} hands/s")
    out(f"  ratio         {ours_rate / theirs_rate:12.2f}x")
    return {"shanten_per_s": round(ours_rate, 1), "shanten_per_s_mahjong": round(theirs_rate, 1),
            "shanten_ratio": round(ours_rate / theirs_rate, 2)}


_SCORE_CHUNK = 300
"""Hands per timed chunk in the score section (more than twice mahjong's 128-entry LRU)."""


def bench_score(n: int, seed: int, repeat: int, out: Callable[[str], None]) -> dict[str, float | None]:
    """Scoring section: ``evaluate`` against ``HandCalculator.estimate_hand_value``."""
    try:
        from rules_engine.preset import RIICHI_V1
        from rules_engine.riichi import HandError, evaluate
        from rules_engine.riichi.random_hands import random_win_contexts, to_mahjong_args
        from mahjong.hand_calculating.hand import HandCalculator
    except ImportError as err:
        out(f"score: not available: {err}")
        return {"score_per_s": None, "score_per_s_mahjong": None, "score_ratio": None}

    contexts = random_win_contexts(seed, n)
    args = [to_mahjong_args(ctx, RIICHI_V1) for ctx in contexts]
    calculator = HandCalculator()

    def run_ours(part: list[Any]) -> int:
        scored = 0
        for ctx in part:
            try:
                evaluate(ctx, RIICHI_V1)
                scored += 1
            except HandError:
                pass
        return scored

    def run_theirs(part: list[dict[str, Any]]) -> int:
        scored = 0
        for kw in part:
            if calculator.estimate_hand_value(**kw).error is None:
                scored += 1
        return scored

    cold, ours_scored = _cold_rate(lambda: run_ours(contexts), n)
    theirs_scored = run_theirs(args)
    # Chunks longer than the mahjong package's whole-hand LRU cache (128
    # entries in HandDivider) keep repeated runs from replaying its cache: it
    # is timed on hands it has not just seen, as in play. Our caches are keyed
    # by suit patterns shared between different hands, filled in the cold pass.
    ours_rate, theirs_rate = paired_rates(run_ours, contexts, run_theirs, args, repeat, chunk=_SCORE_CHUNK)
    out(f"score: {n} random winning situations (seed {seed}); with a yaku: "
        f"rules_engine {ours_scored}, mahjong {theirs_scored}")
    out(f"  rules_engine  {ours_rate:12,.0f} hands/s   (cold first pass: {cold:,.0f}/s)")
    out(f"  mahjong 2.1   {theirs_rate:12,.0f} hands/s")
    out(f"  ratio         {ours_rate / theirs_rate:12.2f}x")
    return {"score_per_s": round(ours_rate, 1), "score_per_s_mahjong": round(theirs_rate, 1),
            "score_ratio": round(ours_rate / theirs_rate, 2)}


def bench_taiwanese_score(n: int, seed: int, repeat: int, out: Callable[[str], None]) -> dict[str, float | None]:
    """Taiwanese scoring section (taiwanese.md §3, §4): random legal wins scored per second by
    ``score_win`` (best of ``repeat`` warm passes; the first, cold pass fills the memoized
    shape tables), and their payments per second. Raises if a legal win fails to score."""
    from rules_engine.taiwanese.random_hands import random_tai_wins
    from rules_engine.taiwanese.scoring import payments, score_win

    wins = random_tai_wins(seed, n)
    cold, results = _cold_rate(lambda: [score_win(w) for w in wins], n)
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for w in wins:
            score_win(w)
        best = min(best, time.perf_counter() - start)
    rate = n / max(best, 1e-12)
    jobs = [([(w.seat_wind, r.tai)], None if w.self_draw or w.heavenly else (w.seat_wind + 1) % 4,
             w.self_draw or w.heavenly) for w, r in zip(wins, results)]
    start = time.perf_counter()
    for winners, payer, self_draw in jobs:
        payments(winners, discarder=payer, self_draw=self_draw)
    pay_rate = n / max(time.perf_counter() - start, 1e-12)
    forms: dict[str, int] = {}
    for r in results:
        forms[r.form] = forms.get(r.form, 0) + 1
    mean = sum(r.tai for r in results) / n
    out(f"taiwanese score: {n} random legal wins (seed {seed}; {forms}), mean {mean:.1f} tai")
    out(f"  score_win     {rate:12,.0f} hands/s   (cold first pass: {cold:,.0f}/s)")
    out(f"  payments      {pay_rate:12,.0f} hands/s")
    return {"tw_score_per_s": round(rate, 1), "tw_score_per_s_cold": round(cold, 1),
            "tw_payments_per_s": round(pay_rate, 1)}


def bench_flow(hands: int, seed: int, out: Callable[[str], None], warmup: int = 0,
               preset: str = "riichi") -> dict[str, float | None]:
    """Table-flow section: complete simulated hands per second of one core's CPU time.

    ``preset``: the preset played (``--preset``; ``taiwanese`` plays full Taiwanese matches
    with ``rules_engine.taiwanese.simple_player``).

    ``warmup`` hands (other seeds) are played first, untimed, so that the
    lazily filled shanten caches are in the state of a long-running server;
    the figure is hands / CPU seconds of this process (one core), with the
    wall-clock rate printed beside it.
    """
    try:
        from rules_engine.cli.simulate import run_hands
    except ImportError as err:
        out(f"flow: not available: {err}")
        return {"hands_per_s": None}
    if warmup > 0:
        run_hands(warmup, seed + 1_000_003, preset)
    start_cpu, start = time.process_time(), time.perf_counter()
    summary = run_hands(hands, seed, preset)
    cpu, elapsed = time.process_time() - start_cpu, time.perf_counter() - start
    # run_hands finishes whole games, so it may play more hands than asked.
    played = summary.get("hands", hands) if isinstance(summary, dict) else hands
    rate = played / cpu if cpu > 0 else float("inf")
    wall_rate = played / elapsed if elapsed > 0 else float("inf")
    out(f"flow: {played} complete simulated {preset} hands (seed {seed}, after {warmup} warm-up hands) in "
        f"{cpu:.2f} s CPU / {elapsed:.2f} s wall: {rate:,.1f} hands/s CPU ({wall_rate:,.1f} wall)")
    if isinstance(summary, dict):
        out("  summary: " + json.dumps(summary, sort_keys=True, default=str)[:500])
    return {"hands_per_s": round(rate, 2), "hands_per_s_wall": round(wall_rate, 2)}


def bench_views(games: int, seed: int, out: Callable[[str], None]) -> dict[str, float | None]:
    """View-build section: seat views built per second (``Game.view``), as the server builds
    them for every state message.

    ``games`` complete games are played with ``simulate.play_game`` (untimed); each game's
    log is then replayed and, after every entry, the four seat views and the public view are
    built and timed (CPU seconds of this process). Ends with ``{"views_per_s", "own_turn_views_per_s"}``,
    the second counting only the views of the seat in turn (the own-seat aids of P-PLAY-7).
    """
    from rules_engine.core.actions import Action
    from rules_engine.game import Game
    from rules_engine.preset import get_preset
    from rules_engine.cli.simulate import play_game

    logs = [play_game("riichi", seed, g).log for g in range(games)]
    preset = get_preset("riichi")
    n = n_turn = 0
    cpu = cpu_turn = 0.0
    clock = time.process_time
    for log in logs:
        game = None
        for entry in log["entries"]:
            if entry["type"] == "hand":
                if game is None:
                    game = Game.new(preset, entry["seed"], wall=entry.get("wall"))
                else:
                    game.next_hand(entry["seed"], wall=entry.get("wall"))
            else:
                game.apply(Action.from_json(entry["action"]))
            for seat in (None, 0, 1, 2, 3):
                start = clock()
                game.view(seat)
                spent = clock() - start
                cpu += spent
                n += 1
                if seat is not None and game.phase == "turn" and game._turn == seat:
                    cpu_turn += spent
                    n_turn += 1
    rate = n / cpu if cpu > 0 else float("inf")
    turn_rate = n_turn / cpu_turn if cpu_turn > 0 else float("inf")
    out(f"views: {n} views of {games} games (seed {seed}) in {cpu:.2f} s CPU: {rate:,.0f} views/s; "
        f"the seat in turn: {n_turn} views, {turn_rate:,.0f} views/s")
    return {"views_per_s": round(rate, 1), "own_turn_views_per_s": round(turn_rate, 1)}


def main(argv: Sequence[str] | None = None) -> int:
    """CLI entry point; returns the process exit status."""
    parser = argparse.ArgumentParser(prog="python -m rules_engine.bench", description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=20000, help="random hands for the shanten section")
    parser.add_argument("--n-score", type=int, default=None,
                        help="winning situations for the score section (default: n / 20)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the random inputs")
    parser.add_argument("--repeat", type=int, default=3,
                        help="timed runs per chunk and engine (the best is kept)")
    parser.add_argument("--flow", action="store_true", help="measure complete simulated hands per second")
    parser.add_argument("--views", type=int, default=0, metavar="GAMES",
                        help="measure seat views built per second over GAMES simulated games")
    parser.add_argument("--hands", type=int, default=1000,
                        help="at least this many simulated hands for --flow (whole games are played)")
    parser.add_argument("--warmup", type=int, default=1000,
                        help="untimed hands played first by --flow (a long-running server's warm caches)")
    parser.add_argument("--preset", default="riichi",
                        help="with --flow: the preset played (riichi, taiwanese, ...); without: 'taiwanese' times "
                             "Taiwanese tai scoring (the default sections are Riichi)")
    args = parser.parse_args(argv)
    if args.n < 1 or args.repeat < 1 or args.hands < 1 or args.warmup < 0 or (args.n_score is not None and args.n_score < 1):
        parser.error("--n, --n-score, --repeat and --hands must be positive")

    def out(line: str) -> None:
        print(line, flush=True)

    if args.views > 0:
        result = bench_views(args.views, args.seed, out)
    elif args.flow:
        result = bench_flow(args.hands, args.seed, out, args.warmup, args.preset)
    elif args.preset == "taiwanese":
        result = bench_taiwanese_score(args.n_score or 20000, args.seed, args.repeat, out)
    else:
        result = bench_shanten(args.n, args.seed, args.repeat, out)
        n_score = args.n_score if args.n_score is not None else max(1, args.n // 20)
        result.update(bench_score(n_score, args.seed, args.repeat, out))
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
