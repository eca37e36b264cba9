"""Rules pages (issue 11 item 7): one page per preset version in English and Spanish whose
facts come from the engine's ``Preset`` values (P-PRESET-1, P-PRESET-5), linked from every
rules label of a game (P-REPLAY-5, P-TABLE-4) and from the navigation; the terms page
linked from the sign-up checkbox (P-FAIR-1)."""
from __future__ import annotations

import dataclasses
import re

import pytest
from django.urls import reverse
from django.utils import translation

from games import preset_names, rules_facts, service
from rules_engine.preset import PRESET_VERSIONS, PRESETS, RIICHI_SINGLE_DEAL_V1, RIICHI_V1

pytestmark = pytest.mark.django_db


def _text(response) -> str:
    """The page's visible text, tags removed and whitespace collapsed."""
    html = re.sub(r"<(script|template)\b.*?</\1>", " ", response.content.decode(), flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html)).replace("&#x27;", "'")


@pytest.mark.parametrize("key", sorted(PRESET_VERSIONS), ids=lambda k: f"{k[0]} v{k[1]}")
def test_p_preset_5_every_preset_version_has_a_rules_page_in_english_and_spanish(client, key):
    """Every stored preset version (offered or not) has its page, anonymous, in both languages."""
    name, version = key
    url = reverse("rules_version", args=[name, version])
    en = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    es = client.get(url, HTTP_ACCEPT_LANGUAGE="es")
    assert en.status_code == es.status_code == 200
    # The display name, never the preset id (P-PRESET-7, P-TABLE-4).
    with translation.override("en"):
        en_name = preset_names.preset_name(name)
    with translation.override("es"):
        es_name = preset_names.preset_name(name)
    assert name not in (en_name, es_name)
    assert f"Preset {en_name}, version {version}" in _text(en)
    assert f"Reglamento {es_name}, versión {version}" in _text(es)
    assert "Scoring" in _text(en) and "Puntuación" in _text(es)
    assert "Scoring" not in _text(es) and "Tiles, points and seats" not in _text(es)


def test_p_preset_4_the_short_address_shows_the_latest_version_and_lists_every_version(client):
    for name, latest in PRESETS.items():
        page = client.get(reverse("rules", args=[name]))
        assert page.status_code == 200
        assert f'data-version="{latest.version}"' in page.content.decode()
        assert f"Version {latest.version} (this page)" in _text(page)


@pytest.mark.parametrize("url", ["/rules/no-such-preset/", "/rules/riichi/999/", "/rules/riichi/0/"])
def test_p_preset_5_unknown_preset_or_version_is_a_site_404_page(client, url):
    response = client.get(url)
    assert response.status_code == 404
    assert 'data-role="error-404"' in response.content.decode() and "Page not found" in _text(response)


def test_p_preset_1_rules_index_lists_the_offered_presets_only(client):
    page = client.get(reverse("rules_index")).content.decode()
    for preset in PRESETS.values():
        link = f'href="{reverse("rules", args=[preset.name])}"'
        # The site plays the Taiwanese presets (games.rules_tw) although the engine still marks them
        # offered=False.
        assert (link in page) == (preset.offered or preset.family == "taiwanese"), preset.name


def test_p_preset_3_page_facts_follow_the_preset_switches_not_fixed_text():
    """A preset with other switches gets other facts: the page cannot drift from the engine."""
    other = dataclasses.replace(RIICHI_V1, version=99, starting_points=30_000, red_fives=frozenset({52}),
                                uma=(15_000, 5_000, -5_000, -15_000), winner_bonus=0,
                                multi_ron="head_bump", abortive_draws=frozenset(), kiriage_mangan=True)
    with translation.override("en"):
        base, changed = rules_facts.rules_page(RIICHI_V1), rules_facts.rules_page(other)
    assert "Everyone starts with 25,000 points." in " ".join(base["table"])
    assert "Everyone starts with 30,000 points." in " ".join(changed["table"])
    assert "3 red fives (5 of characters, 5 of circles, 5 of bamboo)" in " ".join(base["table"])
    assert "1 red five (5 of circles)" in " ".join(changed["table"])
    assert base["result_record"]["uma"] == ["+20,000", "+10,000", "\u221210,000", "\u221220,000"]
    assert changed["result_record"]["uma"] == ["+15,000", "+5,000", "\u22125,000", "\u221215,000"]
    assert changed["result_record"]["bonus"] == "0" and base["result_record"]["bonus"] == "+20,000"
    assert any("Two players may win" in s for s in base["play"])
    assert any("Only one player wins" in s for s in changed["play"])
    assert changed["draws"][0] == "No abortive draws."
    assert any("are rounded up to mangan" in s for s in changed["scoring"])
    assert any("are not rounded up to mangan" in s for s in base["scoring"])


def test_p_preset_1_limit_table_is_computed_by_the_engine():
    """The limit rows are the engine's base points and payments (R-SCORE-4, R-PAY-1)."""
    with translation.override("en"):
        rows = rules_facts.rules_page(RIICHI_V1)["limits"]
    mangan = rows[0]
    assert (str(mangan["name"]), mangan["base"], mangan["ron"], mangan["dealer_ron"]) == \
        ("Mangan", "2,000", "8,000", "12,000")
    assert [r["ron"] for r in rows] == ["8,000", "12,000", "16,000", "24,000", "32,000", "32,000"]
    no_kazoe = dataclasses.replace(RIICHI_V1, version=98, kazoe_yakuman=False)
    with translation.override("en"):
        assert rules_facts.rules_page(no_kazoe)["limits"][4]["ron"] == "24,000"   # sanbaiman cap


def test_p_result_5_single_hand_page_has_no_result_record_and_returns_deposits(client):
    text = _text(client.get(reverse("rules", args=[RIICHI_SINGLE_DEAL_V1.name])))
    assert "There is no result record" in text and "Uma by place" not in text
    assert "go back to the players who placed them" in text
    assert "No kans at all after riichi." in text
    main = _text(client.get(reverse("rules", args=["riichi"])))
    assert "Uma by place" in main and "minus 30,000" in main and "plus +20,000 for first place" in main


def test_p_clock_1_rules_page_clock_table_comes_from_the_clock_table(client):
    from games.clocks import CLOCK_TABLE
    text = _text(client.get(reverse("rules", args=["riichi"])))
    for per_discard, reserve, response in CLOCK_TABLE.values():
        assert f"{per_discard:g} {reserve:g} {response:g}" in text


def test_p_replay_2_points_are_grouped_like_the_table_in_each_language():
    """The table page groups with ``toLocaleString``: "25,000" / "2,600" in English, "25.000" /
    "2600" in Spanish (no separator below five digits); signed values use a real minus."""
    from games.templatetags.game_display import points, result_record, signed_points
    with translation.override("en"):
        assert [points(25_000), points(2_600), points(100), signed_points(-2_600), signed_points(1_000)] == \
            ["25,000", "2,600", "100", "\u22122,600", "+1,000"]
    with translation.override("es"):
        assert [points(25_000), points(2_600), points(-12_300), signed_points(-32_000), signed_points(0)] == \
            ["25.000", "2600", "-12.300", "\u221232.000", "0"]
    assert [result_record(52_300), result_record(-42_000), result_record(0), result_record(None)] == \
        ["+52.3", "\u221242.0", "0.0", ""]


def _finished_practice(user, preset="riichi-single-deal"):
    """A finished single-hand practice game (needs a transactional test: computers act on commit)."""
    from platform_helpers import finish
    return finish(service.create_practice(user, preset))


@pytest.mark.django_db(transaction=True)   # computers move on commit
def test_p_replay_5_review_and_replay_link_the_exact_rules_version(client, alice):
    game = _finished_practice(alice)
    client.force_login(alice)
    href = f'href="{reverse("rules_version", args=[game.preset_name, game.preset_version])}"'
    for name in ("review", "replay"):
        page = client.get(reverse(name, args=[game.pk])).content.decode()
        assert href in page and 'data-role="rules-link"' in page, name
    games_list = client.get(reverse("my_games")).content.decode()
    assert href in games_list                                  # P-TABLE-4: the records' label too


def test_p_table_4_live_table_and_lobby_link_the_rules(client, alice):
    game = service.create_practice(alice, "riichi")
    client.force_login(alice)
    table = client.get(reverse("table", args=[game.pk])).content.decode()
    assert f'href="{reverse("rules_version", args=["riichi", game.preset_version])}"' in table
    lobby = client.get(reverse("lobby")).content.decode()
    assert f'href="{reverse("rules_index")}" data-role="nav-rules"' in lobby
    assert f'href="{reverse("rules_version", args=["riichi", game.preset_version])}"' in lobby   # its game row
    client.logout()
    assert 'data-role="nav-rules"' in client.get(reverse("lobby")).content.decode()


@pytest.mark.django_db(transaction=True)   # computers move on commit
def test_p_replay_2_review_numbers_actions_from_one_and_groups_points(client, alice):
    game = _finished_practice(alice)
    client.force_login(alice)
    page = client.get(reverse("review", args=[game.pk]), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    numbers = [int(n) for n in re.findall(r'data-role="action-number">(\d+)</td>', page)]
    assert numbers and numbers == list(range(1, len(numbers) + 1))
    final = sorted(game.final_scores, reverse=True)
    placements = page.split('class="placements"', 1)[1].split("</table>", 1)[0]
    with translation.override("es"):
        shown = [rules_facts.points(p) for p in final]
    assert re.findall(r'<td class="num">([^<]*)</td>', placements) == shown


def test_p_fair_1_signup_terms_checkbox_links_to_the_terms(client):
    page = client.get(reverse("signup")).content.decode()
    assert f'href="{reverse("terms")}"' in page and 'data-role="terms-link"' in page
    assert 'name="accept_terms"' in page


def test_p_fair_1_terms_page_states_the_fair_play_rules_in_english_and_spanish(client):
    en = _text(client.get(reverse("terms"), HTTP_ACCEPT_LANGUAGE="en"))
    es = _text(client.get(reverse("terms"), HTTP_ACCEPT_LANGUAGE="es"))
    assert "No outside help" in en and "No collusion" in en and "Fair play in ranked games" in en
    assert "Sin ayuda externa" in es and "Sin confabulación" in es and "No outside help" not in es


@pytest.mark.parametrize(("name", "label"), [
    ("password_reset", "Send me a reset link"),
    ("password_change", "Change my password"),
])
def test_p_acct_password_forms_name_their_button_after_what_it_does(client, alice, name, label):
    client.force_login(alice)
    page = client.get(reverse(name)).content.decode()
    assert re.search(rf'<button type="submit" class="button primary">{label}</button>', page)
    assert ">Save</button>" not in page


def test_p_preset_7_pages_name_the_taiwanese_preset_never_its_id(client):
    """P-PRESET-7 / P-TABLE-4: the Taiwanese rules page labels its version with the preset's
    display name in both languages ("Reglamento taiwanese" showed the id)."""
    url = reverse("rules", args=["taiwanese-east"])
    en = client.get(url, HTTP_ACCEPT_LANGUAGE="en")
    es = client.get(url, HTTP_ACCEPT_LANGUAGE="es")
    assert "Preset Taiwanese (fixed table), version 1" in _text(en)
    assert "Reglamento Taiwanés (mesa fija), versión 1" in _text(es)
    label = re.compile(r'data-role="rules-version">(.*?)</p>', re.S)
    for page in (en, es):
        assert "taiwanese" not in label.search(page.content.decode()).group(1)
