"""The strong Taiwanese computer's push/fold (issue 12 item 6; T-WIN-6 no furiten, T-ORIG-2,
T-PAY-2) on constructed seat views: it folds a far hand onto tiles that passed an opponent with
four open sets late in the hand, pushes a ready hand against the same opponent, declares the
dealer's Original Call with its first discard, and its deal-in model orders tiles as played
hands showed."""
from rules_engine.game import Game
from rules_engine.preset import get_preset
from rules_engine.taiwanese import ai as tw_ai
from rules_engine.taiwanese.ai import danger, defence
from rules_engine.taiwanese.ai.efficiency import shanten_of
from rules_engine.taiwanese.ai.state import TwSituation
from rules_engine.taiwanese.notation import parse
from rules_engine.taiwanese.scenario import build_wall, kind_of

SINGLE = get_preset("taiwanese-single-deal")


def _kinds(text: str) -> list[int]:
    out: list[int] = []
    for tok in text.split():
        out.extend(parse(tok)[0])
    return out


def _turn_view(hand: str, seats: dict[int, dict], *, wall: int) -> dict:
    """East's (seat 0) turn view with the 17 tiles ``hand``; ``seats[s]``: ``discards``
    (notation, dealt out round by round in seat order) and ``melds`` (``"pon 222m"``, ...)."""
    used: dict[int, int] = {}

    def tid(k: int) -> int:
        used[k] = used.get(k, 0) + 1
        assert used[k] <= 4, k
        return 4 * k + used[k] - 1

    hand_ids = [tid(k) for k in _kinds(hand)]
    discs = {s: _kinds(seats.get(s, {}).get("discards", "")) for s in range(4)}
    piles: dict[int, list[dict]] = {s: [] for s in range(4)}
    order = 0
    for r in range(max(len(d) for d in discs.values())):
        for s in range(4):
            if r < len(discs[s]):
                piles[s].append({"tile": tid(discs[s][r]), "order": order, "tsumogiri": False, "called": False})
                order += 1
    players = []
    for s in range(4):
        melds = [{"type": m.split()[0], "tiles": [tid(k) for k in _kinds(m.split()[1])], "called_tile": None,
                  "from_seat": None, "added_tile": None} for m in seats.get(s, {}).get("melds", [])]
        players.append({"seat": s, "seat_wind": s, "discards": piles[s], "melds": melds, "flowers": [],
                        "original_call": False, "concealed_count": 16 - 3 * len(melds)})
    legal = [{"type": "discard", "seat": 0, "tile": t, "tiles": []} for t in sorted(hand_ids)]
    return {"family": "taiwanese", "preset": "taiwanese-single-deal", "seat": 0, "phase": "turn", "dealer": 0,
            "wall_count": wall, "window": None, "players": players, "hand": hand_ids, "drawn_tile": None,
            "legal_actions": legal, "scores": [2000] * 4, "last_discard": None, "waits": []}


LATE = {
    0: {"discards": "E S W N C F P 3s 8p 1p 8s 6m 9p"},
    1: {"discards": "E S W N C F P 1m 9p 2s 8s 4m 3p", "melds": ["pon 222m", "chi 789s", "pon 777p", "chi 345m"]},
    2: {"discards": "E S W N C F P 9m 1p 9s 1s 6s 5p"},
    3: {"discards": "E S W N C F P 1m 9p 9s 1s 8m 6m"},
}
"""Late in a hand (50 discards, 18 tiles left): South has four open sets and four concealed tiles."""


def test_t_win_6_strong_folds_a_far_hand_onto_tiles_that_passed_an_open_hand():
    """Three tiles from ready, East holds the 5p West discarded after South's last discard
    (South let it pass with his current hand: no furiten, but his hand has not changed since)
    and the 1m South discarded himself. The strong computer discards one of these safe tiles;
    the intermediate, not defending, plays for speed."""
    view = _turn_view("1m 13m 57m 9m 24p 68p 1s 35s 79s 5s 5p", LATE, wall=18)
    sit = TwSituation.from_view(view)
    assert shanten_of(sit.counts, 0) >= 2
    south = next(th for th in defence.threats(sit) if th.opp.seat == 1)
    assert kind_of("5p") in south.passed
    safe = south.passed | south.own
    assert tw_ai.decide("strong", view, 1).tile >> 2 in safe
    assert tw_ai.decide("intermediate", view, 1).tile >> 2 not in safe


def test_t_win_6_strong_pushes_a_ready_hand_against_the_same_opponent():
    """Against the same South, a hand that is ready after throwing the unknown 5m (waiting on
    1s-4s, six unseen tiles) keeps its wait and discards the 5m (T-PAY-2: a deal-in costs one
    payment, a win pays as much or more)."""
    view = _turn_view("123m 456m 5m 234p 678s 55p 23s", LATE, wall=18)
    sit = TwSituation.from_view(view)
    c = list(sit.counts)
    c[kind_of("5m")] -= 1
    assert shanten_of(c, 0) == 0
    south = next(th for th in defence.threats(sit) if th.opp.seat == 1)
    assert kind_of("5m") not in south.passed and kind_of("5m") not in south.own
    assert tw_ai.decide("strong", view, 2).tile >> 2 == kind_of("5m")


def test_t_orig_2_strong_dealer_declares_original_call_with_its_first_discard():
    """East (the dealer) is dealt 17 tiles that are ready after throwing the lone North, waiting
    on 5s/8s: the strong computer's first discard is the Original Call discard of the North
    (T-ORIG-2, worth 15 tai on a win, T-TAI-38)."""
    game = Game.new(SINGLE, 8, wall=build_wall({0: "123m 456m 789m 345p 22s 67s N"}))
    while game.pending_seats() != [0] or game.phase != "turn":
        seat = game.pending_seats()[0]
        game.apply(tw_ai.decide("beginner", game.view(seat), 1) if game.phase != "turn" else None)
    view = game.view(0)
    a = tw_ai.decide("strong", view, 3)
    assert a.type == "riichi" and a.tile >> 2 == kind_of("N")


def test_t_win_6_deal_in_model_orders_tiles_as_played_hands_showed():
    """The fitted deal-in chance against late South: a tile that passed him is nearly zero, his
    own discard and an honour far below an unknown middle tile, a terminal below a middle tile;
    and the same middle tile is more dangerous from four open sets than from none (West)."""
    view = _turn_view("1m 13m 57m 9m 24p 68p 1s 35s 79s 5s 5p", LATE, wall=18)
    sit = TwSituation.from_view(view)
    ths = {th.opp.seat: th for th in defence.threats(sit)}
    south, west = ths[1], ths[2]
    mid = danger.deal_in_chance(sit, south, kind_of("5s"))
    assert danger.deal_in_chance(sit, south, kind_of("5p")) < 0.001
    assert danger.deal_in_chance(sit, south, kind_of("4m")) < mid / 5  # his own discard
    assert danger.deal_in_chance(sit, south, kind_of("E")) < mid / 10
    assert danger.deal_in_chance(sit, south, kind_of("1s")) < mid
    assert danger.deal_in_chance(sit, west, kind_of("5s")) < mid
