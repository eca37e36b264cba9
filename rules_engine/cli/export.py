"""Export one of our Riichi game logs to tenhou.net/6 JSON or the mjai event stream (issue 13).

``python -m rules_engine.export LOG --format tenhou6|mjai [--names A,B,C,D] [--title TEXT]``

``LOG`` is a file holding our log (``Game.log`` JSON, the platform's ``/api/games/<id>/log/`` answer,
or a ``python -m rules_engine.simulate --log`` JSON-lines file, whose first game is taken), or ``-``
for standard input. Output on standard output: tenhou6 as one JSON document, mjai as JSON lines
(one event per line). Only Riichi presets; a Taiwanese, malformed or non-replaying log is refused
with a message on standard error and exit status 2.
"""
from __future__ import annotations

import argparse
import json
import sys

from rules_engine.formats.common import ExportError, load_log_text

FORMATS = ("tenhou6", "mjai")


def export_text(log: dict, fmt: str, *, names: list[str] | None = None, title: str | None = None) -> str:
    """The export of ``log`` in format ``fmt`` (one of ``FORMATS``) as text ending in a newline.
    Raises ``ExportError`` for a log that cannot be exported, ``ValueError`` for an unknown format."""
    if fmt == "tenhou6":
        from rules_engine.formats.tenhou6 import game_to_tenhou6
        return json.dumps(game_to_tenhou6(log, names, title), ensure_ascii=False, separators=(",", ":")) + "\n"
    if fmt == "mjai":
        from rules_engine.formats.mjai import game_events
        return "".join(json.dumps(e, ensure_ascii=False, separators=(",", ":")) + "\n"
                       for e in game_events(log, names))
    raise ValueError(f"unknown format {fmt!r}; known: {', '.join(FORMATS)}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules_engine.export", description=__doc__.splitlines()[0])
    parser.add_argument("log", help="file with the game log (JSON or simulate JSON lines), or - for stdin")
    parser.add_argument("--format", required=True, choices=FORMATS)
    parser.add_argument("--names", help="four comma-separated player names, seat 0 (initial East) first")
    parser.add_argument("--title", help="second title line (tenhou6)")
    args = parser.parse_args(argv)
    names = args.names.split(",") if args.names else None
    try:
        if args.log == "-":
            text = sys.stdin.read()
        else:
            with open(args.log, encoding="utf-8") as fh:
                text = fh.read()
        out = export_text(load_log_text(text), args.format, names=names, title=args.title)
    except OSError as exc:
        print(f"error: cannot read {args.log}: {exc.strerror or exc}", file=sys.stderr)
        return 2
    except (ExportError, ValueError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    sys.stdout.write(out)
    return 0
