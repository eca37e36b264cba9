"""Hand-built seat views of a late, crowded hand for the table layout tests (issue 11 items 1-3):
24-tile ponds with riichi discards, four melds, a call offer with Ron/Pass, the results and
game-over screens. Views follow docs/engine-api.md "Views" (imported by test_table_fits_viewport)."""
from __future__ import annotations

from rules_engine.core.tiles import parse_tiles

PLAYERS = [{"seat": 0, "name": "alice", "is_computer": False, "strength": None},
           {"seat": 1, "name": "Tortoise", "is_computer": True, "strength": "beginner"},
           {"seat": 2, "name": "Crane", "is_computer": True, "strength": "intermediate"},
           {"seat": 3, "name": "Heron", "is_computer": True, "strength": "strong"}]
SEQ = 80


def _act(type_, tile=None, tiles=(), seat=0):
    return {"type": type_, "seat": seat, "tile": tile, "tiles": list(tiles)}


def _melds(used: set[int], owner: int) -> list[dict]:
    """Four melds: chi, pon, open kan and added kan, each called from a different seat."""
    chi = parse_tiles("345s", used)
    pon = parse_tiles("777z", used)
    kan = parse_tiles("8888s", used)
    added = parse_tiles("6666z", used)
    frm = [(owner + 3) % 4, (owner + 2) % 4, (owner + 1) % 4, (owner + 2) % 4]
    return [{"type": "chi", "tiles": chi, "called_tile": chi[0], "from_seat": frm[0], "added_tile": None},
            {"type": "pon", "tiles": pon, "called_tile": pon[1], "from_seat": frm[1], "added_tile": None},
            {"type": "daiminkan", "tiles": kan, "called_tile": kan[2], "from_seat": frm[2], "added_tile": None},
            {"type": "shouminkan", "tiles": added, "called_tile": added[0], "from_seat": frm[3], "added_tile": added[3]}]


def late_view(phase: str = "claim", my_melds: bool = False) -> dict:
    """Seat 0's view late in a hand: every pond holds 24 discards (one riichi discard each for
    seats 1 and 3, some called away), seat 2 has four melds, seat 0 is offered Ron and Pass
    (``phase="claim"``) or must discard (``phase="turn"``)."""
    used: set[int] = set()
    melds0 = _melds(used, 0) if my_melds else []
    melds2 = [] if my_melds else _melds(used, 2)
    hand = parse_tiles("22m" if my_melds else "234m0p55p678p33s11z", used)
    ponds = {s: [] for s in range(4)}
    free = [t for t in range(136) if t not in used]
    for s in range(4):
        for i in range(24):
            tile = free.pop()
            ponds[s].append({"tile": tile, "riichi": (s in (1, 3) and i == 7), "called": i in (4, 15) and s == 1,
                             "tsumogiri": i % 3 == 0, "order": i * 4 + s})
    used |= {d["tile"] for p in ponds.values() for d in p}
    last = ponds[3][-1]["tile"]
    dora = [free.pop() for _ in range(5)]
    players = []
    for s in range(4):
        melds = melds0 if s == 0 else melds2 if s == 2 else []
        count = (len(hand) if s == 0 else 13 - 3 * len(melds)) + (1 if phase == "turn" and s == 0 else 0)
        players.append({"seat": s, "seat_wind": (s + 3) % 4, "discards": ponds[s], "melds": melds,
                        "riichi": s in (1, 3), "concealed_count": count})
    view = {"preset": "riichi", "preset_version": 1, "seat": 0, "phase": phase, "seq": SEQ,
            "round_wind": 1, "hand_number": 3, "dealer": 1, "honba": 3, "riichi_deposits": 3000,
            "scores": [18300, 41200, 7900, 31600], "wall_count": 2, "dora_indicators": dora,
            "turn": 3 if phase == "claim" else 0, "last_discard": {"seat": 3, "tile": last} if phase == "claim" else None,
            "pending_seats": [0], "players": players, "hand": sorted(hand), "drawn_tile": None,
            "furiten": False, "waits": [1, 4, 31], "tenpai_no_yaku": False, "hand_result": None, "game_result": None}
    if phase == "claim":
        view["legal_actions"] = [_act("ron", last), _act("pass")]
    else:
        drawn = free.pop()
        view["hand"] = sorted(hand + [drawn])
        view["drawn_tile"] = drawn
        view["legal_actions"] = ([_act("discard", t) for t in view["hand"]]
                                 + [_act("riichi", t) for t in view["hand"][:3]] + [_act("tsumo", drawn)])
    return view


def win_result(view: dict) -> dict:
    """A ron by seat 0 from seat 3 with eight yaku lines and ura dora (a long results screen)."""
    hand = view["hand"]
    return {"kind": "win", "wins": [{
        "seat": 0, "tsumo": False, "tile": hand[-1], "from_seat": 3, "chankan": False, "hand": hand,
        "melds": [m for p in view["players"] if p["seat"] == 0 for m in p["melds"]], "han": 13, "fu": 40,
        "yaku": [["riichi", 1], ["ippatsu", 1], ["tanyao", 1], ["pinfu", 1], ["iipeikou", 1], ["dora", 4],
                 ["aka_dora", 1], ["ura_dora", 3]], "yakuman": 0, "limit": "kazoe", "base_points": 8000,
        "payments": [32000 + 900 + 3000, 0, 0, -32900], "pao_seat": None, "ura_indicators": [100, 104],
        # The explanation of rules_engine.riichi.explain, at its longest (issue 11 item 5).
        "fu_items": [{"item": "base", "fu": 20}, {"item": "closed_ron", "fu": 10},
                     {"item": "set", "set": "closed_kan", "kind": 27, "fu": 32},
                     {"item": "set", "set": "open_kan", "kind": 18, "fu": 16},
                     {"item": "set", "set": "concealed_triplet", "kind": 0, "fu": 8},
                     {"item": "pair", "kind": 31, "fu": 2}, {"item": "wait", "wait": "tanki", "fu": 2},
                     {"item": "rounding", "fu": 0}],
        "fu_raw": 90,
        "parts": [{"value": 32000, "honba": 900, "sticks": 3000}, {"value": 0, "honba": 0, "sticks": 0},
                  {"value": 0, "honba": 0, "sticks": 0}, {"value": -32000, "honba": -900, "sticks": 0}]}],
        "deltas": [35900, 0, 0, -32900], "deposits_returned": [0, 0, 0, 0],
        "scores": [54200, 41200, 7900, -1300], "deposits": 0, "dealer_repeat": False,
        "hand_number": 3, "honba": 3, "dora_indicators": view["dora_indicators"],
        "payment_parts": [
            {"value": 32000, "honba": 900, "sticks": 3000, "draw": 0, "nagashi": 0, "riichi": -1000, "returned": 0,
             "total": 34900},
            {"value": 0, "honba": 0, "sticks": 0, "draw": 0, "nagashi": 0, "riichi": -1000, "returned": 0, "total": -1000},
            {"value": 0, "honba": 0, "sticks": 0, "draw": 0, "nagashi": 0, "riichi": 0, "returned": 0, "total": 0},
            {"value": -32000, "honba": -900, "sticks": 0, "draw": 0, "nagashi": 0, "riichi": -1000, "returned": 0,
             "total": -33900}],
        "sticks": {"taken": 3000, "placed": 3000, "returned": 0, "left": 0, "carried": 0}}


def result_view(game_over: bool = False) -> dict:
    view = late_view("claim")
    view.update(phase="game_over" if game_over else "hand_over", legal_actions=[], seq=SEQ + 1,
                scores=[54200, 41200, 7900, -1300])
    view["hand_result"] = win_result(view)
    if game_over:
        view["game_result"] = {"final_scores": [54200, 41200, 7900, -1300], "deposits_awarded": None,
                               "placements": [1, 2, 3, 4], "order": [0, 1, 2, 3],
                               "results": [74200, 21200, -22100, -61300]}
    return view


def state(view: dict, status: str = "active", timer: dict | None = None) -> dict:
    game = {"id": 7, "preset": view["preset"], "preset_version": 1, "kind": "practice", "status": status,
            "players": PLAYERS, "my_seat": 0}
    if timer is not None:
        game["clock"] = timer["clock"]
        game["timer"] = timer
    return {"type": "state", "game": game, "view": view}


def timer(**over) -> dict:
    """``game.timer`` of a Standard table (docs/clocks.md "The state message")."""
    t = {"clock": "standard", "per_discard": 5, "reserve": 20, "response": 5,
         "reserves": [17.0, 20.0, 12.0, 20.0], "turn": None, "response_left": None,
         "waiting_responses": False, "next_hand_in": None, "absent": [], "own_timeouts": 0}
    t.update(over)
    return t


# ---------------------------------------------------------------- engine-made results (issue 11 item 5)

def played_game(seed: int = 0, hand_index: int = 1):
    """A ``riichi`` game of four beginner computers from ``seed`` (next hands from ``seed * 100 + n``),
    played until its hand ``hand_index`` ends: with seed 0, hand 1 is a ron by a riichi winner with
    1 honba and the winner's own stick (ura-dora indicators shown). Returns the engine game."""
    from rules_engine.ai import decide
    from rules_engine.game import Game
    from rules_engine.preset import get_preset

    g = Game.new(get_preset("riichi"), seed)
    n = 0
    while True:
        if g.phase in ("hand_over", "game_over"):
            if n == hand_index or g.phase == "game_over":
                return g
            n += 1
            g.next_hand(seed * 100 + n)
            continue
        seat = g.pending_seats()[0]
        g.apply(decide("beginner", g.view(seat), 1))


def engine_state(game, seat: int = 0, status: str = "active", preset: str | None = None) -> dict:
    """The state message of ``seat`` for an engine game (its real view, explanation included)."""
    view = game.view(seat)
    msg = state(view, status=status)
    msg["game"]["my_seat"] = seat
    if preset:
        msg["game"]["preset"] = preset
    return msg
