"""Review page moves as tile names/images, translated display names of engine ids
(strengths P-BOT-2, actions, hand labels, families) in English and Spanish (P-REPLAY-3)."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

from games import display, service
from games.models import Game
from rules_engine.core.actions import ACTION_TYPES
from rules_engine.ai import STRENGTHS

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("tile, name, english, spanish", [
    pytest.param(52, "0p", "5 of circles (red)", "5 de círculos (rojo)", id="red five of pins"),
    pytest.param(0, "1m", "1 of characters", "1 de caracteres", id="first tile"),
    pytest.param(97, "7s", "7 of bamboo", "7 de bambúes", id="bamboo"),
    pytest.param(135, "7z", "Red dragon", "Dragón rojo", id="last honour"),
    pytest.param(108, "1z", "East wind", "Viento Este", id="east wind"),
    pytest.param(136, "f1", "Flower 1", "Flor 1", id="first flower"),
    pytest.param(143, "s4", "Season 4", "Estación 4", id="last season"),
])
def test_tile_display_gives_image_name_and_translated_label(tile, name, english, spanish):
    with translation.override("en"):
        assert display.tile_display(tile) == {"id": tile, "name": name, "label": english}
    with translation.override("es"):
        assert display.tile_label(tile) == spanish


@pytest.mark.parametrize("bad", [-1, 144, "5", None, True])
def test_tile_label_refuses_a_bad_id(bad):
    with pytest.raises(ValueError, match="0..143"):
        display.tile_label(bad)


def test_every_engine_strength_and_action_has_a_spanish_name():
    with translation.override("es"):
        for strength, english in STRENGTHS.items():
            assert str(display.STRENGTH_NAMES[strength]) not in ("", english), strength
        for typ in ACTION_TYPES:
            assert str(display.ACTION_NAMES[typ]), typ
        assert str(display.ACTION_NAMES["discard"]) != "Discard"
        assert display.hand_label(5) != "South 2"
    with translation.override("en"):
        assert {k: str(v) for k, v in display.STRENGTH_NAMES.items()} == STRENGTHS
        assert display.hand_label(0) == "East 1" and display.hand_label(5) == "South 2"
    assert display.strength_name("unknown") == "unknown"        # a newer engine id still renders


def test_action_display_of_a_chi():
    with translation.override("en"):
        move = display.action_display({"type": "chi", "tile": 11, "tiles": [1, 5]})
    assert move["verb"] == "Chi" and move["tile"]["name"] == "3m"
    assert [t["name"] for t in move["tiles"]] == ["1m", "2m"]


def _finished_game(alice) -> Game:
    from platform_helpers import finish
    return finish(service.create_practice(alice, "riichi-single-deal"))


def test_p_replay_3_review_shows_tile_images_not_raw_ids(client, alice):
    game = _finished_game(alice)
    client.force_login(alice)
    page = client.get(reverse("review", args=[game.pk])).content.decode()
    assert not re.search(r"discard #\d", page)
    discards = [a for a in game.actions.order_by("index") if a.data.get("type") == "discard"]
    assert discards
    first = display.tile_display(discards[0].data["tile"])
    assert f'src="/static/tiles/{first["name"]}.svg" alt="{first["label"]}"' in page


def test_review_in_spanish_translates_hand_label_and_moves(client, alice):
    game = _finished_game(alice)
    client.force_login(alice)
    page = client.get(reverse("review", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert '<html lang="es">' in page
    with translation.override("es"):
        assert display.hand_label(0) in page and str(display.ACTION_NAMES["discard"]) in page
    assert "East 1" not in page and ">Discard<" not in page


def test_p_bot_2_computers_and_profile_show_translated_strength_and_family(client, alice):
    from accounts.computers import computer_username, ensure_computer_accounts
    ensure_computer_accounts()
    strength = next(iter(STRENGTHS))
    with translation.override("es"):
        name = str(display.STRENGTH_NAMES[strength])
    roster = client.get(reverse("computers"), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert name in roster and "Built-in computer player" not in roster
    client.force_login(alice)
    profile = client.get(reverse("profile", args=[computer_username(strength, 1)]),
                         HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert name in profile and "Taiwanés" in profile and "Taiwanese" not in profile
    practice = client.get(reverse("practice"), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert name in practice and STRENGTHS[strength] not in practice


def test_narrow_screen_tables_carry_translated_cell_labels(client, alice):
    """At 360 px the game list, ratings and roster stack each cell as "label: value"
    (static/css/site.css, ``.stack-table``); the labels come from ``data-label``."""
    service.create_practice(alice, "riichi-single-deal")
    client.force_login(alice)
    with translation.override("es"):
        players, family, operator = (translation.gettext(w) for w in ("Players", "Family", "Operator"))
    assert players != "Players"
    for url, label in ((reverse("my_games"), players), (reverse("lobby"), players),
                       (reverse("profile", args=[alice.username]), family),
                       (reverse("computers"), operator)):
        page = client.get(url, HTTP_ACCEPT_LANGUAGE="es").content.decode()
        assert "stack-table" in page and f'data-label="{label}"' in page, url
    css = (Path(__file__).resolve().parents[2] / "static" / "css" / "site.css").read_text()
    assert "td[data-label]::before" in css and "attr(data-label)" in css
