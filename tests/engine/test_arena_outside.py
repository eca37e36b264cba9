"""Arena seats played by an outside program over mjai JSON lines (issue 13 item 4, P-BOT).

The outside programs here are tiny Python scripts written by the test (no mjai venv, no npm):
a tsumogiri/pass bot, a bot that answers nonsense, and a silent one.
"""
from __future__ import annotations

import json
import sys
import textwrap

import pytest

from rules_engine.cli import arena, arena_outside
from rules_engine.core.actions import Action

TSUMOGIRI_BOT = textwrap.dedent("""
    import json, sys
    seat, log = None, None
    for line in sys.stdin:
        events = json.loads(line)
        reply = {"type": "none"}
        for ev in events:
            if ev["type"] == "start_game":
                seat = ev["id"]
                if len(sys.argv) > 1:
                    log = open(f"{sys.argv[1]}.{seat}", "a")
        if log:
            log.write(line)
            log.flush()
        last = events[-1] if events else {}
        if last.get("type") == "tsumo" and last.get("actor") == seat:
            reply = {"type": "dahai", "actor": seat, "pai": last["pai"], "tsumogiri": True}
        print(json.dumps(reply), flush=True)
""")

NONSENSE_BOT = textwrap.dedent("""
    import sys
    for i, line in enumerate(sys.stdin):
        print("not json" if i % 2 else '{"type": "dahai", "pai": "9z"}', flush=True)
""")

SILENT_BOT = textwrap.dedent("""
    import sys
    for line in sys.stdin:
        pass
""")


def _cmd(tmp_path, name: str, source: str, *args: str) -> str:
    path = tmp_path / f"{name}.py"
    path.write_text(source)
    return " ".join([sys.executable, str(path), *args])


@pytest.fixture(autouse=True)
def _close_programs():
    yield
    arena_outside.close_all()


def test_p_bot_outside_tsumogiri_bot_plays_a_whole_game(tmp_path):
    cmd = _cmd(tmp_path, "tsumogiri", TSUMOGIRI_BOT, str(tmp_path / "seen"))
    seats = ["intermediate", arena.OUTSIDE, arena.OUTSIDE, arena.OUTSIDE]
    stats = arena.play_game("riichi", seats, seed=5, game_index=0, outside=cmd)
    assert sorted(st.placements[0] for st in stats) == [1, 2, 3, 4]
    for st in stats[1:]:
        assert st.illegal == 0 and st.errors == []
        assert st.decisions > 0 and len(st.times) == st.decisions
        assert st.wins == 0                      # it never says hora
    assert stats[0].illegal == 0 and stats[0].decisions > 0
    # What the program at seat 1 saw: start_game with its id, its own deal, the others hidden.
    lines = [json.loads(x) for x in (tmp_path / "seen.1").read_text().splitlines()]
    seat1 = [ev for batch in lines for ev in batch]
    assert [ev for ev in seat1 if ev["type"] == "start_game"][0]["id"] == 1
    kyoku = [ev for ev in seat1 if ev["type"] == "start_kyoku"]
    assert kyoku and all(len(ev["tehais"][1]) == 13 and "?" not in ev["tehais"][1] for ev in kyoku)
    assert all(ev["tehais"][i] == ["?"] * 13 for ev in kyoku for i in (0, 2, 3))
    draws = [ev for ev in seat1 if ev["type"] == "tsumo"]
    assert all((ev["pai"] == "?") == (ev["actor"] != 1) for ev in draws)
    assert seat1[-1]["type"] == "end_game"


def test_p_bot_outside_nonsense_replies_are_counted_and_replaced(tmp_path):
    cmd = _cmd(tmp_path, "nonsense", NONSENSE_BOT)
    seats = [arena.OUTSIDE, "beginner", "beginner", "beginner"]
    stats = arena.play_game("riichi", seats, seed=7, game_index=0, outside=cmd)
    bot = stats[0]
    assert bot.decisions > 0 and bot.illegal == bot.decisions
    assert any(e.startswith("malformed") for e in bot.errors)
    assert sorted(st.placements[0] for st in stats) == [1, 2, 3, 4]


def test_p_bot_outside_silent_program_gets_the_default_after_its_timeout(tmp_path):
    cmd = _cmd(tmp_path, "silent", SILENT_BOT)
    seats = ["beginner", "beginner", arena.OUTSIDE, "beginner"]
    stats = arena.play_game("riichi", seats, seed=9, game_index=0, outside=cmd, timeout=0.3)
    bot = stats[2]
    assert bot.illegal == bot.decisions > 0
    assert bot.errors[0].startswith("TimeoutError")
    assert any(e.startswith("program not answering") for e in bot.errors[1:])


def test_p_bot_outside_safe_default_prefers_win_then_pass_then_tsumogiri():
    ron = Action(type="ron", seat=1, tile=8)
    pas = Action(type="pass", seat=1)
    assert arena_outside.safe_default([pas, ron], None) == ron
    d1, d2 = Action(type="discard", seat=0, tile=5), Action(type="discard", seat=0, tile=90)
    assert arena_outside.safe_default([d1, d2], 5) == d1
    assert arena_outside.safe_default([d1, d2], None) == d2
    with pytest.raises(ValueError):
        arena_outside.safe_default([], None)


def test_p_bot_outside_cli_hero_rotation_reports_figures(tmp_path, capsys):
    cmd = _cmd(tmp_path, "tsumogiri", TSUMOGIRI_BOT)
    assert arena.main(["--outside", cmd, "--hero", "beginner", "--games", "4", "--east", "--seed", "3"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["seats"] == ["beginner", "outside", "outside", "outside"]
    hero, out = summary["computers"]["beginner"], summary["computers"]["outside"]
    assert hero["games"] == 4 and out["games"] == 12
    assert hero["decision_ms_median"] is not None and out["decision_ms_p99"] is not None
    assert summary["illegal_actions"] == 0 and summary["outside"] == cmd


def test_p_bot_outside_seat_without_command_is_refused():
    with pytest.raises(ValueError, match="outside"):
        arena.run("riichi", ["strong", "outside", "outside", "outside"], 4, 1)
