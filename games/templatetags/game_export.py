"""``{% load game_export %}``: whether a game's log can be exported (tenhou6/mjai, Riichi only)."""
from django import template

from games.export_api import exportable as _exportable

register = template.Library()


@register.filter
def exportable(game) -> bool:
    """``{% if game|exportable %}``: a Riichi preset (issue 13; review rights are the page's own)."""
    return _exportable(game)
