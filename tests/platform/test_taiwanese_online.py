"""The online-play summary of taiwanese.md §5.2 (T-ONLINE-1..-4) against the site's own pieces:
table creation (games.service, games.public_tables) and the timeout defaults
(games.clocks.timeout_action) on real Taiwanese seat views of scripted walls."""
from __future__ import annotations

import pytest

from games import clocks, service
from games.public_tables import create_public_table
from games.tables import TableRejected
from rules_engine.game import Game
from rules_engine.preset import get_preset
from rules_engine.taiwanese.scenario import act, build_wall, quiet_until

SINGLE = get_preset("taiwanese-single-deal")
JUNK_E = "SSS WWW NNN PPP FFF C"


def _new(hands, live=""):
    return Game.new(SINGLE, 1, wall=build_wall(hands, live))


def _default(game, seat):
    return clocks.timeout_action(game.legal_actions(seat), game.view(seat))


@pytest.mark.django_db
def test_t_online_1_and_t_online_2_public_and_private_tables_play_the_same_rules(make_user):
    """T-ONLINE-1 (P-PRESET-6): a public and a private Taiwanese table play the same preset;
    T-ONLINE-2 (P-CLOCK-1): the public one must have a clock, the private one may be untimed."""
    host, friend = make_user("twpub", confirmed=True), make_user("twfriend")
    with pytest.raises(TableRejected) as refused:
        create_public_table(host, family="taiwanese", clock="untimed")
    assert refused.value.code == "untimed"
    public = create_public_table(host, family="taiwanese", clock="blitz")
    private = service.create_private_table(friend, [None, None, None], preset_name="taiwanese",
                                           clock=clocks.UNTIMED)
    assert public.preset_name == private.preset_name == "taiwanese"
    assert private.preset_snapshot == get_preset("taiwanese").snapshot()


def test_t_online_3_and_t_online_4_automatic_steps_and_timeout_defaults():
    """T-ONLINE-3: flowers are exposed without a decision (South's dealt f1 is in its flowers
    before anybody acts) and a locked player's non-winning drawn tile is discarded with no
    decision; T-ONLINE-4 (P-TIMEOUT-1/-2/-4): a timed-out Original Call offer and chow are
    passed, a win on a discard is claimed, a turn discards the drawn tile."""
    game = _new({0: JUNK_E + " 4m", 1: "123m 456m 789m 345p 678s 2s", 3: "f1"})
    assert game.phase == "claim" and game._claim["kind"] == "original_call"
    assert game.view(3)["players"][3]["flowers"]                       # exposed automatically
    assert _default(game, 1).type == "pass"                            # Original Call: passed
    act(game, 1, "riichi", "-")                                        # ... or declared by the player
    quiet_until(game, lambda g: g.phase == "turn")
    assert _default(game, 0).tile == game.view(0)["drawn_tile"]        # the dealer's 17th tile
    act(game, 0, "discard", "4m")
    assert "chi" not in {a.type for a in game.legal_actions(1)}        # locked (T-CALL-5)
    while game.phase == "claim" and game._last_discard[0] == 0:
        act(game, game.pending_seats()[0], "pass")
    assert game._last_discard[0] == 1                                   # South's turn went by itself
    assert any(e["type"] == "discard" and e["seat"] == 1 and e.get("auto")
               for entry in game.log["entries"] for e in entry.get("events", ()))

    chow = _new({0: JUNK_E + " 5p", 1: "46p"})
    quiet_until(chow, lambda g: g.phase == "turn")
    act(chow, 0, "discard", "5p")
    assert "chi" in {a.type for a in chow.legal_actions(1)} and _default(chow, 1).type == "pass"

    ron = _new({0: JUNK_E + " 5p", 1: "123m 456m 789m 123s 46p 99s"})
    quiet_until(ron, lambda g: g.phase == "turn")
    act(ron, 0, "discard", "5p")
    assert _default(ron, 1).type == "ron"
