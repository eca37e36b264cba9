"""Hand scorer CLI: ``python -m rules_engine.score`` (JSON lines in, JSON lines out).

Each stdin line is one situation (a JSON object); each gets one output line.
Input keys (riichi.md §5 conventions; tiles in notation ``123m406p789s1122z``):

- ``hand`` (required): concealed tiles after the win, winning tile included.
- ``melds``: ``[{"type": "chi"|"pon"|"daiminkan"|"shouminkan"|"ankan", "tiles": "456m"}, ...]``.
- ``win_tile`` (required): the winning tile (one tile of ``hand``).
- ``tsumo``: bool (default false = ron).
- ``seat_wind``, ``round_wind``: ``"E"|"S"|"W"|"N"`` (default ``"E"``).
- ``dora_indicators``, ``ura_indicators``: notation strings (default ``""``).
- ``riichi``, ``double_riichi``, ``ippatsu``, ``haitei``, ``houtei``, ``rinshan``,
  ``chankan``, ``tenhou``, ``chiihou``: bools (default false).
- ``honba``, ``riichi_deposits``: ints >= 0 (default 0); ``preset``: name (default ``"riichi"``).

Output: ``{"ok": true, "han", "fu", "yaku": [[name, han], ...], "yakuman", "limit",
"cost", "total"}`` where ``cost`` is the hand payment before honba
(``{"ron": n}``, ``{"tsumo_dealer": d, "tsumo_non_dealer": n}`` or
``{"tsumo_each": n}``, R-PAY-1..4) and ``total`` is what the winner gains:
the hand, ``300 * honba`` and ``1000 * riichi_deposits`` (R-PAY-5, R-PAY-6).
For a yakuman hand ``han`` and ``fu`` are 0 and each yaku's number is its
yakuman multiple. Failures: ``{"ok": false, "error": "not_a_winning_hand" |
"no_yaku" | "invalid: <reason>"}``; the CLI then goes on with the next line.
A blank line is skipped.

Taiwanese (taiwanese.md): ``--preset taiwanese`` makes it the default for every line, or a
line names ``"preset": "taiwanese"``; such lines use the keys and output of
``rules_engine.cli.score_taiwanese`` (its documentation follows). ``--preset NAME`` sets the
default preset of lines without a ``preset`` key (``riichi`` when absent).
"""
from __future__ import annotations

import json
import sys
from typing import Any, TextIO

from rules_engine.cli import score_taiwanese
from rules_engine.core.meld import MELD_TYPES, Meld
from rules_engine.preset import Preset, get_preset
from rules_engine.riichi import NotWinningHand, NoYaku, WinContext, evaluate
from rules_engine.riichi.errors import HandError
from rules_engine.core.tiles import RED_FIVES, parse_tiles, wind_from_letter

FLAGS = ("tsumo", "riichi", "double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan",
         "tenhou", "chiihou")
COUNTS = ("honba", "riichi_deposits")
KNOWN_KEYS = frozenset({"hand", "melds", "win_tile", "seat_wind", "round_wind", "dora_indicators",
                        "ura_indicators", "preset", *FLAGS, *COUNTS})


def parse_situation(data: Any) -> tuple[WinContext, Preset, int, int]:
    """Build ``(ctx, preset, honba, deposits)`` from one decoded input object.

    Raises ``ValueError`` with a readable reason for any malformed field
    (unknown key, wrong type, bad notation, a fifth copy, a winning tile not in
    the hand, a bad meld).
    """
    if not isinstance(data, dict):
        raise ValueError(f"a situation must be a JSON object, got {type(data).__name__}")
    unknown = sorted(set(data) - KNOWN_KEYS)
    if unknown:
        raise ValueError(f"unknown key(s) {unknown}")
    for key in ("hand", "win_tile"):
        if key not in data:
            raise ValueError(f"missing key {key!r}")
    for key in FLAGS:
        if not isinstance(data.get(key, False), bool):
            raise ValueError(f"{key} must be true or false, got {data[key]!r}")
    for key in COUNTS:
        v = data.get(key, 0)
        if type(v) is not int or v < 0:
            raise ValueError(f"{key} must be an int >= 0, got {v!r}")
    preset_name = data.get("preset", "riichi")
    if not isinstance(preset_name, str):
        raise ValueError(f"preset must be a string, got {preset_name!r}")
    preset = get_preset(preset_name)
    if preset.family != "riichi":
        raise ValueError(f"preset {preset_name!r} is not a Riichi preset")
    if not preset.honba and data.get("honba", 0):
        raise ValueError(f"preset {preset_name!r} has no honba (R-ROT, riichi.md §4 row 18)")

    used: set[int] = set()
    raw_melds = data.get("melds", [])
    if not isinstance(raw_melds, list):
        raise ValueError("melds must be a list")
    melds = []
    for i, m in enumerate(raw_melds):
        if not isinstance(m, dict) or set(m) - {"type", "tiles"} or "type" not in m or "tiles" not in m:
            raise ValueError(f"meld {i} must be an object with keys 'type' and 'tiles'")
        if m["type"] not in MELD_TYPES:
            raise ValueError(f"meld {i}: unknown type {m['type']!r}; one of {list(MELD_TYPES)}")
        tiles = tuple(sorted(parse_tiles(m["tiles"], used)))
        melds.append(Meld(type=m["type"], tiles=tiles))
    hand = parse_tiles(data["hand"], used)
    win = data["win_tile"]
    win_ids = parse_tiles(win, set()) if isinstance(win, str) else None
    if not win_ids or len(win_ids) != 1:
        raise ValueError(f"win_tile must be one tile in notation, got {win!r}")
    wanted = win_ids[0]
    same = [t for t in hand if t >> 2 == wanted >> 2]
    if not same:
        raise ValueError(f"win_tile {win} is not in the hand")
    same.sort(key=lambda t: ((t in RED_FIVES) != (wanted in RED_FIVES), t))
    win_tile = same[0]

    def indicators(key: str) -> tuple[int, ...]:
        text = data.get(key, "")
        if not isinstance(text, str):
            raise ValueError(f"{key} must be a notation string")
        return tuple(parse_tiles(text, set()))

    ctx = WinContext(
        concealed=tuple(hand), melds=tuple(melds), win_tile=win_tile, tsumo=data.get("tsumo", False),
        seat_wind=wind_from_letter(data.get("seat_wind", "E")),
        round_wind=wind_from_letter(data.get("round_wind", "E")),
        dora_indicators=indicators("dora_indicators"), ura_indicators=indicators("ura_indicators"),
        **{k: data.get(k, False) for k in FLAGS if k != "tsumo"},
    )
    return ctx, preset, data.get("honba", 0), data.get("riichi_deposits", 0)


def _is_taiwanese(name: Any) -> bool:
    """True if preset ``name`` is of the Taiwanese family (``"taiwanese"`` itself, or any
    registered preset whose family is ``"taiwanese"``)."""
    if name == "taiwanese":
        return True
    try:
        return isinstance(name, str) and get_preset(name).family == "taiwanese"
    except ValueError:
        return False


def score_situation(data: Any, default_preset: str = "riichi") -> dict:
    """The output object for one decoded input object (never raises for bad input).
    ``default_preset`` is the preset of an object without a ``preset`` key."""
    if isinstance(data, dict) and _is_taiwanese(data.get("preset", default_preset)):
        return score_taiwanese.score_situation(data)
    if isinstance(data, dict) and "preset" not in data and default_preset != "riichi":
        data = {**data, "preset": default_preset}
    try:
        ctx, preset, honba, deposits = parse_situation(data)
        result = evaluate(ctx, preset)
    except NotWinningHand:
        return {"ok": False, "error": "not_a_winning_hand"}
    except NoYaku:
        return {"ok": False, "error": "no_yaku"}
    except (HandError, ValueError, KeyError, TypeError) as exc:
        return {"ok": False, "error": f"invalid: {exc}"}
    cost = result.cost()
    if "ron" in cost:
        gain = cost["ron"]
    elif "tsumo_each" in cost:
        gain = 3 * cost["tsumo_each"]
    else:
        gain = cost["tsumo_dealer"] + 2 * cost["tsumo_non_dealer"]
    return {"ok": True, "han": result.han, "fu": result.fu, "yaku": [list(y) for y in result.yaku],
            "yakuman": result.yakuman, "limit": result.limit, "cost": cost,
            "total": gain + 300 * honba + 1000 * deposits}


def score_line(line: str, default_preset: str = "riichi") -> dict:
    """Decode one JSON line and score it; malformed JSON gives an ``invalid`` error."""
    try:
        data = json.loads(line)
    except json.JSONDecodeError as exc:
        return {"ok": False, "error": f"invalid: not JSON ({exc.msg} at column {exc.colno})"}
    return score_situation(data, default_preset)


def main(stdin: TextIO = sys.stdin, stdout: TextIO = sys.stdout, argv: list[str] | None = None) -> int:
    """Read JSON lines from ``stdin``, write one JSON result per non-blank line to ``stdout``.

    ``-h`` / ``--help`` prints this module's documentation instead; ``--preset NAME`` (or
    ``--preset=NAME``) sets the preset of lines without a ``preset`` key; an unknown preset
    or any other argument is an error (exit status 2).
    """
    args = list(sys.argv[1:] if argv is None else argv)
    default = "riichi"
    usage = "usage: python -m rules_engine.score [--preset NAME] < situations.jsonl"
    while args:
        arg = args.pop(0)
        if arg in ("-h", "--help"):
            stdout.write((__doc__ or "") + "\n" + (score_taiwanese.__doc__ or ""))
            return 0
        if arg == "--preset" and args:
            default = args.pop(0)
        elif arg.startswith("--preset="):
            default = arg.split("=", 1)[1]
        else:
            sys.stderr.write(f"{usage} (unknown argument {arg!r})\n")
            return 2
        if not _is_taiwanese(default):
            try:
                get_preset(default)
            except ValueError as exc:
                sys.stderr.write(f"{usage} ({exc})\n")
                return 2
    for line in stdin:
        if not line.strip():
            continue
        stdout.write(json.dumps(score_line(line, default)) + "\n")
        stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
