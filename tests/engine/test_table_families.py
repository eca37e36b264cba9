"""The one table and its families (DESIGN §2, P-PRESET-1): ``Game(preset)`` builds the table
class of the preset's family (``rules_engine.game.FAMILY_TABLES``)."""
from dataclasses import replace

import pytest

from rules_engine.game import FAMILY_TABLES, Game, table_class
from rules_engine.preset import get_preset
from rules_engine.riichi.table import RiichiGame


def test_p_preset_1_a_riichi_preset_is_played_by_the_riichi_table():
    """Every way of building a game gives the Riichi family's table for a Riichi preset,
    and that table is a ``Game`` (the shared state machine)."""
    for name in ("riichi", "riichi-single-deal"):
        preset = get_preset(name)
        game = Game.new(preset, 3)
        assert type(game) is RiichiGame and isinstance(game, Game)
        assert type(Game(preset)) is RiichiGame
        assert type(Game.from_log(game.log, verify=True)) is RiichiGame
        assert type(game.clone()) is RiichiGame
    assert table_class(get_preset("riichi")) is RiichiGame and FAMILY_TABLES["riichi"][1] == "RiichiGame"


def test_p_preset_1_a_family_without_a_table_is_refused():
    """A preset whose family has no table (yet) is refused with ``ValueError``; a family's
    table refuses a preset of another family; a non-preset is refused."""
    other = replace(get_preset("riichi"), name="x", family="no-such-family")
    with pytest.raises(ValueError, match="no table plays preset family"):
        Game.new(other, 1)
    with pytest.raises(ValueError, match="cannot play preset family"):
        RiichiGame(other)
    with pytest.raises(ValueError, match="must be a Preset"):
        Game("riichi")  # type: ignore[arg-type]
