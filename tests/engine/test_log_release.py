"""``Game.release_log``: a holder that stored the log elsewhere (the server's database) keeps
only its count (DESIGN §3 "Cost": a cached engine is the game's state, not a second copy of
its log). Play, views, look-ahead and catching up are unchanged; reading the released log
is refused, never answered with holes. The engine's shared action caches stay bounded too."""
import pytest

from rules_engine.ai import simple_player
from rules_engine.game import Game
from rules_engine.preset import get_preset
from rules_engine.taiwanese import simple_player as tw_player


def _play(game: Game, actions: int) -> None:
    decide = tw_player.decide if game.preset.family == "taiwanese" else simple_player.decide
    for _ in range(actions):
        if game.phase not in ("turn", "claim"):
            return
        seat = game.pending_seats()[0]
        game.apply(decide(game.view(seat)))


@pytest.mark.parametrize("preset", ["riichi", "taiwanese"])
def test_design_3_a_released_log_plays_on_exactly_as_the_whole_one(preset):
    whole = Game.new(get_preset(preset), 11)
    _play(whole, 20)
    released = Game.from_log(whole.log)
    n = released.log_length
    released.release_log(n)
    assert released.log_length == n == whole.log_length
    with pytest.raises(ValueError, match="released"):
        released.log
    with pytest.raises(ValueError):
        released.log_entries_from(n - 1)                 # before the release point
    assert released.log_entries_from(n) == []
    look = released.clone()                              # look-ahead copies work
    _play(look, 5)
    _play(whole, 30)
    released.extend_log(whole.log["entries"][n:], verify=True)   # catching up works
    assert released.log_length == whole.log_length
    assert released.log_entries_from(n) == whole.log["entries"][n:]
    for seat in (None, 0, 1, 2, 3):
        assert released.view(seat) == whole.view(seat)
    _play(whole, 10)
    _play(released, 10)                                  # the same choices: the same game
    assert released.view(None) == whole.view(None) and released.seq == whole.seq


def test_design_3_release_log_refuses_a_count_out_of_range():
    game = Game.new(get_preset("riichi"), 5)
    for bad in (-1, game.log_length + 1):
        with pytest.raises(ValueError):
            game.release_log(bad)
    assert game.log["entries"]                           # nothing was released
    game.release_log(0)
    assert game.log["entries"]                           # releasing nothing keeps the log readable


def test_issue_8_call_action_cache_is_bounded_and_its_values_stay_equal():
    """The shared cache of chi/pon/daiminkan options (``call_action``) never holds more than
    ``CALL_CACHE_MAX`` entries (unbounded it crept towards some 23,000 over thousands of games,
    the server's resident memory with it); an action made again after the cache was emptied
    equals the first one."""
    from rules_engine.core import actions

    first = actions.call_action("pon", 1, 8, (9, 10))
    for i in range(actions.CALL_CACHE_MAX + 50):
        actions.call_action("chi", i % 4, 1000 + i, (i, i + 1))       # synthetic keys: only the bound matters
        assert len(actions._CALL_CACHE) <= actions.CALL_CACHE_MAX
    again = actions.call_action("pon", 1, 8, (9, 10))
    assert again == first and again.to_json() == first.to_json()
    actions._CALL_CACHE.clear()
