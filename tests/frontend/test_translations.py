"""Spanish catalogue (issue 4 item 5: every page's text through Django's translation machinery,
complete English and Spanish): no entry left untranslated or fuzzy, placeholders kept, the
committed .mo matches the .po, and the table page renders fully in Spanish."""
from __future__ import annotations

import ast
import gettext
import re
from pathlib import Path
from types import SimpleNamespace


ROOT = Path(__file__).resolve().parents[2]
PO = ROOT / "locale" / "es" / "LC_MESSAGES" / "django.po"
MO = ROOT / "locale" / "es" / "LC_MESSAGES" / "django.mo"
PLACEHOLDER = re.compile(r"%\((\w+)\)[sd]")


def _entries() -> list[dict]:
    """Entries of the .po: {"flags", "msgctxt", "msgid", "msgid_plural", "msgstr": [..]} (header skipped)."""
    out, cur, field = [], None, None
    for line in PO.read_text(encoding="utf-8").splitlines() + [""]:
        if not line.strip():
            if cur and cur.get("msgid"):
                out.append(cur)
            cur, field = None, None
            continue
        cur = cur or {"flags": "", "msgctxt": None, "msgid": "", "msgid_plural": None, "msgstr": {}}
        if line.startswith("#,"):
            cur["flags"] += line
        elif line.startswith("#"):
            continue
        else:
            m = re.match(r'^(msgctxt|msgid_plural|msgid|msgstr(?:\[(\d)\])?) (".*")$', line)
            if m:
                field = (m.group(1), m.group(2))
                value = ast.literal_eval(m.group(3))
            else:
                value = ast.literal_eval(line)
            key, index = field
            if key == "msgctxt":
                cur["msgctxt"] = (cur["msgctxt"] or "") + value
            elif key == "msgid":
                cur["msgid"] += value
            elif key == "msgid_plural":
                cur["msgid_plural"] = (cur["msgid_plural"] or "") + value
            elif key.startswith("msgstr"):
                i = int(index or 0)
                cur["msgstr"][i] = cur["msgstr"].get(i, "") + value
    return out


def test_catalogue_is_complete_and_not_fuzzy():
    entries = _entries()
    assert len(entries) > 200
    untranslated = [e["msgid"] for e in entries if not all(e["msgstr"].values()) or not e["msgstr"]]
    fuzzy = [e["msgid"] for e in entries if "fuzzy" in e["flags"]]
    assert untranslated == [] and fuzzy == []


def test_placeholders_are_kept():
    for e in _entries():
        wanted = set(PLACEHOLDER.findall(e["msgid"]))
        for text in e["msgstr"].values():
            assert set(PLACEHOLDER.findall(text)) == wanted, e["msgid"]


def test_compiled_catalogue_matches_the_po():
    with open(MO, "rb") as f:
        mo = gettext.GNUTranslations(f)
    for e in _entries():
        if e["msgid_plural"]:
            assert mo.ngettext(e["msgid"], e["msgid_plural"], 1) == e["msgstr"][0]
        elif e["msgctxt"] is not None:
            assert mo.pgettext(e["msgctxt"], e["msgid"]) == e["msgstr"][0], e["msgid"]
        else:
            assert mo.gettext(e["msgid"]) == e["msgstr"][0], e["msgid"]


# Terms that stay the same in Spanish (Japanese game terms, the brand, format strings).
SAME_IN_SPANISH = {"Mahjong Planet", "Riichi", "Tsumo", "Ron", "Chi", "Pon", "Kan", "Honba", "han", "fu",
                   "Yakuman", "Mangan", "Haneman", "Baiman", "Sanbaiman", "Dora", "Tenpai", "Nagashi mangan",
                   "Pinfu", "Ippatsu", "Ura dora", "{wind} {n}", "{n} s",
                   "Total", "honba {points}", "Honba: {n}",
                   "Chow", "Pung", "Kong", "{n} tai"}   # Taiwanese terms (taiwanese.md wording)


def test_table_page_strings_all_translated():
    from django.template.loader import render_to_string
    from django.utils import translation

    def strings(lang: str) -> dict[str, str]:
        with translation.override(lang):
            html = render_to_string("games/table.html", {"game": SimpleNamespace(id=1, pk=1), "my_seat": 0,
                                                         "ws_path": "/ws/games/1/", "players": []})
        return dict(re.findall(r'<span data-k="([^"]+)">([^<]*)</span>', html))

    en, es = strings("en"), strings("es")
    assert set(en) == set(es) and len(en) > 100
    same = [k for k in en if en[k] == es[k] and en[k] not in SAME_IN_SPANISH]
    assert same == []


# Keys static/js/clock.js builds at run time (data-label and data-label + "_label"), P-CLOCK-9.
CLOCK_KEYS = {"seconds", "clock_turn_label", "clock_reserve_label", "clock_response_label", "next_hand_in",
              "absent", "waiting_responses"}


def test_every_key_the_table_scripts_use_is_in_the_page_catalogue():
    """Each literal t("key") of static/js/*.js (and the clock keys built at run time) has a
    translated string in the page catalogue templates/games/_table_i18n.html, which
    templates/games/table.html includes, so no raw key ever reaches the page."""
    assert '{% include "games/_table_i18n.html" %}' in (ROOT / "templates" / "games" / "table.html").read_text(encoding="utf-8")
    template = (ROOT / "templates" / "games" / "_table_i18n.html").read_text(encoding="utf-8")
    assert '{% include "games/_tw_i18n.html" %}' in template     # the Taiwanese strings, inside it
    template += (ROOT / "templates" / "games" / "_tw_i18n.html").read_text(encoding="utf-8")
    keys = set(re.findall(r'data-k="([^"]+)"', template))
    used = set()
    for js in (ROOT / "static" / "js").glob("*.js"):
        if js.name in OWN_CATALOGUES:
            continue
        used |= set(re.findall(r'\bt\(\s*"([a-z0-9_]+)"', js.read_text(encoding="utf-8")))
    assert len(used) > 50
    assert sorted((used | CLOCK_KEYS) - keys) == []


#: Scripts with their own catalogue template: script -> template holding its data-k strings.
OWN_CATALOGUES = {"live_games.js": "_live_games.html"}


def test_every_key_the_live_games_script_uses_is_in_its_catalogue():
    """static/js/live_games.js (the Live games list, P-MATCH-7) translates with the strings of
    templates/games/_live_games.html: every literal t("key") has one there."""
    for script, template_name in OWN_CATALOGUES.items():
        template = (ROOT / "templates" / "games" / template_name).read_text(encoding="utf-8")
        keys = set(re.findall(r'data-k="([^"]+)"', template))
        used = set(re.findall(r'\bt\(\s*"([a-z0-9_]+)"', (ROOT / "static" / "js" / script).read_text(encoding="utf-8")))
        assert used and sorted(used - keys) == []
