"""``{% load live_games %}{% live_games_now as live %}``: the public Live games list for
``templates/games/_live_games.html`` (P-MATCH-7, P-SPECT-1/-2), as ``games.spectate.live_games``."""
from __future__ import annotations

from django import template

from games import spectate

register = template.Library()


@register.simple_tag
def live_games_now() -> dict:
    """``{"delay", "delay_minutes" (None under a minute), "delay_seconds", "games"}``: ranked
    games as of (now − delay); see ``games.spectate.live_games``."""
    data = spectate.live_games()
    minutes = round(data["delay"] / 60) if data["delay"] >= 60 else None
    return {**data, "delay_minutes": minutes, "delay_seconds": round(data["delay"])}
