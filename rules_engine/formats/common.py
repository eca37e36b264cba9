"""Shared helpers of the log exporters: loading and checking one of our logs, and the replayed
event stream (issue 13).

Our log (``rules_engine.game.Game.log``) is ``{"preset", "version", "entries"}``; the exporters
replay it with ``Game.from_log(log, verify=True)`` so that a tampered or truncated log is refused
with a clear ``ExportError`` rather than exported wrongly.
"""
from __future__ import annotations

import json
from typing import IO, Iterable

from rules_engine.core.errors import IllegalAction
from rules_engine.game import Game
from rules_engine.preset import Preset, get_preset


class ExportError(ValueError):
    """A log that cannot be exported: not a log, a preset that is not Riichi, or a log that does
    not replay (the message says which)."""


def load_log_text(text: str) -> dict:
    """Parse a log given as text: one JSON object of the ``Game.log`` shape (or the platform's
    ``/api/games/<id>/log/`` answer ``{"game": …, "log": {…}}``), or the
    JSON-lines file of ``python -m rules_engine.simulate --log`` (its FIRST game: a
    ``{"type": "game", "preset", "version"}`` header, the entries, an ``end`` line).
    Raises ``ExportError`` for anything else."""
    text = text.strip()
    if not text:
        raise ExportError("empty input: expected a game log (JSON)")
    try:
        doc = json.loads(text)
    except json.JSONDecodeError:
        pass
    else:
        if isinstance(doc, dict) and "entries" not in doc and isinstance(doc.get("log"), dict):
            return doc["log"]  # the platform's /api/games/<id>/log/ answer {"game", "log"}
        return doc
    log: dict | None = None
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError as exc:
            raise ExportError(f"line {n}: not JSON ({exc.msg})") from None
        kind = row.get("type") if isinstance(row, dict) else None
        if kind == "game":
            if log is not None:
                break
            log = {"preset": row.get("preset"), "version": row.get("version"), "entries": []}
        elif kind in ("hand", "action"):
            if log is None:
                raise ExportError(f"line {n}: a log entry before the game header")
            log["entries"].append(row)
        elif kind == "end":
            if log is not None:
                break
        else:
            raise ExportError(f"line {n}: unknown line type {kind!r}")
    if log is None:
        raise ExportError("no game found in the input")
    return log


def read_log(fh: IO[str]) -> dict:
    """``load_log_text`` of a file's text."""
    return load_log_text(fh.read())


def check_log(log: object) -> tuple[Preset, Game]:
    """The preset of ``log`` and the game replayed from it (``verify=True``).

    Raises ``ExportError`` when ``log`` is not a dict of the ``Game.log`` shape, when its preset is
    unknown or not of the Riichi family (issue 13: Riichi presets only; a Taiwanese log is refused),
    or when it does not replay to the recorded events."""
    if not isinstance(log, dict) or not isinstance(log.get("entries"), list):
        raise ExportError("not a game log: expected {\"preset\", \"version\", \"entries\": [...]}")
    try:
        preset = get_preset(log.get("preset"), log.get("version"))  # type: ignore[arg-type]
    except (ValueError, TypeError) as exc:
        raise ExportError(f"{exc} (only Riichi presets can be exported to tenhou6 or mjai)") from None
    if preset.family != "riichi":
        raise ExportError(f"only Riichi logs can be exported to these formats; "
                          f"this log is of the {preset.family} preset {preset.name!r}")
    if not log["entries"]:
        raise ExportError("the log has no hand")
    try:
        game = Game.from_log(log, verify=True)
    except (ValueError, IllegalAction, KeyError, TypeError, AttributeError, IndexError) as exc:
        raise ExportError(f"the log does not replay: {exc}") from None
    return preset, game


def replayed_events(game: Game) -> Iterable[dict]:
    """Every event of ``game.log`` in order (the deal's events, then each action's)."""
    for entry in game.log["entries"]:
        yield from entry["events"]


def default_names(names: list[str] | None) -> list[str]:
    """Four display names (seat 0 = the initial East); ``None`` gives ``Seat 1`` … ``Seat 4``.
    Raises ``ExportError`` when not exactly four strings."""
    if names is None:
        return [f"Seat {i + 1}" for i in range(4)]
    if len(names) != 4 or not all(isinstance(n, str) for n in names):
        raise ExportError("names must be four strings")
    return list(names)
