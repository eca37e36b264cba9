"""The rules page of the Taiwanese presets (P-PRESET-7, P-PRESET-1, P-TW; taiwanese.md), in the
site's words, English and Spanish. The tai table comes from the engine's
``rules_engine.taiwanese.scoring.TAI_NAMES`` (ids, names, values), so the page lists exactly
what the scorer awards; ``games.rules_views.rules_preset`` serves it for a preset whose family
is ``"taiwanese"``."""
from __future__ import annotations

from django.utils.translation import gettext as _

from rules_engine.preset import PRESETS, Preset
from rules_engine.taiwanese.scoring import TAI_NAMES

from .rules_facts import _clocks, _option_value, points, versions_of

#: The switches of ``Preset.snapshot()`` a Taiwanese game reads (the Riichi-only switches are
#: stored with their "off" values and never read, rules_engine/preset.py): shown on the page.
TAIWANESE_SWITCHES = ("name", "version", "family", "game_format", "multi_ron", "abortive_draws", "honba",
                      "bust_ends_game", "result_record", "starting_points", "red_fives", "max_kans")

#: The Taiwanese presets the site plays: preset -> its format (P-TABLE-1, P-TW-4).
TAIWANESE_PRESETS = ("taiwanese", "taiwanese-east", "taiwanese-single-deal")


def preset_title(preset: Preset) -> str:
    """"Taiwanese (fixed table) — full match" etc. (P-PRESET-7, P-TABLE-4)."""
    return {
        "taiwanese": _("Taiwanese (fixed table) — full match"),
        "taiwanese-east": _("Taiwanese (fixed table) — East round"),
        "taiwanese-single-deal": _("Taiwanese (fixed table) — single hand"),
    }.get(preset.name, preset.name)


def preset_summary(preset: Preset) -> str:
    """One paragraph on the preset (P-PRESET-7: the platform's own fixed table)."""
    return _("The platform's own fixed Taiwanese table: 16-tile hands with flowers and seasons, "
             "scored in tai (one point per tai). Other Taiwanese rule sets elsewhere may score "
             "differently; there are no dealer bonuses, score caps or penalties.")


def _where(preset: Preset) -> str:
    if preset.name == "taiwanese":
        return _("Played in ranked games (Quick Play and public tables, always on a clock), at "
                 "private tables and in practice. Only ranked games change ratings.")
    return _("Played in practice against the computers only, untimed or on any clock. Never rated.")


def _format_text(preset: Preset) -> str:
    return {
        "full": _("A full match: the East, South, West and North rounds. It ends right after the "
                  "sixteenth change of dealer."),
        "east": _("One East round: it ends right after the fourth change of dealer."),
        "single": _("One hand, whatever its result."),
    }.get(preset.game_format, preset.game_format)


def _tai_rows() -> list[dict]:
    """``[{id, name, tai}]`` of every award in the engine's table, translated; ``tai`` is a
    string ("5 / 10" for the pure straight, whose value depends on the hand)."""
    rows = []
    for tid, (name, value) in TAI_NAMES.items():
        rows.append({"id": tid, "name": _(name), "tai": str(value) if value is not None else _("5 / 10")})
    return rows


def rules_page(preset: Preset) -> dict:
    """Everything the Taiwanese rules page shows (``templates/rules/taiwanese.html``):
    ``title``, ``summary``, ``where``, ``table``, ``play``, ``original_call``, ``draws``,
    ``scoring``, ``payments``, ``match`` (lists of translated paragraphs), ``tai`` (rows of
    ``{id, name, tai}``), ``clocks``, ``options``, ``versions``, ``latest``."""
    table = [
        _("Four players, 144 tiles: three suits numbered 1 to 9 (characters, circles, bamboo), "
          "four winds and three dragons, four of each, plus four flowers (plum, orchid, "
          "chrysanthemum, bamboo) and four seasons (spring, summer, autumn, winter). No red fives."),
        _("Everyone starts with %(p)s points. Each player is dealt 16 tiles and the dealer a 17th; "
          "16 tiles stay in the dead wall, which is refilled from the end of the live wall.")
        % {"p": points(preset.starting_points)},
        _("Flowers and seasons are never part of a hand: each one is exposed in front of its owner "
          "and replaced from the dead wall, at the deal and whenever one is drawn."),
        _("Seats and the first dealer are drawn by lot; the dealer is East."),
    ]
    play = [
        _("On your turn you draw a tile and discard one, or win. You may claim another player's "
          "discard: chow (a sequence, from the player on your left only), pung (three of a kind) "
          "or kong (four of a kind). A win beats a pung or kong, which beats a chow."),
        _("A winning hand is five sets and a pair (17 tiles), or seven pairs and a triplet. "
          "There is no minimum to win."),
        _("Everyone who wins on the same discard wins; a player may rob an added kong to win. "
          "There is no furiten: letting a winning tile pass never stops a later win."),
    ]
    original_call = [
        _("Original Call: if your dealt hand is already one tile from winning, you may declare "
          "it before the dealer's first turn (the dealer declares with the first discard). From "
          "then on your hand is locked: each drawn tile that does not win is discarded for you. "
          "A win after an Original Call scores 15 tai more."),
    ]
    draws = [
        _("When the live wall is empty and nobody wins on the last discard, the hand is drawn: "
          "nobody pays and the dealer keeps the deal."),
        _("Owning all eight flowers and seasons wins at once (30 tai from each opponent); holding "
          "seven when another player draws the eighth lets you take it and win (20 tai, paid by "
          "that player)."),
    ]
    payments = [
        _("One tai is one point. On a discard the discarder alone pays each winner their total; "
          "on a self-draw each of the three opponents pays it. Payments always add up to zero, "
          "and scores may go negative."),
    ]
    match = [
        _format_text(preset),
        _("The dealer keeps the deal after a drawn hand and after any hand the dealer wins; "
          "otherwise the deal passes to the next player. There is no limit on repeats."),
        _("The result is each player's final score and the change from %(p)s; players are placed "
          "by final score, ties by the initial seat order. Ranked games change ratings once, "
          "from the final scores (equal scores share a place).") % {"p": points(preset.starting_points)},
    ]
    return {
        "preset": preset, "title": preset_title(preset), "summary": preset_summary(preset),
        "where": _where(preset), "table": table, "play": play, "original_call": original_call,
        "draws": draws, "payments": payments, "match": match, "tai": _tai_rows(),
        "clocks": _clocks(),
        "options": [(k, _option_value(v)) for k, v in preset.snapshot().items() if k in TAIWANESE_SWITCHES],
        "versions": versions_of(preset.name), "latest": PRESETS[preset.name].version,
    }
