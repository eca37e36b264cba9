"""The scorer CLI ``python -m rules_engine.score`` (issue 2, item 4; riichi.md §5 examples as input)."""
from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from rules_engine.cli.score import main, score_line

ROOT = Path(__file__).resolve().parents[2]


def run(lines: list) -> list[dict]:
    """Feed JSON lines (dicts are encoded, strings passed raw) through ``main``; decode the output."""
    text = "".join((json.dumps(x) if isinstance(x, dict) else x) + "\n" for x in lines)
    out = io.StringIO()
    assert main(io.StringIO(text), out, argv=[]) == 0
    return [json.loads(line) for line in out.getvalue().splitlines()]


def test_ex_01_closed_ron_full_output():
    """EX-01 through the CLI: every output key with its value."""
    [res] = run([{"hand": "234m678p1355s777z2s", "win_tile": "2s", "seat_wind": "S", "riichi": True,
                  "dora_indicators": "1m", "ura_indicators": "3z"}])
    assert res == {"ok": True, "han": 3, "fu": 40, "yaku": [["riichi", 1], ["yakuhai_chun", 1], ["dora", 1]],
                   "yakuman": 0, "limit": None, "cost": {"ron": 5200}, "total": 5200}


def test_ex_47b_tsumo_total_includes_honba_and_deposits():
    """EX-47 (b): South's pinfu tsumo with 2 honba and 2 deposits gains 2,100 + 2,000 (R-PAY-5, R-PAY-6)."""
    [res] = run([{"hand": "123m456p678s99p45s3s", "win_tile": "3s", "tsumo": True, "seat_wind": "S",
                  "honba": 2, "riichi_deposits": 2}])
    assert res["cost"] == {"tsumo_dealer": 700, "tsumo_non_dealer": 400}
    assert res["total"] == 4100


def test_dealer_tsumo_cost_and_total():
    """EX-35: seven pairs by dealer tsumo, 3,200 all."""
    [res] = run([{"hand": "22m44m66p88p33s77s5s5s", "win_tile": "5s", "tsumo": True, "dora_indicators": "1z"}])
    assert (res["cost"], res["total"], res["fu"]) == ({"tsumo_each": 3200}, 9600, 25)


def test_melds_and_red_fives():
    """EX-27: pon(055p) from notation; red fives listed as aka_dora with their count."""
    [res] = run([{"hand": "234m067s22s78m6m", "melds": [{"type": "pon", "tiles": "055p"}], "win_tile": "6m",
                  "seat_wind": "S", "dora_indicators": "4m"}])
    assert res["yaku"] == [["tanyao", 1], ["aka_dora", 2]]
    assert res["cost"] == {"ron": 3900}


def test_yakuman_lists_multiples():
    """EX-44: daisuushii 2 + tsuuiisou 1 = 3 yakuman, 96,000."""
    [res] = run([{"hand": "222z333z44z55z4z", "melds": [{"type": "pon", "tiles": "111z"}], "win_tile": "4z",
                  "seat_wind": "S"}])
    assert res["yakuman"] == 3 and res["limit"] == "yakuman"
    assert sorted(res["yaku"]) == [["daisuushii", 2], ["tsuuiisou", 1]]
    assert res["cost"] == {"ron": 96000}


def test_bad_lines_are_reported_and_the_cli_goes_on():
    results = run([
        "this is not json",
        {"hand": "123m456p789s1122z3z", "win_tile": "3z"},                       # not complete
        {"hand": "234m067s22s78m9m", "melds": [{"type": "pon", "tiles": "055p"}], "win_tile": "9m"},  # no yaku
        {"hand": "11111m23p", "win_tile": "1m"},                                  # fifth copy
        {"hand": "123m456p789s11z222z", "win_tile": "2z", "tsumo": "yes"},         # bad flag type
        {"hand": "123m456p789s11z222z", "win_tile": "2z", "seat_wind": "X"},       # bad wind
        {"hand": "123m456p789s11z222z", "win_tile": "3z"},                          # win tile not in hand
        {"hand": "123m456p789s11z222z", "win_tile": "2z", "bogus": 1},             # unknown key
        {"hand": "123m456p789s11z22z", "win_tile": "2z"},                         # 13 tiles
        {"hand": "123m456p789s11z222z", "win_tile": "2z", "preset": "nope"},       # unknown preset
        {"hand": "123m456p789s11z222z", "win_tile": "2z", "honba": -1},            # negative count
        {"hand": "123m456p789s11z222z", "win_tile": "2z", "tsumo": True, "riichi": True},  # fine
    ])
    assert results[0]["ok"] is False and results[0]["error"].startswith("invalid: not JSON")
    assert results[1] == {"ok": False, "error": "not_a_winning_hand"}
    assert results[2] == {"ok": False, "error": "no_yaku"}
    for res in results[3:11]:
        assert res["ok"] is False and res["error"].startswith("invalid: "), res
    assert "fifth copy" in results[3]["error"]
    assert "bogus" in results[7]["error"]
    assert results[11]["ok"] is True and ["riichi", 1] in results[11]["yaku"]


@pytest.mark.parametrize("flags,rule", [
    pytest.param({"ippatsu": True}, "R-YAKU-12", id="R-YAKU-12 ippatsu without riichi"),
    pytest.param({"haitei": True}, "R-YAKU-20", id="R-YAKU-20 haitei on ron"),
    pytest.param({"tsumo": True, "houtei": True}, "R-YAKU-21", id="R-YAKU-21 houtei on tsumo"),
    pytest.param({"tsumo": True, "rinshan": True}, "R-YAKU-22", id="R-YAKU-22 rinshan without a kan"),
    pytest.param({"tsumo": True, "chankan": True}, "R-YAKU-23", id="R-YAKU-23 chankan on tsumo"),
    pytest.param({"tsumo": True, "tenhou": True, "seat_wind": "S"}, "R-YAKUMAN-2", id="R-YAKUMAN-2 tenhou not dealer"),
])
def test_contradictory_flags_are_invalid(flags, rule):
    res = score_line(json.dumps({"hand": "123m456p789s11z222z", "win_tile": "2z", **flags}))
    assert res["ok"] is False and res["error"].startswith("invalid: ") and rule in res["error"]


def test_blank_lines_are_skipped():
    assert run(["", "   ", {"hand": "123m456p678s99p45s6s", "win_tile": "6s", "seat_wind": "S"}])[0]["cost"] == {"ron": 1000}


def test_runs_as_a_module():
    """``python -m rules_engine.score`` reads stdin and writes one line per input line."""
    lines = [json.dumps({"hand": "19m19p19s1234567z5z", "win_tile": "5z", "tsumo": True}), "{", ""]
    proc = subprocess.run([sys.executable, "-m", "rules_engine.cli.score"], input="\n".join(lines) + "\n",
                          capture_output=True, text=True, cwd=ROOT, timeout=60, check=True)
    out = [json.loads(line) for line in proc.stdout.splitlines()]
    assert out[0]["yaku"] == [["kokushi_musou", 2]] and out[0]["cost"] == {"tsumo_each": 32000}
    assert out[1]["ok"] is False and len(out) == 2


def test_help_prints_the_input_keys():
    out = io.StringIO()
    assert main(io.StringIO(""), out, argv=["--help"]) == 0
    assert "riichi_deposits" in out.getvalue() and "not_a_winning_hand" in out.getvalue()


def test_single_deal_preset_has_no_honba():
    """riichi.md §4 row 18: honba are always 0 in riichi-single-deal."""
    res = score_line(json.dumps({"hand": "123m456p678s99p45s6s", "win_tile": "6s", "seat_wind": "S",
                                 "preset": "riichi-single-deal", "honba": 1}))
    assert res["ok"] is False and "honba" in res["error"]
    res = score_line(json.dumps({"hand": "123m456p678s99p45s6s", "win_tile": "6s", "seat_wind": "S",
                                 "preset": "riichi-single-deal", "riichi_deposits": 1}))
    assert res["total"] == 2000
