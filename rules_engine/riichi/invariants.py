"""Invariant checks of a running table, used by the simulator and the property tests
(R-WALL-9 tile conservation, R-PAY-7 points plus deposits constant, P-SYS-2 no view leak).

Each function returns a list of violation messages (empty when the invariant holds).
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from rules_engine.core.view_checks import public_tiles, view_problems, view_tile_ids
from rules_engine.riichi.wall import LIVE_END, REPLACEMENT_INDEX

if TYPE_CHECKING:  # pragma: no cover
    from rules_engine.game import Game


def tile_conservation(game: "Game") -> list[str]:
    """R-WALL-9: live wall + removed tail + undrawn dead wall + concealed + melds + uncalled
    discards (+ an added-kan tile awaiting chankan) = the 136 ids, none twice; and each seat's
    ``kinds`` counts match its concealed hand."""
    w = game._wall
    ids = list(w[game._live_pos:LIVE_END])  # live wall plus the removed tail tiles
    used_repl = {REPLACEMENT_INDEX[i] for i in range(game._n_repl)}
    ids += [w[i] for i in range(LIVE_END, 136) if i not in used_repl]
    for s in game._seats:
        ids += s.hand
        ids += [t for m in s.melds for t in m.tiles]
        ids += [d["tile"] for d in s.discards if not d["called"]]
    if game._kakan is not None:  # an added-kan tile awaiting chankan, or robbed by it
        ids.append(game._kakan[1])
    if len(ids) != 136 or len(set(ids)) != 136:
        return [f"tile conservation: {len(ids)} ids, {len(set(ids))} distinct"]
    out = []
    for i, s in enumerate(game._seats):  # the per-kind counts the table keeps in step with the hand
        kinds = [0] * 34
        for t in s.hand:
            kinds[t >> 2] += 1
        if kinds != s.kinds:
            out.append(f"seat {i}: kind counts {s.kinds} differ from the hand's {kinds}")
    return out


def points_constant(game: "Game", total: int) -> list[str]:
    """R-PAY-7: the sum of the scores plus the deposits on the table stays ``total``."""
    now = sum(game.scores) + game.deposits
    return [] if now == total else [f"points: scores {game.scores} + deposits {game.deposits} = {now} != {total}"]


VIEW_KEYS = frozenset({
    "preset", "preset_version", "seat", "phase", "seq", "round_wind", "hand_number", "dealer", "honba",
    "riichi_deposits", "scores", "wall_count", "dora_indicators", "turn", "last_discard", "pending_seats",
    "kakan", "players", "hand_result", "game_result", "hand", "drawn_tile", "legal_actions", "furiten",
    "waits", "kuikae", "tenpai_no_yaku", "discard_waits"})
PLAYER_KEYS = frozenset({"seat", "seat_wind", "discards", "melds", "riichi", "concealed_count"})


def view_leaks(game: "Game", seat: int | None) -> list[str]:
    """P-SYS-2: every tile id in ``game.view(seat)`` (outside ``hand_result``) must be public
    (discards, melds, revealed indicators, an added-kan tile) or the seat's own concealed tile;
    the view must have no wall key; the public view has no hand; during a claim no view names
    another seat that was offered a call (P-FAIR-6). The checks: ``core.view_checks``."""
    view = game.view(seat)
    allowed = public_tiles(game) | set(game.dora_indicators())
    if seat is not None:
        allowed.update(game._seats[seat].hand)
    ids = view_tile_ids(view, lists=("dora_indicators",), tile_keys=("last_discard", "kakan"))
    return view_problems(game, seat, view, allowed=allowed, view_keys=VIEW_KEYS, player_keys=PLAYER_KEYS,
                         tile_ids=ids)
