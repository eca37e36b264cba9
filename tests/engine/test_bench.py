"""The benchmark CLI's output contract (rules_engine.cli.bench). Nothing here is timed."""
from __future__ import annotations

import json

import pytest

from rules_engine.cli import bench

SCORE_KEYS = {"score_per_s", "score_per_s_mahjong", "score_ratio"}


def test_default_sections_end_with_one_json_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--n", "200", "--n-score", "20", "--repeat", "1"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    result = json.loads(lines[-1])
    assert set(result) == {"shanten_per_s", "shanten_per_s_mahjong", "shanten_ratio"} | SCORE_KEYS
    assert result["shanten_per_s"] > 0 and result["shanten_per_s_mahjong"] > 0
    assert result["shanten_ratio"] == pytest.approx(
        result["shanten_per_s"] / result["shanten_per_s_mahjong"], rel=0.01)
    assert "all 200 results identical" in lines[0]
    for key in SCORE_KEYS:  # null only together with a "not available" line
        assert (result[key] is None) == any("not available" in line for line in lines)


def test_flow_ends_with_hands_per_s(capsys: pytest.CaptureFixture[str]) -> None:
    assert bench.main(["--flow", "--hands", "1", "--warmup", "1"]) == 0
    result = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert set(result) == {"hands_per_s", "hands_per_s_wall"}
    assert result["hands_per_s"] > 0 and result["hands_per_s_wall"] > 0


def test_random_hands_are_seeded_and_sized() -> None:
    hands = bench.random_hands(5, 50)
    assert hands == bench.random_hands(5, 50)
    assert hands != bench.random_hands(6, 50)
    assert [sum(h) for h in hands[:4]] == [13, 14, 13, 14]
    assert all(max(h) <= 4 for h in hands)


def test_bad_arguments_exit_with_usage_error() -> None:
    with pytest.raises(SystemExit) as exc:
        bench.main(["--n", "0"])
    assert exc.value.code == 2


def test_paired_rates_gives_each_engine_every_input_once_per_run() -> None:
    seen_ours: list[int] = []
    seen_theirs: list[str] = []
    ours, theirs = bench.paired_rates(seen_ours.extend, list(range(10)), seen_theirs.extend,
                                      [str(i) for i in range(10)], repeat=2, chunk=4)
    assert sorted(seen_ours) == sorted(list(range(10)) * 2)
    assert sorted(seen_theirs) == sorted([str(i) for i in range(10)] * 2)
    assert ours > 0 and theirs > 0
    with pytest.raises(ValueError, match="same inputs"):
        bench.paired_rates(len, [1], len, [], repeat=1, chunk=1)


def test_flow_takes_a_taiwanese_preset(capsys: pytest.CaptureFixture[str]) -> None:
    """``--flow --preset taiwanese`` plays Taiwanese matches and ends with the same JSON line."""
    assert bench.main(["--flow", "--preset", "taiwanese-single-deal", "--hands", "3", "--warmup", "1"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    assert "taiwanese-single-deal" in out[0] and json.loads(out[-1])["hands_per_s"] > 0


def test_taiwanese_score_section_ends_with_its_json_line(capsys: pytest.CaptureFixture[str]) -> None:
    """``--preset taiwanese``: Taiwanese tai scoring rates (issue 12 item 9); nothing timed here."""
    assert bench.main(["--preset", "taiwanese", "--n-score", "50", "--repeat", "1"]) == 0
    lines = capsys.readouterr().out.strip().splitlines()
    result = json.loads(lines[-1])
    assert set(result) == {"tw_score_per_s", "tw_score_per_s_cold", "tw_payments_per_s"}
    assert all(v > 0 for v in result.values())
    assert lines[0].startswith("taiwanese score: 50 random legal wins")


def test_random_tai_wins_are_seeded_and_legal() -> None:
    from rules_engine.taiwanese.random_hands import random_tai_wins
    from rules_engine.taiwanese.scoring import score_win

    wins = random_tai_wins(3, 200)
    assert wins == random_tai_wins(3, 200) and wins != random_tai_wins(4, 200)
    assert all(score_win(w).tai >= 3 for w in wins)
