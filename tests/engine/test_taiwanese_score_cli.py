"""The scorer CLI with the Taiwanese preset (issue 12 item 5): ``python -m rules_engine.score
--preset taiwanese`` or ``"preset": "taiwanese"`` per line; hand-typed lines in the spec's
notation (taiwanese.md §0.1), worked examples of §6, and bad lines (the CLI goes on)."""
from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from rules_engine.cli.score import main, score_line

ROOT = Path(__file__).resolve().parents[2]


def run(lines: list, argv: list[str] | None = None) -> list[dict]:
    text = "".join((json.dumps(x) if isinstance(x, dict) else x) + "\n" for x in lines)
    out = io.StringIO()
    assert main(io.StringIO(text), out, argv=["--preset", "taiwanese"] if argv is None else argv) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_ex_07_through_the_cli_full_output():
    """EX-07 / T-PAY-9 row 1: every output key with its value."""
    [res] = run(['{"hand": "222m 333m 44m 678p 99s 4m", "melds": [{"type": "chow", "tiles": "567s"}],'
                 ' "win_tile": "4m", "seat": "S", "discarder": "W"}'])
    assert res == {"ok": True, "tai": 12, "awards": {"T-TAI-03": 2, "T-TAI-09": 10},
                   "payments": {"discarder": -12}, "transfers": {"E": 0, "S": 12, "W": -12, "N": 0}}


def test_ex_22_self_draw_last_tile_each_opponent_pays():
    [res] = run([{"hand": "234m555p68p333s789s11s7p", "flowers": ["f1", "f2"], "win_tile": "7p",
                  "seat": "E", "self_draw": True, "last_tile": True}])
    assert res["tai"] == 12 and res["awards"]["T-TAI-33"] == 1
    assert res["payments"] == {"each_opponent": -12}
    assert res["transfers"] == {"E": 36, "S": -12, "W": -12, "N": -12}


def test_ex_08_melds_of_every_kong_kind():
    [res] = run([{"hand": "111m 77m 33p 7m", "win_tile": "7m", "seat": "N", "self_draw": True,
                  "melds": [{"type": "kong_concealed", "tiles": "8888s"}, {"type": "kong_exposed", "tiles": "NNNN"},
                            {"type": "pung", "tiles": "555p"}]}])
    assert res["tai"] == 23 and res["transfers"] == {"E": -23, "S": -23, "W": -23, "N": 69}


def test_ex_21_robbing_a_kong_the_kong_declarer_pays():
    [res] = run([{"hand": "45m 123p 789p 234s 567s 99s 6m", "flowers": ["s2"], "win_tile": "6m",
                  "seat": "N", "discarder": "W", "robbing_kong": True}])
    assert res["tai"] == 9 and res["payments"] == {"discarder": -9}
    assert res["transfers"] == {"E": 0, "S": 0, "W": -9, "N": 9}


def test_ex_24_original_call_early_win():
    [res] = run([{"hand": "123m 456m 789m 345p 678s 2s 2s", "win_tile": "2s", "seat": "S", "discarder": "N",
                  "original_call": True, "discards_before_win": 4}])
    assert res["tai"] == 49 and res["awards"]["T-TAI-37"] == 10 and res["awards"]["T-TAI-38"] == 15


def test_ex_25_earthly_and_ex_26_heavenly():
    earthly, heavenly = run([
        {"hand": "234m 234m 567p 678s EEE 9s 9s", "flowers": ["f4"], "win_tile": "9s", "seat": "N",
         "discarder": "E", "earthly": True, "discards_before_win": 1},
        {"hand": "123m 456m 777p 345s CCC 88s", "flowers": ["s1"], "win_tile": None, "seat": "E",
         "heavenly": True, "discards_before_win": 0}])
    assert earthly["tai"] == 46 and earthly["transfers"] == {"E": -46, "S": 0, "W": 0, "N": 46}
    assert heavenly["tai"] == 49 and heavenly["payments"] == {"each_opponent": -49}
    assert heavenly["transfers"] == {"E": 147, "S": -49, "W": -49, "N": -49}


def test_ex_28_eight_flowers_and_ex_29_seven_robbing_the_eighth():
    eight, seven = run([
        {"hand": "", "flowers": ["f1", "f2", "f3", "s1", "s2", "s3", "s4"], "win_tile": "f4", "seat": "W",
         "self_draw": True},
        {"hand": "", "flowers": ["f1", "f2", "f3", "f4", "s1", "s2", "s3"], "win_tile": "s4", "seat": "N",
         "discarder": "S"}])
    assert eight == {"ok": True, "tai": 30, "awards": {"T-TAI-01": 30}, "payments": {"each_opponent": -30},
                     "transfers": {"E": -30, "S": -30, "W": 90, "N": -30}}
    assert seven == {"ok": True, "tai": 20, "awards": {"T-TAI-02": 20}, "payments": {"eighth_flower_owner": -20},
                     "transfers": {"E": 0, "S": -20, "W": 0, "N": 20}}


def test_preset_per_line_and_riichi_lines_unchanged():
    """Without --preset a line names "preset": "taiwanese"; a Riichi line beside it gives the
    Riichi output exactly as before."""
    tw, riichi = run([{"preset": "taiwanese", "hand": "123m 456m 789p 35s 678s 99p 4s", "win_tile": "4s",
                       "seat": "S", "discarder": "E"},
                      {"hand": "123m456p678s99p45s6s", "win_tile": "6s", "seat_wind": "S"}], argv=[])
    assert tw["tai"] == 14 and tw["transfers"] == {"E": -14, "S": 14, "W": 0, "N": 0}  # EX-04
    assert riichi["cost"] == {"ron": 1000} and "tai" not in riichi


@pytest.mark.parametrize("line,error", [
    ("{", "invalid: not JSON"),
    ('{"hand": "123m", "win_tile": "1m", "seat": "X"}', "invalid: seat"),
    ('{"hand": "123m456m789m234p678p5s5s", "win_tile": "5s", "seat": "S"}', "invalid: a win on a discard"),
    ('{"hand": "123m456m789m234p678p5s5s", "win_tile": "5s", "seat": "S", "self_draw": true, "discarder": "E"}',
     "invalid: a self-drawn win has no discarder"),
    ('{"hand": "123m456m789m234p678p5s6s", "win_tile": "6s", "seat": "S", "self_draw": true}', "not_a_winning_hand"),
    ('{"hand": "123m456m789m234p678p5s5s", "win_tile": "9s", "seat": "S", "self_draw": true}', "invalid: win_tile"),
    ('{"hand": "123m456m789m234p678p5s5s", "win_tile": "5s", "seat": "S", "self_draw": true, "tsumo": true}',
     "invalid: unknown key"),
    ('{"hand": "123m456m789m234p678p5s5x", "win_tile": "5s", "seat": "S", "self_draw": true}', "invalid: bad character"),
    ('{"hand": "123m456m789m234p678p5s5s", "win_tile": "5s", "seat": "S", "self_draw": "yes"}', "invalid: self_draw"),
    ('{"hand": "123m456m789m234p678p5s5s", "win_tile": "5s", "seat": "S", "self_draw": true, "flowers": ["1s"]}',
     "invalid: each flower"),
    ('{"hand": "123m456m789m234p678p5s5s", "win_tile": null, "seat": "S", "self_draw": true}', "invalid: win_tile is null"),
    ('{"hand": "", "flowers": ["f1"], "win_tile": "f2", "seat": "S", "self_draw": true}', "invalid: a flower win"),
    ('{"hand": "123m456m789m234p678p5s5s", "win_tile": "5s", "seat": "S", "self_draw": true,'
     ' "discards_before_win": -1}', "invalid: discards_before_win"),
    ('{"hand": "123m456m789m234p678p5s5s", "win_tile": "5s", "seat": "S", "self_draw": true, "last_discard": true}',
     "invalid: last discard"),
    ('{"hand": "5555m456m789m234p678p5s", "win_tile": "5s", "seat": "S", "self_draw": true}', "invalid"),
    ('{"hand": "123m456m789m234p678p5s5s", "win_tile": "5s", "seat": "S", "self_draw": true,'
     ' "melds": [{"type": "pon", "tiles": "111z"}]}', "invalid: meld 0"),
    ('[1, 2]', "invalid: a situation must be a JSON object"),
])
def test_bad_lines_give_an_error_and_the_cli_goes_on(line, error):
    good = {"hand": "123m456m789m234p678p5s5s", "win_tile": "5s", "seat": "S", "self_draw": True}
    bad, after = run([line, good])
    assert bad["ok"] is False and bad["error"].startswith(error), bad
    assert after["ok"] is True
    assert after["tai"] == 2 + 10 + 10 + 3 + 1  # winning, 10-tai chow, straight, fully concealed, pair


def test_unknown_preset_argument_is_a_usage_error():
    assert main(io.StringIO(""), io.StringIO(), argv=["--preset", "mahjong-nope"]) == 2
    assert main(io.StringIO(""), io.StringIO(), argv=["--bogus"]) == 2


def test_runs_as_a_module_with_preset_taiwanese():
    lines = [json.dumps({"hand": "PPP 12s 456s 99s 3s", "win_tile": "3s", "seat": "S", "self_draw": True,
                         "melds": [{"type": "kong_added", "tiles": "CCCC"}, {"type": "pung", "tiles": "FFF"}]}),
             "nonsense", ""]
    proc = subprocess.run([sys.executable, "-m", "rules_engine.score", "--preset", "taiwanese"],
                          input="\n".join(lines) + "\n", capture_output=True, text=True, cwd=ROOT, timeout=60,
                          check=True)
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert out[0]["tai"] == 46 and out[0]["transfers"]["S"] == 138  # EX-11
    assert out[1]["ok"] is False and len(out) == 2


def test_help_documents_the_taiwanese_keys():
    out = io.StringIO()
    assert main(io.StringIO(""), out, argv=["--help"]) == 0
    text = out.getvalue()
    assert "eighth_flower_owner" in text and "discards_before_win" in text


def test_score_line_accepts_preset_argument():
    res = score_line(json.dumps({"hand": "123m456m789m234p678p5s5s", "win_tile": "5s", "seat": "W",
                                 "discarder": "S"}), "taiwanese")
    # winning 2, 10-tai chow 10, concealed pure straight 10, concealed hand 1, out on a pair 1
    assert res["tai"] == 24 and res["transfers"] == {"E": 0, "S": -24, "W": 24, "N": 0}
