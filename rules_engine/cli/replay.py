"""Replay stored game logs and verify them (DESIGN §2: the log is the truth).

``python -m rules_engine.replay LOG.jsonl`` reads one or more games written by
``rules_engine.cli.simulate --log`` (a ``{"type": "game", "preset", "version"}`` header,
the ``hand``/``action`` entries of ``Game.log`` with their recorded events, and an
``{"type": "end", "scores", "game_result"}`` line), re-plays each game from its hand
seeds and actions, and checks every recorded event list and the final scores. It also
takes one stored game as a single JSON document: ``Game.log`` itself, or the platform's
``/api/games/<id>/log/`` answer ``{"game": ..., "log": {...}}`` (no final scores to
compare then; the events are still verified). Prints a JSON summary; the exit status is 1
when anything differs or the log is malformed.
"""
from __future__ import annotations

import argparse
import json
import sys
from typing import Iterable

from rules_engine.core.errors import IllegalAction
from rules_engine.game import Game


def read_games(lines: Iterable[str]) -> list[dict]:
    """Split JSON lines into game records ``{"preset", "version", "entries", "end"}``.
    Raises ``ValueError`` (with the line number) for malformed lines or order."""
    games: list[dict] = []
    for n, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            rec = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ValueError(f"line {n}: not JSON ({exc})") from None
        typ = rec.get("type") if isinstance(rec, dict) else None
        if typ == "game":
            games.append({"preset": rec["preset"], "version": rec["version"], "entries": [], "end": None})
        elif typ in ("hand", "action"):
            if not games or games[-1]["end"] is not None:
                raise ValueError(f"line {n}: {typ} entry outside a game")
            games[-1]["entries"].append(rec)
        elif typ == "end":
            if not games:
                raise ValueError(f"line {n}: end without a game")
            games[-1]["end"] = rec
        else:
            raise ValueError(f"line {n}: unknown record type {typ!r}")
    return games


def read_log_text(text: str) -> list[dict]:
    """Game records from a file's text: one JSON document holding a single ``Game.log``
    (optionally under ``"log"``, as the platform's API serves it), or JSON lines (``read_games``).
    Raises ``ValueError`` for malformed input."""
    try:
        doc = json.loads(text)
    except json.JSONDecodeError:
        doc = None
    if isinstance(doc, dict):
        log = doc.get("log", doc)
        if isinstance(log, dict) and "entries" in log and "preset" in log:
            if not isinstance(log["entries"], list):
                raise ValueError("log entries must be a list")
            return [{"preset": log["preset"], "version": log.get("version"), "entries": log["entries"], "end": None}]
    return read_games(text.splitlines())


def verify_game(record: dict) -> list[str]:
    """Re-play one game record; return the list of differences (empty when it reproduces)."""
    try:
        game = Game.from_log(record, verify=True)
    except (ValueError, IllegalAction, KeyError) as exc:
        return [f"replay failed: {exc}"]
    end = record.get("end")
    problems = []
    if end is not None:
        if end.get("scores") != game.scores:
            problems.append(f"final scores differ: recorded {end.get('scores')}, replayed {game.scores}")
        if end.get("game_result") != game.game_result:
            problems.append("game result differs")
    return problems


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m rules_engine.replay", description=__doc__.split("\n")[0])
    ap.add_argument("log", help="JSON-lines log file, or one stored game's log as a JSON document")
    args = ap.parse_args(argv)
    try:
        with open(args.log) as fh:
            games = read_log_text(fh.read())
    except (OSError, ValueError, KeyError) as exc:
        print(json.dumps({"ok": False, "error": str(exc)}))
        return 1
    results = []
    for i, rec in enumerate(games):
        problems = verify_game(rec)
        results.append({"game": i, "ok": not problems, "problems": problems[:3],
                        "final_scores": rec["end"]["scores"] if rec.get("end") else None})
    ok = all(r["ok"] for r in results) and bool(results)
    print(json.dumps({"ok": ok, "games": len(results), "failed": sum(not r["ok"] for r in results),
                      "results": results if not ok else results[:3]}))
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
