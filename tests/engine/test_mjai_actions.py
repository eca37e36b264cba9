"""mjai bot replies -> our actions (issue 13 item 3, DESIGN §8; rules_engine.formats.mjai_actions).

The round trip runs over simulated games: every legal action of every decision is written as
the mjai reply a bot would send and read back, and must name the same action (the same tile
kind, red or not, and the drawn copy exactly when ``tsumogiri``)."""
import random

import pytest

from rules_engine.ai import simple_player
from rules_engine.core.actions import Action
from rules_engine.formats.mjai_actions import (
    REACH_DECLARED, MjaiReplyError, mjai_tile, parse_mjai_tile, replies_of, translate)
from rules_engine.game import Game
from rules_engine.preset import get_preset


def _same(a: Action, b: Action, drawn) -> bool:
    def kinds(tiles):
        return sorted((t // 4, t in (16, 52, 88)) for t in tiles)
    if a.type != b.type or kinds(a.tiles) != kinds(b.tiles):
        return False
    if a.tile is None or b.tile is None:
        return a.tile == b.tile
    return kinds([a.tile]) == kinds([b.tile]) and (a.tile == drawn) == (b.tile == drawn)


def _decisions(seeds):
    """(game, seat, legal, drawn) at every decision of random games of ``seeds``."""
    for seed in seeds:
        rng = random.Random(seed)
        game = Game.new(get_preset("riichi"), seed)
        while game.phase != "game_over":
            if game.phase == "hand_over":
                game.next_hand(rng.getrandbits(64))
                continue
            for seat in game.pending_seats():
                legal = game.legal_actions(seat)
                yield game, seat, legal, game.view(seat).get("drawn_tile")
            seat = game.pending_seats()[0]
            legal = game.legal_actions(seat)
            calls = [a for a in legal if a.type in ("chi", "pon", "daiminkan")]
            game.apply(rng.choice(calls) if calls and rng.random() < 0.3
                       else simple_player.decide(game.view(seat)))


def test_every_legal_action_round_trips_through_its_mjai_reply():
    seen = set()
    count = 0
    for _game, seat, legal, drawn in _decisions(range(6)):
        for action in legal:
            replies = replies_of(action, drawn_tile=drawn)
            if action.type == "riichi":
                assert translate(replies[0], seat, legal, drawn_tile=drawn) is REACH_DECLARED
                got = translate(replies[1], seat, legal, drawn_tile=drawn, reach_pending=True)
            else:
                (reply,) = replies
                got = translate(reply, seat, legal, drawn_tile=drawn)
            assert got in legal and _same(got, action, drawn), (action, replies, got)
            seen.add(action.type)
            count += 1
    assert count > 1000
    assert {"discard", "riichi", "pon", "chi", "pass", "tsumo"} <= seen


def test_tiles_names_and_red_fives():
    assert mjai_tile(16) == "5mr" and mjai_tile(17) == "5m" and mjai_tile(52) == "5pr"
    assert mjai_tile(88) == "5sr" and mjai_tile(108) == "E" and mjai_tile(124) == "P"
    assert mjai_tile(128) == "F" and mjai_tile(135) == "C" and mjai_tile(0) == "1m"
    assert parse_mjai_tile("5sr") == (22, True) and parse_mjai_tile("N") == (30, False)
    for bad in ("?", "0m", "5m ", "", None, 5, "10p"):
        with pytest.raises(MjaiReplyError) as e:
            parse_mjai_tile(bad)
        assert e.value.code == "malformed"
    with pytest.raises(ValueError):
        mjai_tile(136)


def test_dahai_picks_the_drawn_copy_only_with_tsumogiri():
    # two 1m copies (ids 0, 1); the drawn tile is id 1
    legal = [Action("discard", 2, 0), Action("discard", 2, 1), Action("discard", 2, 40)]
    assert translate({"type": "dahai", "actor": 2, "pai": "1m", "tsumogiri": True}, 2, legal,
                     drawn_tile=1) == Action("discard", 2, 1)
    assert translate({"type": "dahai", "actor": 2, "pai": "1m", "tsumogiri": False}, 2, legal,
                     drawn_tile=1) == Action("discard", 2, 0)
    with pytest.raises(MjaiReplyError) as e:       # 2p (id 40) was not drawn
        translate({"type": "dahai", "pai": "2p", "tsumogiri": True}, 2, legal, drawn_tile=1)
    assert e.value.code == "illegal"


def test_red_five_is_told_apart():
    legal = [Action("discard", 0, 16), Action("discard", 0, 17)]
    assert translate({"type": "dahai", "pai": "5mr"}, 0, legal).tile == 16
    assert translate({"type": "dahai", "pai": "5m"}, 0, legal).tile == 17
    pon = [Action("pon", 1, 18, (16, 17)), Action("pon", 1, 18, (17, 19)), Action("pass", 1)]
    reply = {"type": "pon", "actor": 1, "target": 0, "pai": "5m", "consumed": ["5mr", "5m"]}
    assert translate(reply, 1, pon) == pon[0]
    assert translate({**reply, "consumed": ["5m", "5m"]}, 1, pon) == pon[1]


@pytest.mark.parametrize("reply, code", [
    ([], "malformed"),
    ("dahai", "malformed"),
    ({"type": "dance"}, "unknown_action"),
    ({}, "unknown_action"),
    ({"type": "dahai", "actor": 3, "pai": "1m"}, "not_your_seat"),
    ({"type": "dahai", "actor": True, "pai": "1m"}, "not_your_seat"),
    ({"type": "dahai", "pai": "1m", "tsumogiri": "yes"}, "malformed"),
    ({"type": "dahai"}, "malformed"),
    ({"type": "dahai", "pai": "9s"}, "illegal"),
    ({"type": "none"}, "illegal"),                 # a turn cannot be passed
    ({"type": "reach"}, "illegal"),
    ({"type": "hora"}, "illegal"),
    ({"type": "ryukyoku"}, "illegal"),
    ({"type": "pon", "pai": "1m", "consumed": ["1m"]}, "malformed"),
    ({"type": "ankan", "consumed": "1m1m1m1m"}, "malformed"),
    ({"type": "hora", "target": 9}, "malformed"),
])
def test_bad_replies_raise_clear_errors(reply, code):
    legal = [Action("discard", 0, 0), Action("discard", 0, 1)]
    with pytest.raises(MjaiReplyError) as e:
        translate(reply, 0, legal, drawn_tile=1)
    assert e.value.code == code and e.value.message


def test_reach_then_dahai_becomes_one_riichi_action():
    legal = [Action("discard", 0, 0), Action("riichi", 0, 0), Action("discard", 0, 40)]
    assert translate({"type": "reach", "actor": 0}, 0, legal) is REACH_DECLARED
    assert translate({"type": "dahai", "pai": "1m"}, 0, legal, reach_pending=True) == legal[1]
    with pytest.raises(MjaiReplyError) as e:       # 2p does not keep tenpai: no riichi with it
        translate({"type": "dahai", "pai": "2p"}, 0, legal, reach_pending=True)
    assert e.value.code == "illegal"
    with pytest.raises(MjaiReplyError):            # anything but the discard after reach
        translate({"type": "none"}, 0, legal, reach_pending=True)


def test_no_pending_decision_is_illegal():
    with pytest.raises(MjaiReplyError) as e:
        translate({"type": "none"}, 0, [])
    assert e.value.code == "illegal"


def test_hora_tsumo_and_ron_follow_target():
    legal = [Action("tsumo", 1, 40), Action("discard", 1, 40)]
    assert translate({"type": "hora", "actor": 1, "target": 1, "pai": "2p"}, 1, legal) == legal[0]
    with pytest.raises(MjaiReplyError):
        translate({"type": "hora", "actor": 1, "target": 0}, 1, legal)
    ron = [Action("ron", 2, 41), Action("pass", 2)]
    assert translate({"type": "hora", "actor": 2, "target": 1, "pai": "2p"}, 2, ron) == ron[0]
    assert translate({"type": "none"}, 2, ron) == ron[1]
    assert replies_of(ron[0], claimed_from=1) == [{"type": "hora", "actor": 2, "target": 1, "pai": "2p"}]


def test_kans_and_kyuushu():
    legal = [Action("ankan", 0, None, (108, 109, 110, 111)), Action("shouminkan", 0, 40),
             Action("kyuushu", 0), Action("discard", 0, 40)]
    assert translate({"type": "ankan", "consumed": ["E", "E", "E", "E"]}, 0, legal) == legal[0]
    assert translate({"type": "kakan", "pai": "2p", "consumed": ["2p", "2p", "2p"]}, 0, legal) == legal[1]
    assert translate({"type": "ryukyoku", "actor": 0}, 0, legal) == legal[2]
    with pytest.raises(MjaiReplyError):
        translate({"type": "ankan", "consumed": ["S", "S", "S", "S"]}, 0, legal)


def test_without_red_fives_every_five_is_plain():
    legal = [Action("discard", 0, 16), Action("discard", 0, 17)]
    got = translate({"type": "dahai", "pai": "5m"}, 0, legal, red_fives=frozenset())
    assert got in legal
    with pytest.raises(MjaiReplyError):
        translate({"type": "dahai", "pai": "5mr"}, 0, legal, red_fives=frozenset())
    assert replies_of(legal[0], red_fives=frozenset())[0]["pai"] == "5m"


def test_tile_names_agree_with_the_export():
    from rules_engine.formats.mjai import tile_to_mjai
    assert [mjai_tile(t) for t in range(136)] == [tile_to_mjai(t) for t in range(136)]
