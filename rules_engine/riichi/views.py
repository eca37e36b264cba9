"""Per-seat and public views of the table (DESIGN §2, P-SYS-2, P-PLAY-7).

A view is a JSON-serializable dict holding only what its recipient may know:
never the wall, the dead wall beyond revealed indicators, or another seat's
concealed tiles (hands revealed by a win, a tenpai reveal at a draw or a
kyuushu declaration appear only inside ``hand_result``). Keys are listed in
docs/engine-api.md, "Views".
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from rules_engine.riichi.discard_preview import discard_previews
from rules_engine.riichi.explain import explain_hand_result
from rules_engine.riichi.wall import DORA_INDICATOR_INDEX

if TYPE_CHECKING:  # pragma: no cover
    from rules_engine.game import Game


def build_view(game: "Game", seat: int | None) -> dict:
    """The view of ``seat`` (0..3) or the public view (``None``). Raises ``ValueError`` for
    another seat value."""
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3):
        raise ValueError(f"view seat must be 0..3 or None, got {seat!r}")
    seats = game._seats
    dealer = game.dealer
    copy = dict.copy
    players = [{
        "seat": i, "seat_wind": (i - dealer) % 4,
        "discards": list(map(copy, s.discards)),
        "melds": [m.to_json() for m in s.melds],
        "riichi": s.riichi or s.riichi_declared,
        "concealed_count": len(s.hand),
    } for i, s in enumerate(seats)]
    view = _header(game, seat)
    view["players"] = players
    view["hand_result"] = explained_hand_result(game)
    view["game_result"] = game.game_result
    if seat is not None:
        _add_private(game, seat, view)
        view["tenpai_no_yaku"] = game.tenpai_without_yaku(seat)
        view["discard_waits"] = discard_previews(game, seat)
    return view


def explained_hand_result(game: "Game") -> dict | None:
    """``game.hand_result`` with the results-screen explanation of ``riichi.explain`` (fu items,
    payment parts, riichi sticks), built once per ended hand and kept on the game. The stored
    record (part of the log) is never changed; ``None`` while no hand has ended."""
    result = game.hand_result
    if result is None:
        return None
    cached = getattr(game, "_explained_result", None)
    if cached is not None and cached[0] is result:
        return cached[1]
    explained = explain_hand_result(result, dealer=game.dealer, round_wind=game.round_wind,
                                    riichi=[s.riichi for s in game._seats], preset=game.preset)
    game._explained_result = (result, explained)
    return explained


def decision_view(game: "Game", seat: int) -> dict:
    """What a computer player deciding for ``seat`` needs, built quickly: ``game.view(seat)``
    without ``players``, ``hand_result``, ``game_result``, ``tenpai_no_yaku`` and
    ``discard_waits`` (every other key, same values).
    The simulator's simple player uses it (its seat wind is ``(seat - dealer) % 4``). Raises
    ``ValueError`` for a seat outside 0..3."""
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3:
        raise ValueError(f"decision view seat must be 0..3, got {seat!r}")
    view = _header(game, seat)
    _add_private(game, seat, view)
    return view


_DORA1 = DORA_INDICATOR_INDEX[0]


def _header(game: "Game", seat: int | None) -> dict:
    """The table-wide keys of a view (insertion order as in ``build_view``)."""
    last = game._last_discard
    kakan = game._kakan
    phase = game.phase
    wall = game._wall
    n_dora = game._n_dora
    return {
        "preset": game.preset.name, "preset_version": game.preset.version, "seat": seat,
        "phase": phase, "seq": game.seq, "round_wind": game.round_wind,
        "hand_number": game.hand_number, "dealer": game.dealer, "honba": game.honba,
        "riichi_deposits": game.deposits, "scores": list(game.scores),
        "wall_count": game._live_end - game._live_pos,
        "dora_indicators": [wall[_DORA1]] if n_dora == 1 else [wall[i] for i in DORA_INDICATOR_INDEX[:n_dora]],
        "turn": game._turn,
        "last_discard": {"seat": last[0], "tile": last[1]} if last else None,
        "pending_seats": game.visible_pending(seat),
        "kakan": {"seat": kakan[0], "tile": kakan[1]} if kakan and phase == "claim" else None,
    }


def _add_private(game: "Game", seat: int, view: dict) -> None:
    """The own-seat keys: hand, drawn tile, legal actions, furiten, waits, kuikae."""
    s = game._seats[seat]
    own_turn = game._turn == seat and game.phase == "turn"
    hand = s.hand
    view["hand"] = sorted(hand)
    view["drawn_tile"] = game._drawn if own_turn else None
    view["legal_actions"] = game.legal_actions_json(seat)
    view["furiten"] = s.furiten()
    view["waits"] = sorted(s.waits) if len(hand) % 3 == 1 else []
    view["kuikae"] = sorted(game._kuikae) if own_turn and game._kuikae else []
