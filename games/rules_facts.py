"""The rules pages' content: a preset version described in the site's own words (P-PRESET-1,
P-PRESET-5, P-REPLAY-5, P-TABLE-4).

Every fact that depends on a rule switch is chosen from the ``rules_engine.preset.Preset``
value itself (format, red fives, starting points, several rons, kans, abortive draws,
deposits, honba, end of game, result record) or computed with the engine's own functions
(limit hands and their payments: ``rules_engine.riichi.scoring.base_points`` and
``rules_engine.riichi.payments.hand_cost``), and the clocks come from ``games.clocks``. So
the page cannot drift from what the engine plays: a new preset version gets a page that
states its own switches. Only the explanatory prose is written here, translated with
gettext (call these functions inside a request, with the visitor's language active).
"""
from __future__ import annotations

from django.utils.translation import get_language, gettext as _, ngettext

from rules_engine.preset import PRESET_VERSIONS, PRESETS, Preset
from rules_engine.riichi.payments import hand_cost
from rules_engine.riichi.scoring import base_points
from rules_engine.riichi.yaku import YAKU_ORDER, YAKUMAN_ORDER

from . import clocks
from .display import ABORT_NAMES, LIMIT_NAMES, YAKU_NAMES, tile_label


def points(n: int) -> str:
    """``n`` points grouped as the table page groups them (JavaScript's ``toLocaleString``
    in the page's language): "25,000" and "2,600" in English, "25.000" and "2600" in Spanish
    (Spanish groups only numbers of five digits or more)."""
    digits = str(abs(int(n)))
    spanish = (get_language() or "en").split("-")[0] == "es"
    if not (spanish and len(digits) <= 4):
        digits = f"{int(digits):,}".replace(",", "." if spanish else ",")
    return f"-{digits}" if n < 0 else digits


def signed_points(n: int) -> str:
    """Signed points: "+20,000", "−10,000" (Unicode minus, as on the table), "0"."""
    if n > 0:
        return "+" + points(n)
    if n < 0:
        return "\u2212" + points(-n)
    return "0"


def preset_title(preset: Preset) -> str:
    """The preset's display name, e.g. "Riichi — East round" (P-TABLE-4)."""
    titles = {
        "riichi": _("Riichi — East round"),
        "riichi-single-deal": _("Riichi — single hand"),
        "riichi-tournament": _("Riichi — East and South rounds (tournament)"),
    }
    return titles.get(preset.name, preset.name)


def preset_summary(preset: Preset) -> str:
    """One paragraph on what the preset is for (site prose, per preset name)."""
    texts = {
        "riichi": _("The site's main Riichi rules: four players, one East round of at least four "
                    "hands, three red fives, and a final result with uma and a bonus for first "
                    "place. Ranked games, private tables and East-round practice all play "
                    "exactly these rules."),
        "riichi-single-deal": _("A single hand of Riichi for practice against the computers: "
                                "the same tiles, yaku and scoring as the main rules, a few "
                                "simpler rules where one hand makes them matter, and no final "
                                "result beyond the hand's own points. Never rated."),
        "riichi-tournament": _("A longer East-and-South game from a tournament rulebook, kept "
                               "in the engine for study. It is not offered on this site."),
    }
    return texts.get(preset.name, "")


def _format_text(preset: Preset) -> str:
    return {
        "east": _("One East round: hands East 1 to East 4. The dealer keeps the deal after "
                  "winning, after a draw in which the dealer is ready, and after an abortive "
                  "draw. There is never a South round or an extension."),
        "single": _("One hand. The game ends when it ends."),
        "east_south": _("An East round followed by a South round (East 1 to South 4)."),
    }.get(preset.game_format, preset.game_format)


def _red_fives_text(preset: Preset) -> str:
    if not preset.red_fives:
        return _("No red fives.")
    # Name the kind ("5 of circles"): the red copy's own label already says "(red)".
    names = ", ".join(tile_label(4 * (t // 4) + 1) for t in sorted(preset.red_fives))
    return ngettext("%(n)s red five (%(tiles)s): it replaces an ordinary five and is worth one "
                    "extra han (dora) in a winning hand. It cannot be switched off.",
                    "%(n)s red fives (%(tiles)s): each replaces an ordinary five and is worth one "
                    "extra han (dora) in a winning hand. They cannot be switched off.",
                    len(preset.red_fives)) % {"n": len(preset.red_fives), "tiles": names}


def _multi_ron_text(preset: Preset) -> str:
    return {
        "double": _("Two players may win on the same discard; both are paid, and the nearest "
                    "winner after the discarder takes the honba and the riichi sticks. If three "
                    "players claim the same discard, the hand is an abortive draw."),
        "head_bump": _("Only one player wins on a discard: of several claimants, the one "
                       "nearest after the discarder."),
        "all": _("Every player who claims the discard wins."),
    }.get(preset.multi_ron, preset.multi_ron)


def _kans_text(preset: Preset) -> list[str]:
    items = [_("At most %(n)s kans in a hand.") % {"n": preset.max_kans}]
    items.append({
        "ankan_keep_waits": _("After riichi you may only declare a closed kan with the tile you "
                              "just drew, and only if it keeps your waits unchanged."),
        "none": _("No kans at all after riichi."),
    }.get(preset.kans_after_riichi, preset.kans_after_riichi))
    items.append({
        "deferred_open": _("A closed kan turns its new dora indicator at once; an open or "
                           "added kan turns it after the next discard."),
        "immediate": _("Every kan turns its new dora indicator at once."),
    }.get(preset.kan_dora_timing, preset.kan_dora_timing))
    items.append(_("Thirteen orphans may rob a closed kan.") if preset.ankan_robbable_by_kokushi
                 else _("Nobody may rob a closed kan, not even with thirteen orphans."))
    return items


def _draws_text(preset: Preset) -> list[str]:
    order = ("kyuushu_kyuuhai", "suufon_renda", "suucha_riichi", "suukaikan", "sanchahou")
    names = {"kyuushu_kyuuhai": _("nine different terminals and honours in the hand on a first turn (the player may choose)"),
             "suufon_renda": _("the same wind discarded by all four players on the first turn"),
             "suucha_riichi": _("four players in riichi"),
             "suukaikan": _("four kans by more than one player"),
             "sanchahou": _("three players claiming the same discard")}
    kinds = [names.get(k, str(ABORT_NAMES.get(k, k))) for k in order if k in preset.abortive_draws]
    items = [_("Abortive draws in force: %(list)s.") % {"list": "; ".join(kinds)} if kinds
             else _("No abortive draws.")]
    items.append(_("At an exhaustive draw, every tenpai hand is shown automatically and the "
                   "players who are not tenpai pay 3,000 points in all to those who are."))
    if preset.nagashi_mangan:
        items.append(_("Nagashi mangan: a player whose discards are all terminals and honours, "
                       "none of them called, is paid a mangan at the exhaustive draw (instead of the "
                       "tenpai payments)."))
    items.append({
        "carry": _("Riichi sticks stay on the table after a draw and go to the next winner."),
        "return": _("After a draw the riichi sticks go back to the players who placed them."),
    }.get(preset.deposits_after_draw, preset.deposits_after_draw))
    return items


def _limits(preset: Preset) -> list[dict]:
    """Limit hands computed by the engine: name, han, base points and the payments of a
    non-dealer's and a dealer's ron."""
    rows = []
    for han, label in ((5, _("5 han (or 3–4 han with many fu)")), (6, _("6–7 han")),
                       (8, _("8–10 han")), (11, _("11–12 han")), (13, _("13 han or more"))):
        base, name = base_points(han, 30, 0, preset)
        rows.append({"name": LIMIT_NAMES.get("kazoe" if han == 13 and name == "yakuman" else name, name),
                     "han": label, "base": points(base),
                     "ron": points(hand_cost(base, is_dealer=False, tsumo=False)["ron"]),
                     "dealer_ron": points(hand_cost(base, is_dealer=True, tsumo=False)["ron"])})
    base, _name = base_points(0, 0, 1, preset)
    rows.append({"name": LIMIT_NAMES["yakuman"], "han": _("a yakuman hand"), "base": points(base),
                 "ron": points(hand_cost(base, is_dealer=False, tsumo=False)["ron"]),
                 "dealer_ron": points(hand_cost(base, is_dealer=True, tsumo=False)["ron"])})
    return rows


def _scoring_text(preset: Preset) -> list[str]:
    small = base_points(1, 30, 0, preset)[0]
    cost = hand_cost(small, is_dealer=False, tsumo=True)
    items = [
        _("A winning hand needs at least one yaku. Its value is counted in han (yaku, dora, "
          "red fives and, after riichi, ura dora) and fu (from the shape of the hand and how it "
          "was won); below the limits, base points are fu × 2^(han + 2)."),
        _("A ron is paid by the discarder: base × 4 to a non-dealer, base × 6 to the dealer. "
          "A tsumo is paid by everyone: the dealer pays base × 2 and the others base each "
          "(base × 2 each when the dealer wins). Each payment is rounded up to 100; for "
          "example 1 han 30 fu is %(ron)s by ron or %(nd)s + %(nd)s + %(d)s by tsumo.") % {
            "ron": points(hand_cost(small, is_dealer=False, tsumo=False)["ron"]),
            "nd": points(cost["tsumo_non_dealer"]), "d": points(cost["tsumo_dealer"])},
        _("3 han 60 fu and 4 han 30 fu are not rounded up to mangan.") if not preset.kiriage_mangan
        else _("3 han 60 fu and 4 han 30 fu are rounded up to mangan."),
        _("Open tanyao: all simples counts with calls.") if preset.open_tanyao
        else _("All simples counts only in a concealed hand."),
        _("Riichi costs a 1,000-point stick, which the next winner takes."),
    ]
    if preset.honba:
        items.append(_("Each honba counter adds 300 points to a win (100 from each payer on a "
                       "tsumo). A counter is added when the dealer repeats or a hand is drawn."))
    items.append({
        "covered_yakuman": _("Pao: a player who feeds the last set of big three dragons or big "
                             "four winds pays for that yakuman (on a ron by someone else, they and the "
                             "discarder pay half each); the rest of the hand is paid normally."),
        "whole_hand": _("Pao: a player who feeds the last set of big three dragons or big four "
                        "winds pays for the whole hand."),
    }.get(preset.pao_scope, preset.pao_scope))
    if preset.double_yakuman:
        items.append(_("Some yakuman count double (for example thirteen orphans on a thirteen-"
                       "sided wait), and several yakuman add up."))
    return items


def _end_text(preset: Preset) -> list[str]:
    items = [_format_text(preset)]
    if preset.bust_ends_game:
        items.append(_("The game ends at once when a player has fewer than 0 points after a "
                       "hand (exactly 0 plays on)."))
    if preset.auto_stop:
        items.append(_("In the last hand, if the dealer would repeat but is first with at "
                       "least %(p)s points, the game ends there.") % {"p": points(30_000)})
    if preset.deposits_at_end == "first_place" and preset.deposits_after_draw == "carry":
        items.append(_("Riichi sticks still on the table at the end go to first place."))
    items.append(_("Places follow final points; equal points are ordered by starting seat "
                   "(East, South, West, North)."))
    return items


def _result_record(preset: Preset) -> dict | None:
    if not preset.result_record:
        return None
    return {
        "return_points": points(preset.return_points),
        "uma": [signed_points(u) for u in preset.uma],
        "bonus": signed_points(preset.winner_bonus),
        "example_points": points(preset.starting_points),
    }


def _clocks() -> list[dict]:
    rows = []
    labels = {"bullet": _("Bullet"), "blitz": _("Blitz"), "standard": _("Standard"),
              "relaxed": _("Relaxed")}
    for name, (per_discard, reserve, response) in clocks.CLOCK_TABLE.items():
        rows.append({"name": labels.get(name, name), "per_discard": f"{per_discard:g}",
                     "reserve": f"{reserve:g}", "response": f"{response:g}"})
    return rows


def _where(preset: Preset) -> str:
    if not preset.offered:
        return _("Not offered on this site; games are never created with it.")
    if preset.rated:
        return _("Played in ranked games (always on a clock), at private tables and in "
                 "East-round practice. Only ranked games change ratings.")
    return _("Played in single-hand practice against the computers, untimed or on any "
             "clock. Never rated.")


def versions_of(name: str) -> list[Preset]:
    """Every stored version of preset ``name``, oldest first (P-PRESET-4)."""
    return sorted((p for p in PRESET_VERSIONS.values() if p.name == name), key=lambda p: p.version)


def offered_presets() -> list[Preset]:
    """The latest version of each preset the site offers, in catalogue order (P-PRESET-1)."""
    return [p for p in PRESETS.values() if p.offered]


def rules_page(preset: Preset) -> dict:
    """Everything the rules page of ``preset`` shows, translated into the active language:
    ``title``, ``summary``, ``where``, ``table`` (list of str), ``play`` (list), ``draws``
    (list), ``scoring`` (list), ``limits`` (rows of ``{name, han, base, ron, dealer_ron}``,
    points as locale strings), ``end`` (list), ``result_record`` (``{return_points, uma,
    bonus, example_points}`` or None), ``clocks`` (rows of ``{name, per_discard, reserve,
    response}`` in seconds), ``yaku`` and ``yakuman`` (translated names in table order),
    ``options`` (the stamped switches, ``Preset.snapshot()`` as ``(key, value)`` pairs:
    P-PRESET-3) and ``latest`` (the newest version number of this preset)."""
    table = [
        _("Four players, 136 tiles: three suits numbered 1 to 9 (characters, circles, bamboo), "
          "four winds and three dragons, four of each. No flowers or jokers; the white dragon "
          "is an ordinary dragon."),
        _red_fives_text(preset),
        _("Everyone starts with %(p)s points. Each player is dealt 13 tiles and the dealer "
          "draws first; 14 tiles stay in the dead wall.") % {"p": points(preset.starting_points)},
        _("Seats and the first dealer are drawn by lot."),
    ]
    play = [
        _("On your turn you draw a tile and discard one, or win. You may call another "
          "player's discard: chi (a sequence, from the player on your left only), pon (a "
          "triplet) or kan (four of a kind). A win beats a pon or kan, which beats a chi."),
        _("Riichi: with a concealed hand that is ready (one tile from winning) and at least "
          "1,000 points, you may declare riichi; from then on your hand is fixed and each "
          "drawn tile you do not win with (or use for an allowed closed kan) is "
          "discarded for you."),
        _("Furiten: you cannot win on a discard if one of your waiting tiles is among your own "
          "discards, or if you let a winning tile pass since your last turn (after riichi: for "
          "the rest of the hand). You can still win by tsumo."),
        _multi_ron_text(preset),
        *_kans_text(preset),
    ]
    snapshot = preset.snapshot()
    return {
        "preset": preset, "title": preset_title(preset), "summary": preset_summary(preset),
        "where": _where(preset), "table": table, "play": play, "draws": _draws_text(preset),
        "scoring": _scoring_text(preset), "limits": _limits(preset), "end": _end_text(preset),
        "result_record": _result_record(preset), "clocks": _clocks(),
        "yaku": [str(YAKU_NAMES.get(k, k)) for k in YAKU_ORDER],
        "yakuman": [str(YAKU_NAMES.get(k, k)) for k in YAKUMAN_ORDER],
        "options": [(k, _option_value(v)) for k, v in snapshot.items() if k != "extra"],
        "versions": versions_of(preset.name), "latest": PRESETS[preset.name].version,
    }


def _option_value(value) -> str:
    if isinstance(value, bool):
        return _("yes") if value else _("no")
    if isinstance(value, list):
        return ", ".join(str(v) for v in value) or "—"
    return str(value)
