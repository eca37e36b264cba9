"""One scenario per T- rule that had no test named after it (issue 12 item 8; found with
``python tools/rule_tests.py ../shared/spec/taiwanese.md T tests``): scripted walls through the
table for the flow rules, the scorer for the scoring and payment rules, seeded whole hands of
the simple player for the rules that hold at every step (hand size, ways a hand ends)."""
from __future__ import annotations

import random

from rules_engine.game import Game
from rules_engine.preset import get_preset
from rules_engine.taiwanese.random_hands import random_tai_wins
from rules_engine.taiwanese.scenario import act, build_wall, kind_of, quiet_step, quiet_until
from rules_engine.taiwanese.scoring import TaiWin, payments, score_win
from rules_engine.taiwanese.simple_player import decide
from rules_engine.taiwanese.tiles import tile_label
from rules_engine.taiwanese.wall import DEALT

from tests.engine.test_taiwanese_scoring import E, N, S, W, check, win

SINGLE = get_preset("taiwanese-single-deal")
JUNK_E = "SSS WWW NNN PPP FFF C"       # 16 honours for the dealer that never meet the test's tiles
READY_S = "123m 456m 789m 345p 678s 2s"  # South's dealt hand waiting on 2s (EX-24)


def new(hands=None, live="", dead="", seed=1, preset=SINGLE):
    return Game.new(preset, seed, wall=build_wall(hands, live, dead))


def types(game, seat):
    return {a.type for a in game.legal_actions(seat)}


def pass_rest(game):
    seq = game.seq
    while game.phase == "claim" and game.seq == seq:
        act(game, game.pending_seats()[0], "pass")


def to_turn(game):
    quiet_until(game, lambda g: g.phase == "turn")


def play_hand(game, rng=None):
    """The simple player for every seat until the hand is over; yields the game before each step."""
    while game.phase in ("turn", "claim"):
        yield game
        seat = game.pending_seats()[0]
        game.apply(decide(game.view(seat)))


# ------------------------------------------------------------------ setup, deal, wall, flowers

def test_t_setup_1_and_t_match_2_the_dealer_is_east_and_winds_follow_turn_order():
    """T-SETUP-1, T-MATCH-2: in every hand the dealer's seat wind is East and the others follow in
    turn order (the platform draws who sits where, P-TABLE; the engine's seat 0 deals first)."""
    game = Game.new(get_preset("taiwanese-east"), 5)
    for hand in range(3):
        view = game.view(None)
        assert [p["seat_wind"] for p in view["players"]] == [(s - view["dealer"]) % 4 for s in range(4)]
        for _ in play_hand(game):
            pass
        game.next_hand(50 + hand)


def test_t_setup_4_every_game_starts_at_2000_and_scores_may_go_negative():
    """T-SETUP-4, T-PAY-8: 2,000 each at the start; a payment larger than a score leaves it
    negative (the scorer never caps it)."""
    game = Game.new(get_preset("taiwanese"), 3)
    assert game.scores == [2000] * 4
    deltas = payments([(S, 2500)], discarder=E, self_draw=False)
    assert [a + b for a, b in zip([2000] * 4, deltas)] == [-500, 4500, 2000, 2000]


def test_t_setup_5_no_riichi_dora_sticks_or_abortive_draws_in_this_preset():
    """T-SETUP-5: a Taiwanese view carries no dora indicators, sticks or honba; no seat is ever
    offered a nine-terminals abort; thirteen orphans is no win (T-WIN-3)."""
    game = new({0: "1m 9m 1p 9p 1s 9s ESWN PFC 1m 9m 1p 9p"})
    to_turn(game)
    view = game.view(0)
    assert not view.get("dora_indicators") and not view.get("honba") and not view.get("riichi_deposits")
    assert "kyuushu" not in types(game, 0) and "tsumo" not in types(game, 0)


def test_t_deal_4_opening_stage_flowers_then_original_call_window_then_dealer_turn():
    """T-DEAL-4: the flower passes come first (South's dealt f1 is exposed and replaced before any
    decision), then the non-dealers' Original Call window, then the dealer's first turn."""
    game = new({0: JUNK_E + " 9p", 1: READY_S[:-3] + " f1"}, dead="2s")
    assert [tile_label(f) for f in game._seats[1].flowers] == ["f1"]
    assert game.phase == "claim" and game._claim["kind"] == "original_call"
    act(game, 1, "pass")
    assert game.phase == "turn" and game._turn == 0 and game._order == 0


def test_t_wall_1_and_t_wall_5_ordinary_draw_from_the_front_and_the_wall_count():
    """T-WALL-1: South's ordinary draw is the live wall's front tile; T-WALL-5: the wall count of
    every view is the live wall's length and falls by one per draw."""
    wall = build_wall({0: JUNK_E + " 9p"})
    game = Game.new(SINGLE, 1, wall=wall)
    to_turn(game)
    before = game.view(2)["wall_count"]
    assert before == game.live_count == 128 - DEALT
    act(game, 0, "discard", "9p")
    pass_rest(game)
    assert game._turn == 1 and game._drawn == wall[DEALT]
    assert game.view(2)["wall_count"] == game.view(1)["wall_count"] == before - 1


def test_t_flower_1_flowers_are_never_in_hand_discarded_or_claimed():
    """T-FLOWER-1: dealt flowers are exposed by their owner automatically; no legal action ever
    names a flower; a flower drawn in play is exposed too."""
    game = new({0: JUNK_E + " f2", 2: "s1 s3"}, live="? f4")
    to_turn(game)
    assert {tile_label(f) for f in game._seats[2].flowers} == {"s1", "s3"}
    for _ in range(12):
        for seat in range(4):
            assert all(t < 136 for t in game._seats[seat].hand)
            assert all(a.tile is None or a.tile < 136 for a in game.legal_actions(seat))
        quiet_step(game)
    assert "f4" in {tile_label(f) for f in game._seats[2].flowers}


def test_t_flower_6_and_t_score_2_a_flower_win_scores_nothing_else():
    """T-FLOWER-6, T-SCORE-2: an eight-flower win by an Original Call declarer on its first draw
    still scores 30 and nothing else (no Winning, Original Call or early-win award)."""
    res = score_win(TaiWin(concealed=(), melds=(), flowers=tuple(range(136, 144)), win_tile=None,
                           self_draw=True, seat_wind=W, round_wind=0, flower_win="eight_flowers",
                           original_call=True, discards_before_win=1))
    check(res, 30, {"T-TAI-01": 30})


# ------------------------------------------------------------------------------ turns and calls

def test_t_turn_2_ordinary_turn_draw_then_win_kong_or_discard():
    """T-TURN-2: South, who did not claim, draws and decides among discards of any concealed tile
    (and a self-drawn win or kongs when legal), holding 17 tiles."""
    game = new({0: JUNK_E + " 9p"})
    to_turn(game)
    act(game, 0, "discard", "9p")
    pass_rest(game)
    assert game.phase == "turn" and game._turn == 1 and game._turn_kind == "draw"
    legal = game.legal_actions(1)
    assert {a.type for a in legal} <= {"discard", "tsumo", "ankan", "shouminkan"}
    assert {a.tile >> 2 for a in legal if a.type == "discard"} == {t >> 2 for t in game._seats[1].hand}
    assert len(game._seats[1].hand) == 17


def kong(game, seat, label):
    """Declare ``seat``'s concealed kong of the kind written ``label``."""
    (a,) = [a for a in game.legal_actions(seat) if a.type == "ankan" and a.tiles[0] >> 2 == kind_of(label)]
    return game.apply(a)


def test_t_turn_3_and_t_kong_6_kong_after_kong_each_with_its_replacement():
    """T-TURN-3, T-KONG-6: after a concealed kong and its replacement the dealer has the same turn
    decision, including a second kong, which takes a second replacement (no limit)."""
    game = new({0: "7777m 8888m 123p 456p 9s"}, dead="1s 2s")
    to_turn(game)
    kong(game, 0, "7m")
    assert "ankan" in types(game, 0) and game._turn_kind == "replacement"
    kong(game, 0, "8m")
    assert [m.type for m in game._seats[0].melds] == ["ankan", "ankan"]
    assert {tile_label(t) for t in game._seats[0].hand} >= {"1s", "2s"}
    assert len(game._seats[0].hand) + 8 == 17 + 2                  # T-TURN-6 with two kongs


def test_t_turn_4_after_a_chow_discard_at_once_any_tile():
    """T-TURN-4: South chows East's 5p while holding four 9s: no kong, win or Original Call, only
    discards, including a 5p (no swap-call restriction)."""
    game = new({0: JUNK_E + " 5p", 1: "46p 5p 9999s"})
    to_turn(game)
    act(game, 0, "discard", "5p")
    act(game, 1, "chi")
    pass_rest(game)
    assert game._turn == 1 and types(game, 1) == {"discard"}
    assert "5p" in {tile_label(a.tile) for a in game.legal_actions(1)}


def test_t_turn_5_and_t_kong_1_an_exposed_kong_continues_as_after_a_kong():
    """T-TURN-5, T-KONG-1: West claims East's 6m with three concealed 6m for an exposed kong, takes
    a replacement and has a full turn decision (another kong of its own four 9s included)."""
    game = new({0: JUNK_E + " 6m", 2: "666m 9999s"})
    to_turn(game)
    act(game, 0, "discard", "6m")
    act(game, 2, "daiminkan")
    pass_rest(game)
    assert game._turn == 2 and game._turn_kind == "replacement"
    assert game._seats[2].melds[0].type == "daiminkan" and "ankan" in types(game, 2)


def test_t_turn_6_hand_size_is_sixteen_plus_kongs_after_every_discard():
    """T-TURN-6: over whole hands of the simple player, a seat on its turn holds 17 + kongs tiles
    (concealed plus melds) and every other seat 16 + kongs."""
    for seed in range(12):
        game = Game.new(SINGLE, seed)
        for g in play_hand(game):
            if g.phase != "turn":
                continue
            for seat in range(4):
                st = g._seats[seat]
                kongs = sum(1 for m in st.melds if len(m.tiles) == 4)
                held = len(st.hand) + sum(len(m.tiles) for m in st.melds)
                assert held == 16 + kongs + (seat == g._turn), (seed, seat, held, kongs)


def test_t_turn_7_unclaimed_discard_passes_the_turn_and_a_claim_moves_it():
    """T-TURN-7: East's unclaimed discard gives South the turn; North's pung of West's tile gives
    North the turn, and after North's discard East plays next."""
    game = new({0: JUNK_E + " 9p", 2: "5p", 3: "55p"})
    to_turn(game)
    act(game, 0, "discard", "9p")
    pass_rest(game)
    assert game._turn == 1
    quiet_until(game, lambda g: g.phase == "turn" and g._turn == 2)
    act(game, 2, "discard", "5p")
    act(game, 3, "pon")
    pass_rest(game)
    assert game._turn == 3
    quiet_step(game)
    pass_rest(game)
    assert game.phase == "turn" and game._turn == 0


def test_t_call_3_claimed_sets_are_shown_to_everybody():
    """T-CALL-3: South's chow of East's 5p appears in every seat's view and a spectator's."""
    game = new({0: JUNK_E + " 5p", 1: "46p"})
    to_turn(game)
    act(game, 0, "discard", "5p")
    act(game, 1, "chi")
    pass_rest(game)
    for viewer in (None, 0, 1, 2, 3):
        melds = game.view(viewer)["players"][1]["melds"]
        assert [m["type"] for m in melds] == ["chi"]
        assert sorted(melds[0]["tiles"]) == sorted(game._seats[1].melds[0].tiles)
        assert "5p" in {tile_label(t) for t in melds[0]["tiles"]}


def test_t_call_5_t_orig_1_t_orig_4_a_locked_player_only_claims_wins():
    """T-ORIG-1: South's Original Call is public; T-CALL-5, T-ORIG-4: locked, South is offered no
    chow of East's 4m (only a win or pass would be), and its concealed tiles never change: every
    later discard of South is the tile it drew."""
    game = new({0: JUNK_E + " 4m", 1: READY_S})
    act(game, 1, "riichi", "-")
    assert all(game.view(v)["players"][1]["original_call"] for v in (None, 0, 2, 3))
    to_turn(game)
    hand = sorted(game._seats[1].hand)
    act(game, 0, "discard", "4m")
    assert "chi" not in types(game, 1)
    pass_rest(game)
    for _ in range(16):
        if game.phase not in ("turn", "claim"):
            break
        if game.phase == "claim" and 1 in game.pending_seats():
            assert types(game, 1) <= {"ron", "pass"}
            act(game, 1, "pass")
            continue
        quiet_step(game)
        assert sorted(game._seats[1].hand) == hand or game._turn == 1


# ------------------------------------------------------------------------------ winning, end

def test_t_win_4_and_t_pay_4_a_win_on_a_replacement_draw_is_self_drawn():
    """T-WIN-4, T-PAY-4: the dealer's concealed kong brings the replacement 9s that completes
    his hand: a self-drawn win, each opponent pays the total."""
    game = new({0: "7777m 123p 456p 789p 123s 9s"}, dead="9s")
    to_turn(game)
    kong(game, 0, "7m")
    assert "tsumo" in types(game, 0)
    act(game, 0, "tsumo")
    (w,) = game.hand_result["wins"]
    assert w["tsumo"] and w["from_seat"] is None
    assert game.hand_result["deltas"] == [3 * w["tai"], -w["tai"], -w["tai"], -w["tai"]]


def test_t_end_1_t_end_3_t_end_4_t_pay_7_hands_end_only_by_a_win_or_the_wall():
    """T-END-1, T-END-3: over whole hands of the simple player every hand ends by a win (self-
    draw, discard, robbing, flowers) or an exhaustive draw, never an abortive draw; T-END-4,
    T-PAY-7: a drawn hand pays nothing and the dealer keeps the deal."""
    kinds = set()
    for seed in range(40):
        game = Game.new(SINGLE, seed)
        for _ in play_hand(game):
            pass
        r = game.hand_result
        kinds.add(r["kind"])
        assert r["kind"] in ("win", "exhaustive_draw")
        if r["kind"] == "exhaustive_draw":
            assert r["deltas"] == [0, 0, 0, 0] and r["dealer_repeat"]
            assert game.live_count == 0
        else:
            assert r["wins"] and sum(r["deltas"]) == 0
    assert "win" in kinds


def test_t_orig_5_each_declarer_who_wins_gets_15_however_the_win_happens():
    """T-ORIG-5: the Original Call award on a self-draw, on a discard and when robbing a kong."""
    for flags in (dict(self_draw=True), dict(), dict(robbing_kong=True)):
        res = score_win(win("123m 456m 789m 345p 678s 2s", "2s", original_call=True, **flags))
        assert res.awards["T-TAI-38"] == 15, flags


# ------------------------------------------------------------------------------ scoring

def test_t_score_1_the_total_is_the_sum_of_the_awards_with_no_limit():
    """T-SCORE-1, T-SCORE-8: a hand's tai is the sum of its awards; no limit (57 tai stays 57)
    and no minimum; the dealer gets no extra tai (the same hand scores alike for East and South)."""
    big = win("111m 333m 555p 777s EE 99s", "E", self_draw=True, seat=W)
    assert score_win(big).tai == 57
    for tw in random_tai_wins(7, 300):
        res = score_win(tw)
        assert res.tai == sum(res.awards.values()) and res.tai >= 2 or res.form == "flower"


def test_t_score_8_no_dealer_tai():
    """T-SCORE-8: the same hand scores the same for the dealer (East) and a non-dealer."""
    for seat in (E, S):
        check(score_win(win("67m 789m 345s EEE 66s", "5m", ("chow 234p",), "f2 s3", seat=seat)), 5)


def test_t_score_3_the_best_arrangement_is_used():
    """T-SCORE-3: 111m 222m 333m may be three pungs or three chows. Self-drawn with 456p 789s 9s,
    the chows make the 10-tai chow award (16 in all), more than the three concealed triplets
    would (2 + 3 + 5 + 3 = 13); the arrangement used is reported with the placement."""
    res = score_win(win("111m 222m 333m 456p 789s 9s", "9s", self_draw=True))
    assert res.tai == 16 and res.awards["T-TAI-09"] == 10 and "T-TAI-22" not in res.awards
    assert [g for g, _ in res.arrangement].count("chow") == 5
    assert res.arrangement[res.placement][0] == "pair"


def test_t_score_4_a_pung_completed_by_a_discard_is_exposed_by_self_draw_concealed():
    """T-SCORE-4: the same shanpon hand: completing 555p by a discard gives two concealed triplets,
    by self-draw three."""
    on_discard = score_win(win("111m 999s 55p 234s 678s 11p", "5p"))
    self_drawn = score_win(win("111m 999s 55p 234s 678s 11p", "5p", self_draw=True))
    assert on_discard.awards.get("T-TAI-21") == 2 and "T-TAI-22" not in on_discard.awards
    assert self_drawn.awards.get("T-TAI-22") == 5


EXCLUSIVE = [("T-TAI-25", "T-TAI-26"), ("T-TAI-05", "T-TAI-07"), ("T-TAI-06", "T-TAI-07"),
             ("T-TAI-08", "T-TAI-09"), ("T-TAI-07", "T-TAI-09"), ("T-TAI-27", "T-TAI-29"),
             ("T-TAI-28", "T-TAI-29"), ("T-TAI-30", "T-TAI-31"), ("T-TAI-36", "T-TAI-37"),
             ("T-TAI-36", "T-TAI-39"), ("T-TAI-37", "T-TAI-39"), ("T-TAI-36", "T-TAI-40"),
             ("T-TAI-37", "T-TAI-40")]
FAMILIES = [("T-TAI-13", "T-TAI-14"), ("T-TAI-15", "T-TAI-16", "T-TAI-17", "T-TAI-18"),
            ("T-TAI-21", "T-TAI-22", "T-TAI-23", "T-TAI-24")]
SEVEN_PAIRS_SCOPE = {"T-TAI-41", "T-TAI-03", "T-TAI-04", "T-TAI-05", "T-TAI-06", "T-TAI-07", "T-TAI-25",
                     "T-TAI-26", "T-TAI-28", "T-TAI-33", "T-TAI-34", "T-TAI-35", "T-TAI-36", "T-TAI-37",
                     "T-TAI-38", "T-TAI-39", "T-TAI-40"}


def test_t_score_5_and_t_score_6_combination_rules_hold_on_random_wins():
    """T-SCORE-5: over 2,000 seeded random wins no replaced award appears with the one replacing
    it and at most one award of each family; T-SCORE-6: a seven-pairs-and-a-triplet win scores
    only the awards of its scope."""
    forms = set()
    for tw in random_tai_wins(12, 2000):
        res = score_win(tw)
        forms.add(res.form)
        for a, b in EXCLUSIVE:
            assert not (a in res.awards and b in res.awards), (a, b, res.awards)
        for family in FAMILIES:
            assert sum(1 for x in family if x in res.awards) <= 1, (family, res.awards)
        if res.form == "seven_pairs":
            assert set(res.awards) <= SEVEN_PAIRS_SCOPE, res.awards
    assert {"regular", "seven_pairs"} <= forms


def test_t_score_7_heavenly_hand_is_self_drawn_without_a_wait_award():
    """T-SCORE-7: EX-26's heavenly hand scores fully concealed self-draw, no wait award, and every
    opponent pays."""
    res = score_win(win("123m 456m 777p 345s CCC 88s", None, flowers="s1", self_draw=True, seat=E,
                        heavenly=True, discards_before_win=0))
    assert res.awards["T-TAI-29"] == 3 and not {"T-TAI-30", "T-TAI-31", "T-TAI-32"} & set(res.awards)
    assert payments([(E, res.tai)], discarder=None, self_draw=True) == [3 * res.tai] + [-res.tai] * 3


def test_t_score_9_the_hand_result_names_each_award_and_the_total():
    """T-SCORE-9: a win of the table reports its awards by T-TAI id with English name and tai, and
    the total (EX-30's South through the table is in test_taiwanese_flow_examples.py)."""
    game = new({0: JUNK_E + " 5p", 1: "123m 456m 789m 123s 46p 99s"})
    to_turn(game)
    act(game, 0, "discard", "5p")
    act(game, 1, "ron")
    pass_rest(game)
    (w,) = game.hand_result["wins"]
    assert [x[0] for x in w["award_names"]] == list(w["awards"])
    assert all(isinstance(name, str) and name for _, name, _ in w["award_names"])
    assert sum(t for _, _, t in w["award_names"]) == w["tai"]


# ------------------------------------------------------------------------------ payments

def test_t_pay_1_t_pay_2_t_pay_3_the_payer_of_a_discard_or_robbed_kong_pays_each_winner():
    """T-PAY-1: one point per tai; T-PAY-2: the discarder pays each winner separately; T-PAY-3:
    the robbed player pays exactly as a discarder."""
    assert payments([(S, 12), (N, 18)], discarder=E, self_draw=False) == [-30, 12, 0, 18]
    assert payments([(N, 9)], discarder=W, self_draw=False) == [0, 0, -9, 9]


def test_t_pay_5_t_pay_6_flower_wins_pay_30_each_or_20_by_the_owner():
    """T-PAY-5: eight flowers, each opponent 30; T-PAY-6: the eighth flower's owner alone 20."""
    assert payments([(W, 30)], discarder=None, self_draw=True, flower_win="eight_flowers") == [-30, -30, 90, -30]
    assert payments([(N, 20)], discarder=None, self_draw=False, flower_win="seven_rob",
                    eighth_flower_owner=S) == [0, -20, 0, 20]


def test_t_pay_8_payments_sum_to_zero_and_only_winners_receive():
    """T-PAY-8: for random winners, payers and totals, every hand's payments sum to zero, nobody
    but a winner gains and nobody but the payers loses."""
    rng = random.Random(4)
    for _ in range(500):
        winners = rng.sample(range(4), rng.choice((1, 1, 1, 2, 3)))
        self_draw = len(winners) == 1 and rng.random() < 0.5
        payer = None if self_draw else rng.choice([s for s in range(4) if s not in winners])
        tai = [(w, rng.randint(2, 90)) for w in winners]
        deltas = payments(tai, discarder=payer, self_draw=self_draw)
        assert sum(deltas) == 0
        for seat in range(4):
            if seat in winners:
                assert deltas[seat] == dict(tai)[seat] * (3 if self_draw else 1)
            elif self_draw or seat == payer:
                assert deltas[seat] < 0
            else:
                assert deltas[seat] == 0


# ------------------------------------------------------------------------------ the match

def test_t_match_1_formats_full_match_east_round_and_single_hand():
    """T-MATCH-1: tables play the full match; practice may play an East round or a single hand."""
    assert get_preset("taiwanese").game_format == "full"
    assert get_preset("taiwanese-east").game_format == "east"
    assert get_preset("taiwanese-single-deal").game_format == "single"


def test_t_match_6_t_match_7_final_result_and_every_hand_in_the_log():
    """T-MATCH-6: an East round of the simple player ends with final scores summing to 8,000, net
    change from 2,000 and placements by score (ties by seat order); T-MATCH-7: the log holds one
    hand end per completed hand."""
    game = Game.new(get_preset("taiwanese-east"), 9)
    hands = 0
    while game.phase != "game_over":
        for _ in play_hand(game):
            pass
        hands += 1
        if game.phase == "hand_over":
            game.next_hand(900 + hands)
    gr = game.game_result
    assert sum(gr["final_scores"]) == 8000 and gr["net"] == [s - 2000 for s in gr["final_scores"]]
    ranked = sorted(range(4), key=lambda s: (-gr["final_scores"][s], s))
    assert [gr["placements"][s] for s in ranked] == [1, 2, 3, 4]
    ends = [e for entry in game.log["entries"] for e in entry.get("events", ()) if e["type"] == "hand_end"]
    assert len(ends) == hands >= 4
