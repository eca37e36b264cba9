"""An mjai bot's reply -> one of our ``Action`` values (issue 13 item 3, DESIGN §8, P-BOT-4).

An outside computer speaking the mjai protocol answers each decision with one JSON object
(``{"type": "dahai", "actor": 0, "pai": "5mr", "tsumogiri": false}``, ``{"type": "none"}``,
…). ``translate`` matches it against the seat's legal actions (P-PLAY-3) and returns the
``Action`` the platform submits for that seat, or raises ``MjaiReplyError`` with a reason.
Pure Python: no Django, no clock.

Tiles: mjai names a tile kind, ``1m``..``9m``, ``1p``..``9p``, ``1s``..``9s``, the winds
``E S W N`` and the dragons ``P`` (white), ``F`` (green), ``C`` (red); a red five is ``5mr``,
``5pr``, ``5sr`` (R-TILE-2). Our actions name physical ids (0..135, ``kind = id // 4``, red
fives 16/52/88), so a reply is matched on (kind, red) and the legal action supplies the ids.

Replies (``actor``, when given, must be the bot's seat):

| mjai reply | our action |
|---|---|
| ``dahai`` ``pai`` ``tsumogiri`` | ``discard`` (``riichi`` right after an accepted ``reach``) |
| ``reach`` | no action yet: ``REACH_DECLARED``; the next ``dahai`` becomes our ``riichi`` |
| ``chi`` / ``pon`` / ``daiminkan`` ``pai`` ``consumed`` | ``chi`` / ``pon`` / ``daiminkan`` |
| ``ankan`` ``consumed`` (4) | ``ankan`` |
| ``kakan`` ``pai`` (``consumed``: the pon's 3, optional) | ``shouminkan`` |
| ``hora`` (``target`` = own seat, or ``pai``) | ``tsumo`` on the own turn, ``ron`` on a discard |
| ``ryukyoku`` | ``kyuushu`` (nine terminals, R-DRAW abortive draw, when offered) |
| ``none`` | ``pass`` (a call decision only; a turn must be answered) |

Our riichi is one action (declare and discard, R-RIICHI-1); mjai's is two messages. The
caller keeps ``reach_pending`` between them (``translate`` returns ``REACH_DECLARED`` for
the first) and passes ``reach_pending=True`` with the discard.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from rules_engine.core.actions import Action

#: mjai's names of the 34 tile kinds, in our kind order (0..33, DESIGN §2).
MJAI_KINDS: Final = tuple([f"{n}{s}" for s in "mps" for n in range(1, 10)]
                          + ["E", "S", "W", "N", "P", "F", "C"])
_KIND_OF: Final = {name: kind for kind, name in enumerate(MJAI_KINDS)}
#: Red five ids (R-TILE-4) and their mjai names.
_RED_IDS: Final = {16: "5mr", 52: "5pr", 88: "5sr"}
_RED_NAMES: Final = {name: tile for tile, name in _RED_IDS.items()}
#: The red five ids of a preset with red fives (``Preset.red_fives``; R-TILE-2).
RED_FIVES: Final = frozenset(_RED_IDS)
#: The reply types a bot may send.
REPLY_TYPES: Final = ("dahai", "reach", "chi", "pon", "daiminkan", "ankan", "kakan", "hora",
                      "ryukyoku", "none")


class MjaiReplyError(ValueError):
    """A reply that is malformed or names no legal action. ``code``: ``malformed`` (not an
    object, a missing or mistyped field, an unknown tile name), ``unknown_action`` (an
    unknown ``type``), ``not_your_seat`` (``actor`` is another seat) or ``illegal`` (well
    formed, but not among the legal actions now, P-PLAY-3)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class _ReachDeclared:
    """Marker: the bot declared riichi; its discard follows in the next reply."""

    def __repr__(self) -> str:
        return "REACH_DECLARED"


REACH_DECLARED: Final = _ReachDeclared()


def mjai_tile(tile: int, red_fives: frozenset[int] = RED_FIVES) -> str:
    """mjai name of physical tile ``tile`` (0..135): ``"5mr"`` for a red five (one of
    ``red_fives``), else the kind's name (``"E"``, ``"7p"``…). Raises ``ValueError`` outside
    0..135."""
    if isinstance(tile, bool) or not isinstance(tile, int) or not 0 <= tile < 136:
        raise ValueError(f"tile id must be 0..135, got {tile!r}")
    return (_RED_IDS[tile] if tile in red_fives else None) or MJAI_KINDS[tile // 4]


def parse_mjai_tile(name: object) -> tuple[int, bool]:
    """``(kind 0..33, red)`` of an mjai tile name; ``"5mr"`` -> ``(4, True)``. Raises
    ``MjaiReplyError("malformed")`` for anything else (``"?"`` included)."""
    if isinstance(name, str):
        if name in _RED_NAMES:
            return _RED_NAMES[name] // 4, True
        if name in _KIND_OF:
            return _KIND_OF[name], False
    raise MjaiReplyError("malformed", f"not an mjai tile name: {str(name)[:20]!r}")


def _key(tile: int, red: frozenset[int] = RED_FIVES) -> tuple[int, bool]:
    return tile // 4, tile in red


def _keys(names: object, field: str, count: int | None = None) -> list[tuple[int, bool]]:
    if not isinstance(names, list) or (count is not None and len(names) != count):
        want = f"a list of {count} tile names" if count is not None else "a list of tile names"
        raise MjaiReplyError("malformed", f"{field} must be {want}")
    return sorted(parse_mjai_tile(n) for n in names)


def translate(reply: object, seat: int, legal: Sequence[Action], *, drawn_tile: int | None = None,
              reach_pending: bool = False, red_fives: frozenset[int] = RED_FIVES) -> Action | _ReachDeclared:
    """The action of ``seat`` (0..3) that mjai ``reply`` names among ``legal`` (the seat's legal
    actions now, ``Game.legal_actions(seat)``), or ``REACH_DECLARED`` for a ``reach``.

    ``drawn_tile``: the id of the tile the seat just drew (the view's ``drawn_tile``), so that
    ``tsumogiri`` picks that copy; ``reach_pending``: a ``reach`` was answered with
    ``REACH_DECLARED`` and this reply must be its discard. The returned action is always one
    of ``legal``. ``red_fives``: the preset's red five ids (``Preset.red_fives``; without red
    fives every five is plain ``5m``). Raises ``MjaiReplyError`` (codes in its docstring);
    nothing is changed.
    """
    if not isinstance(reply, dict):
        raise MjaiReplyError("malformed", "a reply must be a JSON object")
    typ = reply.get("type")
    if typ not in REPLY_TYPES:
        raise MjaiReplyError("unknown_action", f"unknown mjai reply type {str(typ)[:20]!r}; expected "
                                               f"one of {', '.join(REPLY_TYPES)}")
    actor = reply.get("actor", seat)
    if actor != seat or isinstance(actor, bool):
        raise MjaiReplyError("not_your_seat", f"you play seat {seat}, not {str(actor)[:10]!r}")
    if not legal:
        raise MjaiReplyError("illegal", "no decision of yours is pending now")
    if reach_pending and typ != "dahai":
        raise MjaiReplyError("illegal", "after reach, send the dahai that declares it (R-RIICHI-1)")
    handler = _HANDLERS[typ]
    return handler(reply, seat, legal, drawn_tile, reach_pending, red_fives)


def _of_type(legal: Sequence[Action], *types: str) -> list[Action]:
    return [a for a in legal if a.type in types]


def _dahai(reply, seat, legal, drawn, reach_pending, red):
    key = parse_mjai_tile(reply.get("pai"))
    tsumogiri = reply.get("tsumogiri", False)
    if not isinstance(tsumogiri, bool):
        raise MjaiReplyError("malformed", "tsumogiri must be true or false")
    options = [a for a in _of_type(legal, "riichi" if reach_pending else "discard")
               if a.tile is not None and _key(a.tile, red) == key]
    if tsumogiri:
        options = [a for a in options if a.tile == drawn]
    elif drawn is not None and len(options) > 1:
        options = [a for a in options if a.tile != drawn] or options   # a copy from the hand
    if not options:
        what = "riichi discard" if reach_pending else "discard"
        tsumo = " of the drawn tile" if tsumogiri else ""
        raise MjaiReplyError("illegal", f"{what}{tsumo} {reply.get('pai')} is not legal now")
    return options[0]


def _reach(reply, seat, legal, drawn, reach_pending, red):
    if not _of_type(legal, "riichi"):
        raise MjaiReplyError("illegal", "riichi is not legal now (R-RIICHI-1)")
    return REACH_DECLARED


def _call(reply, seat, legal, drawn, reach_pending, red):
    typ = reply["type"]
    key = parse_mjai_tile(reply.get("pai"))
    count = {"chi": 2, "pon": 2, "daiminkan": 3}[typ]
    consumed = _keys(reply.get("consumed"), "consumed", count)
    for a in _of_type(legal, typ):
        if a.tile is not None and _key(a.tile, red) == key and sorted(_key(t, red) for t in a.tiles) == consumed:
            return a
    raise MjaiReplyError("illegal", f"{typ} of {reply.get('pai')} with {reply.get('consumed')} "
                                    "is not legal now")


def _ankan(reply, seat, legal, drawn, reach_pending, red):
    consumed = _keys(reply.get("consumed"), "consumed", 4)
    for a in _of_type(legal, "ankan"):
        if sorted(_key(t, red) for t in a.tiles) == consumed:
            return a
    raise MjaiReplyError("illegal", f"ankan of {reply.get('consumed')} is not legal now")


def _kakan(reply, seat, legal, drawn, reach_pending, red):
    key = parse_mjai_tile(reply.get("pai"))
    if "consumed" in reply:
        _keys(reply["consumed"], "consumed", 3)          # checked for form; the pon is ours
    for a in _of_type(legal, "shouminkan"):
        if a.tile is not None and _key(a.tile, red) == key:
            return a
    raise MjaiReplyError("illegal", f"kakan of {reply.get('pai')} is not legal now")


def _hora(reply, seat, legal, drawn, reach_pending, red):
    wins = _of_type(legal, "tsumo", "ron")
    target = reply.get("target")
    if target is not None and (isinstance(target, bool) or not isinstance(target, int)
                               or not 0 <= target <= 3):
        raise MjaiReplyError("malformed", "target must be a seat 0..3")
    if target is not None:
        wins = [a for a in wins if (a.type == "tsumo") == (target == seat)]
    if "pai" in reply:
        key = parse_mjai_tile(reply.get("pai"))
        wins = [a for a in wins if a.tile is None or a.tile // 4 == key[0]]
    if not wins:
        raise MjaiReplyError("illegal", "no win is legal now")
    return wins[0]


def _ryukyoku(reply, seat, legal, drawn, reach_pending, red):
    options = _of_type(legal, "kyuushu")
    if not options:
        raise MjaiReplyError("illegal", "the nine-terminals abortive draw (kyuushu kyuuhai) is "
                                        "not offered now")
    return options[0]


def _none(reply, seat, legal, drawn, reach_pending, red):
    options = _of_type(legal, "pass")
    if not options:
        raise MjaiReplyError("illegal", "it is your turn: send a dahai (or tsumo, kan, reach, "
                                        "ryukyoku); none only passes a call")
    return options[0]


_mjai_tile = mjai_tile

_HANDLERS: Final = {"dahai": _dahai, "reach": _reach, "chi": _call, "pon": _call,
                    "daiminkan": _call, "ankan": _ankan, "kakan": _kakan, "hora": _hora,
                    "ryukyoku": _ryukyoku, "none": _none}


def replies_of(action: Action, *, drawn_tile: int | None = None, claimed_from: int | None = None,
               red_fives: frozenset[int] = RED_FIVES) -> list[dict]:
    """The mjai reply (or replies: riichi is ``reach`` then ``dahai``) that names ``action``;
    the inverse of ``translate`` (used by tests and by a bot written against our actions).

    ``drawn_tile``: the seat's drawn tile id (sets ``tsumogiri``); ``claimed_from``: the seat
    whose discard a ``ron`` or call takes (mjai's ``target``; omitted when ``None``).
    Raises ``ValueError`` for an action type with no mjai reply."""
    actor, typ = action.seat, action.type

    def mjai_tile(tile: int) -> str:
        return _mjai_tile(tile, red_fives)

    target = {} if claimed_from is None else {"target": claimed_from}
    if typ in ("discard", "riichi"):
        dahai = {"type": "dahai", "actor": actor, "pai": mjai_tile(action.tile),
                 "tsumogiri": action.tile == drawn_tile}
        return [{"type": "reach", "actor": actor}, dahai] if typ == "riichi" else [dahai]
    if typ in ("chi", "pon", "daiminkan"):
        return [{"type": typ, "actor": actor, **target, "pai": mjai_tile(action.tile),
                 "consumed": [mjai_tile(t) for t in action.tiles]}]
    if typ == "ankan":
        return [{"type": "ankan", "actor": actor, "consumed": [mjai_tile(t) for t in action.tiles]}]
    if typ == "shouminkan":
        return [{"type": "kakan", "actor": actor, "pai": mjai_tile(action.tile)}]
    if typ == "tsumo":
        return [{"type": "hora", "actor": actor, "target": actor, "pai": mjai_tile(action.tile)}]
    if typ == "ron":
        return [{"type": "hora", "actor": actor, **target, "pai": mjai_tile(action.tile)}]
    if typ == "kyuushu":
        return [{"type": "ryukyoku", "actor": actor}]
    if typ == "pass":
        return [{"type": "none"}]
    raise ValueError(f"no mjai reply for action type {typ!r}")
