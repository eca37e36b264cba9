"""The three computer strengths on the Taiwanese table (issue 12 item 6; P-BOT-3, T-ONLINE-6):
legal actions only, the seat view only, Original Call only when ready (T-ORIG-3), every
offered win declared (T-WIN-4, T-WIN-5), honour pungs (T-TAI-12) and defence against an
Original Call declarer without furiten (T-WIN-6)."""
import copy
import json
import random

import pytest

from rules_engine import ai as riichi_ai
from rules_engine.core.actions import Action
from rules_engine.game import Game
from rules_engine.preset import get_preset
from rules_engine.taiwanese import ai as tw_ai
from rules_engine.taiwanese import simple_player
from rules_engine.taiwanese.ai.shanten import shanten
from rules_engine.taiwanese.ready import is_winning, waits
from rules_engine.taiwanese.scenario import act, build_wall, kind_of, quiet_until
from rules_engine.taiwanese.views import decision_view

SINGLE = get_preset("taiwanese-single-deal")
STRENGTHS = ("beginner", "intermediate", "strong")


def _check_choice(game, seat, strength, action, ctx):
    """The properties every choice must have: legal; a win whenever one is offered; Original
    Call only on a ready hand."""
    legal = game.legal_actions(seat)
    assert action in legal, (ctx, strength, action)
    if any(a.type in ("tsumo", "ron") for a in legal):
        assert action.type in ("tsumo", "ron"), (ctx, strength, "declined a win")
    if action.type == "riichi":  # Original Call: the 16 tiles left must be ready (T-ORIG-3)
        s = game._seats[seat]
        counts = list(s.counts)
        if action.tile is not None:
            counts[action.tile >> 2] -= 1
        assert waits(counts, len(s.melds)), (ctx, strength, "Original Call on a hand that is not ready")


def test_p_bot_3_every_strength_is_legal_over_random_hands():
    """200 random hands driven by the simple player (greedy calls and Original Calls give
    locked hands, kongs and late-wall states); at every tenth decision all three strengths
    are asked for the pending seat and checked (legal, wins declared, Original Call only when
    ready)."""
    asked = {s: 0 for s in STRENGTHS}
    types = set()
    for h in range(120):
        game = Game.new(SINGLE, 5000 + h)
        step = 0
        while game.phase in ("turn", "claim"):
            seat = game.pending_seats()[0]
            view = game.view(seat)
            if step % 10 == 0 or any(a["type"] in ("tsumo", "ron", "riichi") for a in view["legal_actions"]):
                for s in STRENGTHS:
                    a = tw_ai.decide(s, view, h * 31 + step)
                    _check_choice(game, seat, s, a, f"hand {h} step {step}")
                    asked[s] += 1
                    types.add(a.type)
            game.apply(simple_player.decide(decision_view(game, seat)))
            step += 1
    assert min(asked.values()) > 600
    assert {"discard", "pon", "chi", "pass", "tsumo", "ron"} <= types


def test_p_bot_3_the_strengths_play_whole_hands_legally():
    """Hands played by the computers themselves (every seat a strength, rotated), through the
    shared entry point ``rules_engine.ai.decide``, which hands Taiwanese views on."""
    wins = 0
    for h in range(12):
        seats = [STRENGTHS[(h + i) % 3] for i in range(4)]
        game = Game.new(SINGLE, 9000 + h)
        while game.phase in ("turn", "claim"):
            for seat in game.pending_seats():
                a = riichi_ai.decide(seats[seat], game.view(seat), h)
                _check_choice(game, seat, seats[seat], a, f"hand {h}")
                game.apply(a)
                if game.phase not in ("turn", "claim"):
                    break
        assert game.phase in ("hand_over", "game_over")
        wins += game.hand_result["kind"] == "win"
    assert wins >= 5


def _swap_hidden(game, seat, rng):
    """A copy of ``game`` whose hidden tiles (other seats' concealed tiles and the live wall)
    are exchanged: tiles of another seat's hand traded with live-wall tiles."""
    twin = game.clone()
    others = [i for i in range(4) if i != seat]
    live = list(twin._walls.live)
    for o in others:
        s = twin._seats[o]
        for _ in range(3):
            i = rng.randrange(len(s.hand))
            j = rng.randrange(len(live))
            if live[j] >= 136:
                continue
            a, b = s.hand[i], live[j]
            s.remove(a)
            s.add(b)
            live[j] = a
        s.update_waits()
    twin._walls.live.clear()
    twin._walls.live.extend(live)
    return twin


def test_p_bot_3_decisions_depend_on_the_seat_view_only():
    """Changing what the seat cannot see (other hands, the wall) leaves its view and every
    strength's choice unchanged; the view is not modified by ``decide``."""
    rng = random.Random(3)
    checked = 0
    for h in range(12):
        game = Game.new(SINGLE, 700 + h)
        quiet_until(game, lambda g: g.phase == "turn" and g._turn_kind == "draw" and g._order >= 8)
        if game.phase != "turn":
            continue
        seat = game.pending_seats()[0]
        twin = _swap_hidden(game, seat, rng)
        view, twin_view = game.view(seat), twin.view(seat)
        assert view == twin_view
        frozen = json.dumps(view, sort_keys=True)
        for s in STRENGTHS:
            assert tw_ai.decide(s, view, 11) == tw_ai.decide(s, copy.deepcopy(twin_view), 11)
        assert json.dumps(view, sort_keys=True) == frozen
        checked += 1
    assert checked >= 8


def test_decide_rejects_bad_input():
    game = Game.new(SINGLE, 1)
    seat = game.pending_seats()[0]
    view = game.view(seat)
    with pytest.raises(ValueError):
        tw_ai.decide("grandmaster", view, 1)
    with pytest.raises(ValueError):
        tw_ai.decide("strong", game.view(None), 1)
    with pytest.raises(ValueError):
        tw_ai.decide("strong", view, "1")
    assert isinstance(tw_ai.decide("strong", view, 1), Action)


def _complete_hand(rng):
    while True:
        c = [0] * 34
        for _ in range(5):
            if rng.random() < 0.5:
                c[rng.randrange(34)] += 3
            else:
                k = rng.randrange(3) * 9 + rng.randrange(7)
                c[k] += 1; c[k + 1] += 1; c[k + 2] += 1
        c[rng.randrange(34)] += 2
        if max(c) <= 4:
            return c


def test_t_win_shanten_of_sixteen_tile_hands_matches_the_table():
    """The players' shanten (five sets and a pair, T-WIN-1, T-WIN-2): -1 for winning 17-tile
    hands and 0 exactly for the 16-tile hands the table finds ready (``ready.waits``), also
    after random exchanges."""
    rng = random.Random(5)
    for _ in range(300):
        c = _complete_hand(rng)
        assert shanten(c) == -1 and is_winning(c, 0)
        for _ in range(1 + rng.randrange(3)):
            k = rng.choice([k for k in range(34) if c[k]])
            c[k] -= 1
            assert (shanten(c) == 0) == bool(waits(c, 0)), c
            j = rng.choice([j for j in range(34) if c[j] < 4])
            c[j] += 1


# ------------------------------------------------------------------ scenarios on scripted walls

def test_t_orig_strong_declares_original_call_on_a_good_dealt_wait():
    """T-ORIG-2, T-TAI-38: South's dealt hand waits on 5s/8s (eight tiles): the strong and the
    intermediate computers declare; a hand that is not ready is never offered it."""
    game = Game.new(SINGLE, 1, wall=build_wall({1: "123m 456m 789m 345p 22s 67s"}))
    assert game.phase == "claim" and game.pending_seats() == [1]
    view = game.view(1)
    for s in ("intermediate", "strong"):
        assert tw_ai.decide(s, view, 1).type == "riichi"


def test_t_tai_12_intermediate_and_strong_pung_a_dragon():
    """South holds a pair of red dragons; East's first discard is a red dragon: the pung (1 tai,
    and it brings the hand nearer) is taken."""
    game = Game.new(SINGLE, 2, wall=build_wall({0: "C 19m 19p 19s ESW 258m 258p 1s",
                                                1: "CC 123m 456m 789p 99p 24s 5s"}))
    quiet_until(game, lambda g: g.phase == "turn")
    act(game, 0, "discard", "C")
    assert game.phase == "claim" and 1 in game.pending_seats()
    view = game.view(1)
    for s in ("intermediate", "strong"):
        a = tw_ai.decide(s, view, 3)
        assert a.type == "pon" and a.tile >> 2 == kind_of("C"), s


def test_t_win_6_strong_discards_a_passed_tile_against_an_original_call():
    """North declared Original Call (locked, T-ORIG-4); East's 5p passed him. South, far from
    ready with no honours, discards the 5p (safe: North's hand cannot have changed) rather than
    a tile nobody has shown, although there is no furiten; the intermediate, not defending,
    throws one of its isolated terminals."""
    game = Game.new(SINGLE, 4, wall=build_wall(
        {0: "5p 19m 19p 19s EEE 2468m 3p", 1: "1m 9m 1p 9p 1s 9s 1m 9m 1p 37m 26p 5p 3s 7s",
         3: "123m 456m 789m 345p 22s 67s"}, live="5m"))
    assert game.pending_seats() == [3]
    act(game, 3, "riichi", "-")
    act(game, 0, "discard", "5p")
    quiet_until(game, lambda g: g.phase == "turn")
    assert game.pending_seats() == [1]
    view = game.view(1)
    assert shanten([c for c in game._seats[1].counts], 0) >= 3
    a = tw_ai.decide("strong", view, 5)
    assert a.type == "discard" and a.tile >> 2 == kind_of("5p")
    assert tw_ai.decide("intermediate", view, 5).tile >> 2 != kind_of("5p")


def test_t_win_5_every_strength_takes_a_win_on_a_discard():
    """A ready South is offered the win on East's first discard (an earthly hand, T-TAI-40):
    every strength declares it."""
    game = Game.new(SINGLE, 6, wall=build_wall({0: "8s 19m 19p 19s ESW 258m 258p 1s",
                                                1: "123m 456m 789m 345p 22s 67s"}))
    act(game, 1, "pass")
    act(game, 0, "discard", "8s")
    assert game.phase == "claim"
    view = game.view(1)
    for s in STRENGTHS:
        assert tw_ai.decide(s, view, 7).type == "ron", s


def test_arena_plays_taiwanese_hands_with_the_riichi_figures(capsys):
    """``python -m rules_engine.arena --preset taiwanese --single``: the single-hand variant, the
    same per-computer figures as for Riichi, no illegal action."""
    from rules_engine.cli import arena

    assert arena.main(["--preset", "taiwanese", "--single", "--games", "4", "--seed", "3"]) == 0
    summary = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert summary["preset"] == "taiwanese-single-deal" and summary["illegal_actions"] == 0
    strong = summary["computers"]["strong"]
    assert strong["hands"] == 4 and len(strong["ci95"]) == 2
    assert {"avg_placement", "win_rate", "deal_in_rate", "riichi_rate", "call_rate"} <= set(strong)
