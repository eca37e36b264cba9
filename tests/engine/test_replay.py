"""Replays: seeds plus ordered actions reproduce the game exactly (DESIGN §2, P-SYS-4)."""
import json

import pytest

from rules_engine.cli import replay
from rules_engine.core.actions import Action
from rules_engine.game import Game
from rules_engine.cli.simulate import play_game, write_log


def test_from_log_reproduces_every_event_and_the_result():
    game = play_game("riichi", 11, 0)
    log = json.loads(json.dumps(game.log))  # through JSON, as stored
    again = Game.from_log(log, verify=True)
    assert again.scores == game.scores and again.game_result == game.game_result
    assert again.view(None) == game.view(None)
    assert [e["events"] for e in again.log["entries"]] == [e["events"] for e in log["entries"]]


def test_from_log_detects_a_tampered_event():
    game = play_game("riichi-single-deal", 12, 0)
    log = json.loads(json.dumps(game.log))
    log["entries"][0]["events"][0]["honba"] = 5
    with pytest.raises(ValueError, match="entry 0"):
        Game.from_log(log, verify=True)


def test_log_records_scripted_walls():
    from rules_engine.riichi.scenario import scenario
    g = scenario(hands=["123m456p789s111z2z"], draws="2z")
    g.apply(next(a for a in g.legal_actions(0) if a.type == "tsumo"))
    again = Game.from_log(json.loads(json.dumps(g.log)), verify=True)
    assert again.hand_result == g.hand_result


def test_replay_cli_verifies_a_log_file(tmp_path, capsys):
    path = tmp_path / "games.jsonl"
    with path.open("w") as fh:
        for i in range(2):
            write_log(play_game("riichi", 13, i), fh)
    assert replay.main([str(path)]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] is True and out["games"] == 2


def test_replay_cli_fails_on_a_changed_final_score(tmp_path, capsys):
    path = tmp_path / "game.jsonl"
    with path.open("w") as fh:
        write_log(play_game("riichi", 14, 0), fh)
    lines = path.read_text().splitlines()
    end = json.loads(lines[-1])
    end["scores"][0] += 100
    lines[-1] = json.dumps(end)
    path.write_text("\n".join(lines) + "\n")
    assert replay.main([str(path)]) == 1
    assert json.loads(capsys.readouterr().out)["failed"] == 1


def test_replay_cli_reports_malformed_input(tmp_path, capsys):
    path = tmp_path / "bad.jsonl"
    path.write_text('{"type": "action"}\n')
    assert replay.main([str(path)]) == 1
    assert json.loads(capsys.readouterr().out)["ok"] is False


def test_action_json_round_trip_and_malformed_input():
    a = Action("chi", 1, 8, (4, 12))
    assert Action.from_json(json.loads(json.dumps(a.to_json()))) == a
    for bad in ({"type": "fly", "seat": 0}, {"type": "discard", "seat": 4}, {"type": "discard", "seat": 0, "tile": 136},
                {"type": "pon", "seat": 0, "tile": 1, "tiles": [2, 2]}, ["discard"], {"type": "discard", "seat": True}):
        with pytest.raises(ValueError):
            Action.from_json(bad)


def test_replay_cli_takes_one_stored_game_as_a_json_document(tmp_path, capsys):
    """A log as the platform's API serves it (``{"game": ..., "log": Game.log}``) replays too."""
    import json

    from rules_engine.ai import simple_player
    from rules_engine.cli import replay
    from rules_engine.game import Game
    from rules_engine.preset import get_preset

    game = Game.new(get_preset("riichi-single-deal"), 77)
    while game.phase in ("turn", "claim"):
        game.apply(simple_player.decide(game.view(game.pending_seats()[0])))
    path = tmp_path / "api.json"
    path.write_text(json.dumps({"game": {"id": 1}, "log": game.log}, indent=2))
    assert replay.main([str(path)]) == 0
    assert json.loads(capsys.readouterr().out)["ok"] is True
    tampered = json.loads(path.read_text())
    action = next(e for e in tampered["log"]["entries"] if e["type"] == "action")
    action["events"] = [{"type": "made_up"}]
    path.write_text(json.dumps(tampered))
    assert replay.main([str(path)]) == 1
    assert json.loads(capsys.readouterr().out)["ok"] is False
