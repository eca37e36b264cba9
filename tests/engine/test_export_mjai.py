"""mjai export (issue 13 item 1; rules_engine.formats.mjai): the hand-checked event stream of a scripted
hand, kakan/daiminkan/double ron/draw events, the incremental converter, and what one seat may know
(``seat_stream``: the bot protocol's masking, P-FAIR-6 spirit: hidden tiles never leave the server)."""
from __future__ import annotations

import copy

import pytest
from export_scenarios import kakan_robbed, showcase

from rules_engine.cli.simulate import play_game
from rules_engine.formats import validate
from rules_engine.formats.common import ExportError
from rules_engine.formats.mjai import (MjaiConverter, game_events, mask_event, seat_stream, tile_from_mjai,
                                       tile_to_mjai)
from rules_engine.game import Game
from rules_engine.preset import get_preset

SHOWCASE_EVENTS = [
    {"type": "start_game", "names": ["Seat 1", "Seat 2", "Seat 3", "Seat 4"], "kyoku_first": 0, "aka_flag": True},
    {"type": "start_kyoku", "bakaze": "E", "kyoku": 1, "honba": 0, "kyotaku": 0, "oya": 0, "dora_marker": "8p",
     "scores": [25000, 25000, 25000, 25000],
     "tehais": [["1m", "3m", "8m", "1p", "8p", "9p", "2s", "9s", "E", "W", "N", "P", "F"],
                ["4m", "5mr", "9m", "1p", "2p", "7p", "7s", "9s", "S", "W", "N", "C", "C"],
                ["2m", "3m", "4m", "9m", "4p", "5pr", "6p", "3s", "4s", "5s", "6s", "7s", "8s"],
                ["2m", "5m", "8m", "3p", "6p", "9p", "1s", "1s", "1s", "P", "P", "F", "F"]]},
    {"type": "tsumo", "actor": 0, "pai": "9m"},
    {"type": "dahai", "actor": 0, "pai": "3m", "tsumogiri": False},
    {"type": "chi", "actor": 1, "target": 0, "pai": "3m", "consumed": ["4m", "5mr"]},
    {"type": "dahai", "actor": 1, "pai": "9s", "tsumogiri": False},
    {"type": "tsumo", "actor": 2, "pai": "S"},
    {"type": "reach", "actor": 2},
    {"type": "dahai", "actor": 2, "pai": "S", "tsumogiri": True},
    {"type": "reach_accepted", "actor": 2},
    {"type": "tsumo", "actor": 3, "pai": "1s"},
    {"type": "ankan", "actor": 3, "consumed": ["1s", "1s", "1s", "1s"]},
    {"type": "dora", "dora_marker": "2m"},                  # R-DORA-3: an ankan's indicator at once
    {"type": "tsumo", "actor": 3, "pai": "8s"},             # the replacement draw
    {"type": "dahai", "actor": 3, "pai": "8s", "tsumogiri": True},
    {"type": "tsumo", "actor": 0, "pai": "C"},
    {"type": "dahai", "actor": 0, "pai": "C", "tsumogiri": True},
    {"type": "pon", "actor": 1, "target": 0, "pai": "C", "consumed": ["C", "C"]},
    {"type": "dahai", "actor": 1, "pai": "9m", "tsumogiri": False},
    {"type": "hora", "actor": 2, "target": 1, "pai": "9m", "deltas": [0, -8000, 9000, 0], "ura_markers": ["3p", "7m"]},
    {"type": "end_kyoku"},
]


def test_showcase_hand_exact_event_stream():
    assert game_events(showcase().log) == SHOWCASE_EVENTS


def test_tile_names_round_trip_r_tile_2():
    red = frozenset({16, 52, 88})
    for tile in range(136):
        kind, is_red = tile_from_mjai(tile_to_mjai(tile))
        assert kind == tile >> 2 and is_red == (tile in red)
    assert [tile_to_mjai(4 * k) for k in range(27, 34)] == ["E", "S", "W", "N", "P", "F", "C"]
    assert tile_to_mjai(16, frozenset()) == "5m"
    for bad in ("?", "0m", "5z", "4mr", "", None, "10m"):
        with pytest.raises(ValueError):
            tile_from_mjai(bad)


def test_kakan_names_the_pons_tiles_and_chankan_hora():
    events = game_events(kakan_robbed().log)
    kakan = next(e for e in events if e["type"] == "kakan")
    assert kakan == {"type": "kakan", "actor": 1, "pai": "3s", "consumed": ["3s", "3s", "3s"]}
    hora = next(e for e in events if e["type"] == "hora")
    assert hora["actor"] == 2 and hora["target"] == 1 and hora["pai"] == "3s"
    assert [e["type"] for e in events[-3:]] == ["kakan", "hora", "end_kyoku"]  # robbed: no rinshan


def test_double_ron_two_hora_and_draws_as_ryukyoku():
    game = validate.SCRIPTED["double_ron"]()
    horas = [e for e in game_events(game.log) if e["type"] == "hora"]
    assert [(h["actor"], h["target"]) for h in horas] == [(3, 2), (1, 2)]
    assert [h["deltas"] for h in horas] == [w["payments"] for w in game.hand_result["wins"]]
    assert horas[1]["ura_markers"] == ["F"] and horas[0]["ura_markers"] == []   # 6z; only the riichi winner
    for name in ("kyuushu", "suucha_riichi", "nagashi"):
        g = validate.SCRIPTED[name]()
        ev = game_events(g.log)
        assert ev[-2] == {"type": "ryukyoku", "deltas": g.hand_result["deltas"]} and ev[-1]["type"] == "end_kyoku"


def test_a_whole_game_ends_with_end_game_and_the_converter_is_incremental():
    game = play_game("riichi", 11, 0)
    events = game_events(game.log, names=["a", "b", "c", "d"])
    assert events[-1] == {"type": "end_game", "scores": game.game_result["final_scores"]}
    assert sum(e["type"] == "start_kyoku" for e in events) == game.hands_played
    conv = MjaiConverter(get_preset("riichi"), ["a", "b", "c", "d"])
    streamed = conv.start()
    replay = Game.from_log({**game.log, "entries": game.log["entries"][:1]})
    streamed += conv.feed(replay.log["entries"][0]["events"])
    for entry in game.log["entries"][1:]:
        if entry["type"] == "hand":
            streamed += conv.feed(replay.next_hand(entry["seed"]))
        else:
            from rules_engine.core.actions import Action
            streamed += conv.feed(replay.apply(Action.from_json(entry["action"])))
    assert streamed == events


def test_partial_includes_the_hand_in_progress():
    from rules_engine.riichi.scenario import scenario
    g = scenario(hands=["19m19p1s1234z234m5p"], draws="6p")
    assert game_events(g.log) == game_events(g.log, partial=False)
    assert [e["type"] for e in game_events(g.log)] == ["start_game"]
    assert [e["type"] for e in game_events(g.log, partial=True)] == ["start_game", "start_kyoku", "tsumo"]


def test_seat_stream_masks_other_seats_deals_and_draws_only():
    events = SHOWCASE_EVENTS
    before = copy.deepcopy(events)
    for seat in range(4):
        seen = seat_stream(events, seat)
        assert seen[0] == {**events[0], "id": seat}
        tehais = seen[1]["tehais"]
        assert tehais[seat] == events[1]["tehais"][seat]
        assert all(tehais[o] == ["?"] * 13 for o in range(4) if o != seat)
        for ev, orig in zip(seen[2:], events[2:]):
            if orig["type"] == "tsumo" and orig["actor"] != seat:
                assert ev == {**orig, "pai": "?"}
            else:
                assert ev == orig                  # discards, calls, dora, hora: public
    assert events == before                       # never mutated
    assert mask_event({"type": "tsumo", "actor": 1, "pai": "1m"}, 1)["pai"] == "1m"
    with pytest.raises(ValueError):
        seat_stream(events, 4)


def test_seat_stream_hides_every_concealed_tile_of_the_others():
    """Over a whole game, the tiles another seat could not have seen never appear in a seat's stream
    before they are discarded or called (deal and draws masked)."""
    events = game_events(play_game("riichi", 2, 0).log)
    for seat in range(4):
        for ev in seat_stream(events, seat):
            if ev["type"] == "tsumo" and ev["actor"] != seat:
                assert ev["pai"] == "?"
            if ev["type"] == "start_kyoku":
                assert sum(t != "?" for h in ev["tehais"] for t in h) == 13


def test_bad_logs_are_refused():
    with pytest.raises(ExportError):
        game_events({"preset": "riichi", "version": 99, "entries": []})
    with pytest.raises(ExportError, match="no hand"):
        game_events({"preset": "riichi", "version": 1, "entries": []})
    with pytest.raises(ExportError):
        MjaiConverter(get_preset("riichi"), names=["only one"])
