"""Translated display names for the Django pages (P-BOT-2, P-REPLAY-3, DESIGN §7).

The engine (``rules_engine``) is pure Python and speaks in stable ids: strength ids
(``"beginner"``), action types (``"chi"``), yaku keys (``"pinfu"``), limit names, abortive
draw kinds and tile ids 0..143. This module maps those ids to ``gettext_lazy`` strings so
the pages show them in the visitor's language; an unknown id falls back to the id itself
(never an error), so a newer engine value still renders.
"""
from __future__ import annotations

from django.utils.translation import gettext, gettext_lazy as _

from rules_engine.core.tiles import tile_name

STRENGTH_NAMES = {
    "beginner": _("Kohai (beginner)"),
    "intermediate": _("Senpai (intermediate)"),
    "strong": _("Sensei (strong)"),
}
"""Strength id (``rules_engine.ai.STRENGTHS`` keys) -> translated display name (P-BOT-2)."""

FAMILY_NAMES = {"riichi": _("Riichi"), "taiwanese": _("Taiwanese")}
"""Preset family id -> translated name (profile ratings)."""

WIND_NAMES = (_("East"), _("South"), _("West"), _("North"))
"""Wind index 0..3 -> translated name."""

ACTION_NAMES = {
    "discard": _("Discard"), "riichi": _("Riichi"), "tsumo": _("Tsumo"), "ron": _("Ron"),
    "chi": _("Chi"), "pon": _("Pon"), "daiminkan": _("Kan"), "ankan": _("Closed kan"),
    "shouminkan": _("Added kan"), "kyuushu": _("Nine terminals: abort"), "pass": _("Pass"),
}
"""Action type (``rules_engine.core.actions.ACTION_TYPES``) -> translated verb."""

TW_ACTION_NAMES = {
    "riichi": _("Original Call"), "tsumo": _("Self-drawn win"), "ron": _("Win"), "chi": _("Chow"),
    "pon": _("Pung"), "daiminkan": _("Kong"), "ankan": _("Concealed kong"), "shouminkan": _("Added kong"),
}
"""The verbs that differ at a Taiwanese table (taiwanese.md wording: chow, pung, kong, Original
Call); ``ron`` without a tile is taking the eighth flower (T-FLOWER-5)."""

LIMIT_NAMES = {
    "mangan": _("Mangan"), "haneman": _("Haneman"), "baiman": _("Baiman"),
    "sanbaiman": _("Sanbaiman"), "yakuman": _("Yakuman"), "kazoe": _("Counted yakuman"),
}
"""Limit hand name of a win record -> translated name."""

ABORT_NAMES = {
    "kyuushu_kyuuhai": _("Abortive draw: nine terminals"),
    "suufon_renda": _("Abortive draw: four winds"),
    "suukaikan": _("Abortive draw: four kans"),
    "suucha_riichi": _("Abortive draw: four riichi"),
    "sanchahou": _("Abortive draw: triple ron"),
}
"""Abortive draw kind of a ``hand_end`` record -> translated description."""

YAKU_NAMES = {
    "riichi": _("Riichi"),
    "daburu_riichi": _("Double riichi"),
    "ippatsu": _("Ippatsu"),
    "menzen_tsumo": _("Fully concealed hand (menzen tsumo)"),
    "pinfu": _("Pinfu"),
    "iipeikou": _("Pure double sequence (iipeikou)"),
    "tanyao": _("All simples (tanyao)"),
    "yakuhai_haku": _("White dragon (yakuhai)"),
    "yakuhai_hatsu": _("Green dragon (yakuhai)"),
    "yakuhai_chun": _("Red dragon (yakuhai)"),
    "yakuhai_seat_wind": _("Seat wind (yakuhai)"),
    "yakuhai_round_wind": _("Round wind (yakuhai)"),
    "haitei_raoyue": _("Last tile from the wall (haitei)"),
    "houtei_raoyui": _("Last discard (houtei)"),
    "rinshan_kaihou": _("After a kan (rinshan kaihou)"),
    "chankan": _("Robbing a kan (chankan)"),
    "sanshoku_doujun": _("Mixed triple sequence (sanshoku)"),
    "ittsu": _("Pure straight (ittsu)"),
    "chanta": _("Outside hand (chanta)"),
    "chiitoitsu": _("Seven pairs (chiitoitsu)"),
    "toitoi": _("All triplets (toitoi)"),
    "sanankou": _("Three concealed triplets (sanankou)"),
    "sanshoku_doukou": _("Triple triplets (sanshoku doukou)"),
    "sankantsu": _("Three kans (sankantsu)"),
    "shousangen": _("Little three dragons (shousangen)"),
    "honroutou": _("All terminals and honours (honroutou)"),
    "honitsu": _("Half flush (honitsu)"),
    "junchan": _("Terminals in every set (junchan)"),
    "ryanpeikou": _("Twice pure double sequence (ryanpeikou)"),
    "chinitsu": _("Full flush (chinitsu)"),
    "dora": _("Dora"),
    "aka_dora": _("Red fives (aka dora)"),
    "ura_dora": _("Ura dora"),
    "kokushi_musou": _("Thirteen orphans (kokushi musou)"),
    "suuankou": _("Four concealed triplets (suuankou)"),
    "daisangen": _("Big three dragons (daisangen)"),
    "shousuushii": _("Little four winds (shousuushii)"),
    "daisuushii": _("Big four winds (daisuushii)"),
    "tsuuiisou": _("All honours (tsuuiisou)"),
    "chinroutou": _("All terminals (chinroutou)"),
    "ryuuiisou": _("All green (ryuuiisou)"),
    "chuuren_poutou": _("Nine gates (chuuren poutou)"),
    "suukantsu": _("Four kans (suukantsu)"),
    "tenhou": _("Blessing of heaven (tenhou)"),
    "chiihou": _("Blessing of earth (chiihou)"),
}
"""Yaku key of a win record -> translated name (the same strings as the table page)."""

_SUIT_NAMES = {"m": _("%(n)s of characters"), "p": _("%(n)s of circles"), "s": _("%(n)s of bamboo")}
_HONOR_NAMES = (_("East wind"), _("South wind"), _("West wind"), _("North wind"),
                _("White dragon"), _("Green dragon"), _("Red dragon"))


def strength_name(strength: str) -> str:
    """Translated name of strength id ``strength``; the id itself when unknown."""
    return STRENGTH_NAMES.get(strength, strength)


def hand_label(number: int) -> str:
    """Translated round label of hand ``number`` (0-based: 0 -> "East 1", 5 -> "South 2")."""
    return gettext("%(wind)s %(n)s") % {"wind": WIND_NAMES[(number // 4) % 4], "n": number % 4 + 1}


def tile_label(tile: int) -> str:
    """Translated spoken name of tile id ``tile`` (0..143), e.g. "5 of circles (red)" for 52.

    Raises ``ValueError`` for anything but an int in 0..143."""
    if not isinstance(tile, int) or isinstance(tile, bool) or not 0 <= tile <= 143:
        raise ValueError(f"tile id must be an int in 0..143, got {tile!r}")
    if tile >= 136:                             # Taiwanese bonus tiles (DESIGN §2)
        if tile < 140:
            return gettext("Flower %(n)s") % {"n": tile - 135}
        return gettext("Season %(n)s") % {"n": tile - 139}
    name = tile_name(tile)                      # "0p", "7z"…
    digit, suit = name[0], name[1]
    if suit == "z":
        return str(_HONOR_NAMES[int(digit) - 1])
    label = str(_SUIT_NAMES[suit]) % {"n": 5 if digit == "0" else digit}
    return gettext("%(name)s (red)") % {"name": label} if digit == "0" else label


def tile_display(tile: int) -> dict:
    """``{"id", "name", "label"}`` for tile id ``tile``: ``name`` is the notation and the
    image file stem (``static/tiles/<name>.svg``), ``label`` the translated alt text."""
    label = tile_label(tile)
    if 136 <= tile <= 143:                      # images f1..f4, s1..s4 as static/js/tiles.js
        name = f"f{tile - 135}" if tile < 140 else f"s{tile - 139}"
    else:
        name = tile_name(tile)
    return {"id": tile, "name": name, "label": label}


def action_display(data: dict, family: str = "riichi") -> dict:
    """Display of one stored action ``data`` (``{"type", "tile", "tiles"}``, engine JSON):
    ``{"verb": translated verb, "tile": tile_display | None, "tiles": [tile_display]}``.
    ``family``: ``"taiwanese"`` names the actions in that family's words (``TW_ACTION_NAMES``)."""
    typ = data.get("type")
    tile = data.get("tile")
    verb = ACTION_NAMES.get(typ, typ)
    if family == "taiwanese":
        verb = _("Take the eighth flower") if typ == "ron" and tile is None else TW_ACTION_NAMES.get(typ, verb)
    return {"verb": verb,
            "tile": tile_display(tile) if isinstance(tile, int) else None,
            "tiles": [tile_display(t) for t in data.get("tiles") or [] if isinstance(t, int)]}
