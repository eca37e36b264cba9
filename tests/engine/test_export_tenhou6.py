"""tenhou.net/6 export (issue 13 item 1; rules_engine.formats.tenhou6) and the export command
(``python -m rules_engine.export``, item 2 of the brief): hand-checked arrays of scripted hands, call
notation, results and yaku strings (R-YAKU names), draws (R-DRAW, R-NAGASHI, R-ABORT) and bad input."""
from __future__ import annotations

import json
import subprocess
import sys

import pytest
from export_scenarios import daiminkan, kakan_robbed, showcase

from rules_engine.cli.export import main
from rules_engine.cli.simulate import play_game
from rules_engine.formats import validate
from rules_engine.formats.common import ExportError
from rules_engine.formats.tenhou6 import _Hand, game_to_tenhou6, point_string, tile_code, yaku_strings


def test_tile_codes_r_tile_2_red_fives_and_honours():
    assert [tile_code(t) for t in (0, 35, 36, 71, 72, 107)] == [11, 19, 21, 29, 31, 39]
    assert [tile_code(t) for t in (16, 17, 52, 53, 88, 89)] == [51, 15, 52, 25, 53, 35]
    assert [tile_code(4 * k) for k in range(27, 34)] == [41, 42, 43, 44, 45, 46, 47]
    assert tile_code(16, frozenset()) == 15          # a preset without red fives
    with pytest.raises(ValueError):
        tile_code(136)


def test_showcase_hand_exact_array_chi_pon_ankan_riichi_red_fives_ron():
    doc = game_to_tenhou6(showcase().log, names=["Ana", "Beto", "Carla", "Dani"], title="#7")
    assert doc["title"] == ["Mahjong Planet", "#7"] and doc["name"] == ["Ana", "Beto", "Carla", "Dani"]
    assert doc["rule"]["aka"] == 1 and doc["rule"]["aka51"] == doc["rule"]["aka52"] == doc["rule"]["aka53"] == 1
    assert "sc" not in doc                                   # the game goes on: no final scores yet
    assert doc["log"] == [[
        [0, 0, 0], [25000, 25000, 25000, 25000],
        [28, 12],                                            # dora indicators 8p, then the kan's 2m
        [23, 17],                                            # ura 3p, 7m (two: one per revealed dora)
        [11, 13, 18, 21, 28, 29, 32, 39, 41, 43, 44, 45, 46], [19, 47], [13, 60],
        [14, 51, 19, 21, 22, 27, 37, 39, 42, 43, 44, 47, 47],  # red 5m (51) in id order
        ["c131451", "p474747"],                              # chi 3m from the left; pon 7z from the left
        [39, 19],
        [12, 13, 14, 19, 24, 52, 26, 33, 34, 35, 36, 37, 38], [42], ["r60"],  # tsumogiri riichi
        [12, 15, 18, 23, 26, 29, 31, 31, 31, 45, 45, 46, 46], [31, 38], ["313131a31", 60],
        ["和了", [0, -8000, 9000, 0],
         [2, 1, 2, "満貫8000点", "立直(1飜)", "ドラ(1飜)", "赤ドラ(1飜)", "裏ドラ(1飜)"]],
    ]]


def test_daiminkan_in_the_draw_list_with_an_empty_discard_slot():
    h = game_to_tenhou6(daiminkan().log, title="x")
    assert h["log"] == []                                    # the hand is not over: not exported
    game = daiminkan()
    from rules_engine.riichi.scenario import run_to, tsumogiri
    run_to(game, 0)
    while game.phase in ("turn", "claim"):
        tsumogiri(game)
    south = game_to_tenhou6(game.log)["log"][0]
    assert south[8][:2] == ["m45454545", 19]                 # East (the left player) fed the kan; 9m rinshan
    assert south[9][:2] == [0, 29]                           # the call's empty slot, then 9p


def test_kakan_in_the_discard_list_and_chankan_ron():
    hand = game_to_tenhou6(kakan_robbed().log)["log"][0]
    assert hand[8][0] == "p333333"                           # pon from the left
    assert hand[9][-1] == "k33333333"                        # the added 3s before the called one
    result = hand[-1]
    assert result[0] == "和了" and result[2][:3] == [2, 1, 2]
    assert "槍槓(1飜)" in result[2]


@pytest.mark.parametrize("kind,caller,source,expected", [
    ("pon", 0, 3, "p454545"), ("pon", 0, 2, "45p4545"), ("pon", 0, 1, "4545p45"),
    ("daiminkan", 0, 3, "m45454545"), ("daiminkan", 0, 2, "45m454545"), ("daiminkan", 0, 1, "454545m45"),
])
def test_call_letter_position_names_the_seat_the_tile_came_from(kind, caller, source, expected):
    h = _Hand({"dealer": 0, "hand_number": 0, "dora_indicator": 0}, frozenset({16, 52, 88}))
    tiles = [124, 125, 126] if kind == "pon" else [124, 125, 126, 127]
    h.call(caller, {"type": kind, "tiles": tiles, "called_tile": 124, "from_seat": source})
    assert h.draws[caller] == [expected]


def test_point_strings_and_yaku_names():
    assert point_string({"tsumo": True, "base_points": 240, "limit": None, "fu": 30, "han": 1}, False) \
        == "30符1飜300-500点"
    assert point_string({"tsumo": True, "base_points": 640, "limit": None, "fu": 40, "han": 2}, True) \
        == "40符2飜1300点∀"
    assert point_string({"tsumo": False, "base_points": 3000, "limit": "haneman", "fu": 40, "han": 6}, True) \
        == "跳満18000点"
    assert point_string({"tsumo": False, "base_points": 16000, "limit": "yakuman", "fu": 0, "han": 0}, False) \
        == "役満64000点"
    win = {"yaku": [["yakuhai_seat_wind", 1], ["yakuhai_round_wind", 1], ["suuankou", 2], ["daisangen", 1]]}
    assert yaku_strings(win, seat_wind=1, round_wind=0) == ["自風 南(1飜)", "場風 東(1飜)", "四暗刻単騎(ダブル役満)",
                                                            "大三元(役満)"]


@pytest.mark.parametrize("name,expected", [
    ("kyuushu", "九種九牌"), ("suufon_renda", "四風連打"), ("suucha_riichi", "四家立直"),
    ("suukaikan", "四槓散了"), ("sanchahou", "三家和了"), ("nagashi", "流し満貫"),
])
def test_r_abort_r_nagashi_draw_results(name, expected):
    game = validate.SCRIPTED[name]()
    result = game_to_tenhou6(game.log)["log"][0][-1]
    assert result[0] == expected and result[1] == game.hand_result["deltas"]


def test_double_ron_two_results_nearest_first_r_multi_2():
    game = validate.SCRIPTED["double_ron"]()
    result = game_to_tenhou6(game.log)["log"][0][-1]
    assert result[0] == "和了" and [result[2][0], result[4][0]] == [3, 1]
    assert result[1] == game.hand_result["wins"][0]["payments"]
    assert result[3] == game.hand_result["wins"][1]["payments"]


def test_r_pao_liable_seat_in_the_result():
    game = validate.SCRIPTED["pao_tsumo"]()
    detail = game_to_tenhou6(game.log)["log"][0][-1][2]
    assert detail[:3] == [1, 1, 0] and "大三元(役満)" in detail


def test_finished_game_has_final_scores_and_every_hand():
    game = play_game("riichi", 5, 0)
    doc = game_to_tenhou6(game.log)
    assert len(doc["log"]) == game.hands_played
    result = game.game_result
    assert doc["sc"][0::2] == [s / 100 for s in result["final_scores"]]
    assert doc["sc"][1::2] == [r / 1000 for r in result["results"]]


def test_bad_logs_are_refused_with_a_clear_error(monkeypatch):
    good = showcase().log
    with pytest.raises(ExportError, match="not a game log"):
        game_to_tenhou6({"entries": "x"})
    with pytest.raises(ExportError, match="only Riichi"):
        game_to_tenhou6({**good, "preset": "taiwanese"})
    tampered = json.loads(json.dumps(good))
    tampered["entries"][1]["events"][0]["tile"] = 0
    with pytest.raises(ExportError, match="does not replay"):
        game_to_tenhou6(tampered)
    # A preset of another family (the Taiwanese one, once it exists) is refused by family.
    from rules_engine import preset as presets
    fake = presets.Preset(name="tw-test", version=1, family="taiwanese")
    monkeypatch.setitem(presets.PRESET_VERSIONS, ("tw-test", 1), fake)
    with pytest.raises(ExportError, match="only Riichi logs"):
        game_to_tenhou6({**good, "preset": "tw-test"})


def test_export_command_writes_tenhou6_and_mjai_and_exits_2_on_bad_input(tmp_path, capsys):
    path = tmp_path / "log.json"
    path.write_text(json.dumps(showcase().log))
    assert main([str(path), "--format", "tenhou6", "--names", "A,B,C,D"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["name"] == ["A", "B", "C", "D"] and len(doc["log"]) == 1
    assert main([str(path), "--format", "mjai"]) == 0
    lines = [json.loads(x) for x in capsys.readouterr().out.splitlines()]
    assert lines[0]["type"] == "start_game" and lines[-1] == {"type": "end_kyoku"}
    bad = tmp_path / "bad.json"
    bad.write_text('{"preset": "riichi", "version": 1, "entries": [{"type": "hand", "seed": "x"}]}')
    assert main([str(bad), "--format", "tenhou6"]) == 2
    assert "does not replay" in capsys.readouterr().err
    assert main([str(tmp_path / "missing.json"), "--format", "mjai"]) == 2
    assert "cannot read" in capsys.readouterr().err


def test_python_m_rules_engine_export_reads_stdin_and_simulate_logs(tmp_path):
    sim = tmp_path / "sim.jsonl"
    subprocess.run([sys.executable, "-m", "rules_engine.simulate", "--games", "1", "--seed", "3",
                    "--log", str(sim), "--no-checks"], check=True, capture_output=True)
    out = subprocess.run([sys.executable, "-m", "rules_engine.export", "-", "--format", "tenhou6"],
                         input=sim.read_text(), capture_output=True, text=True)
    assert out.returncode == 0 and json.loads(out.stdout)["log"]
    bad = subprocess.run([sys.executable, "-m", "rules_engine.export", "-", "--format", "mjai"],
                         input="not json", capture_output=True, text=True)
    assert bad.returncode == 2 and bad.stderr.startswith("error:") and not bad.stdout
