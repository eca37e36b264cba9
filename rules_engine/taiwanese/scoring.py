"""Taiwanese tai scoring and payments (taiwanese.md §3 T-SCORE, §3.2 T-TAI, §4 T-PAY).

``score_win(TaiWin) -> TaiResult``: the winner's awards and total tai — a flower win scores
T-TAI-01 or T-TAI-02 and nothing else (T-SCORE-2); any other win scores the best total over
every arrangement of the concealed tiles and every placement of the winning tile
(T-SCORE-3), with the combination rules T-SCORE-5 and the scopes T-SCORE-6 (seven pairs
and a triplet) and T-SCORE-7 (heavenly hand).

``payments(winners, discarder=…, self_draw=…)``: the per-seat transfers of one hand
(T-PAY-1..8; zero-sum).

Kinds are 0..33 as in ``rules_engine.core.tiles``; flowers are the physical ids 136..143 of
``rules_engine.taiwanese.tiles``. Seats are winds: 0 = East (the dealer) .. 3 = North.
No Django here.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from rules_engine.taiwanese.shape import (CHOW, NUM_KINDS, PUNG, SETS_PER_HAND, arrangements,
                                          counts_of, is_seven_pairs_triplet)
from rules_engine.taiwanese.tiles import BONUS_TILES

MELD_TYPES = ("chow", "pung", "kong_exposed", "kong_added", "kong_concealed")
"""``TaiMeld.type`` values. All but ``kong_concealed`` are *melded sets* (T-SCORE-4)."""
KONG_TYPES = frozenset({"kong_exposed", "kong_added", "kong_concealed"})
DECLARED_LABELS = {"chow": "melded_chow", "pung": "melded_pung", "kong_exposed": "kong_exposed",
                   "kong_added": "kong_added", "kong_concealed": "kong_concealed"}
"""``TaiResult.arrangement`` label of each declared set type (concealed groups of the
arrangement are ``"chow"``, ``"pung"`` and ``"pair"``)."""
FLOWER_WINS = ("eight_flowers", "seven_rob")
"""``TaiWin.flower_win`` values: T-FLOWER-4 / T-TAI-01 and T-FLOWER-5 / T-TAI-02."""

TAI_NAMES: dict[str, tuple[str, int | None]] = {
    "T-TAI-01": ("Eight flowers", 30),
    "T-TAI-02": ("Seven flowers robbing the eighth", 20),
    "T-TAI-03": ("Winning", 2),
    "T-TAI-04": ("Flower or season", 1),
    "T-TAI-05": ("No flowers", 1),
    "T-TAI-06": ("No honours", 1),
    "T-TAI-07": ("No honours and no flowers", 3),
    "T-TAI-08": ("Chow hand", 3),
    "T-TAI-09": ("Chow hand with no honours and no flowers", 10),
    "T-TAI-10": ("Pung hand", 10),
    "T-TAI-11": ("Pure straight", None),
    "T-TAI-12": ("Honour set", 1),
    "T-TAI-13": ("Little three dragons", 15),
    "T-TAI-14": ("Big three dragons", 30),
    "T-TAI-15": ("Little three winds", 5),
    "T-TAI-16": ("Big three winds", 15),
    "T-TAI-17": ("Little four winds", 30),
    "T-TAI-18": ("Big four winds", 40),
    "T-TAI-19": ("Melded kong", 1),
    "T-TAI-20": ("Concealed kong", 2),
    "T-TAI-21": ("Two concealed triplets", 2),
    "T-TAI-22": ("Three concealed triplets", 5),
    "T-TAI-23": ("Four concealed triplets", 15),
    "T-TAI-24": ("Five concealed triplets", 40),
    "T-TAI-25": ("Half flush", 10),
    "T-TAI-26": ("Full flush", 40),
    "T-TAI-27": ("Concealed hand", 1),
    "T-TAI-28": ("Self-drawn", 1),
    "T-TAI-29": ("Fully concealed self-draw", 3),
    "T-TAI-30": ("Exposed hand", 10),
    "T-TAI-31": ("Out on a pair", 1),
    "T-TAI-32": ("Out on a one-chance chow", 1),
    "T-TAI-33": ("Last tile of the wall", 1),
    "T-TAI-34": ("Last discard", 1),
    "T-TAI-35": ("Robbing a kong", 1),
    "T-TAI-36": ("Early win", 5),
    "T-TAI-37": ("Very early win", 10),
    "T-TAI-38": ("Original Call", 15),
    "T-TAI-39": ("Heavenly hand", 40),
    "T-TAI-40": ("Earthly hand", 40),
    "T-TAI-41": ("Seven pairs and a triplet", 30),
}
"""Every award of §3.2: id -> (English name, tai per award or per item; ``None`` = 5 or 10,
T-TAI-11). Per-item awards (T-TAI-04, -12, -19, -20) report ``tai × count`` in ``awards``."""

_CONCEALED_TRIPLETS = {2: ("T-TAI-21", 2), 3: ("T-TAI-22", 5), 4: ("T-TAI-23", 15),
                       5: ("T-TAI-24", 40)}
_WINDS = range(27, 31)
_DRAGONS = range(31, 34)


class NotWinningHand(ValueError):
    """The tiles of a ``TaiWin`` do not form a winning hand (T-WIN-1, T-WIN-2)."""


@dataclass(frozen=True)
class TaiMeld:
    """A declared set: ``type`` one of ``MELD_TYPES``; ``kinds`` its 3 (chow, pung) or 4
    (kongs) tile kinds 0..33, sorted (T-CALL-3, T-KONG-1)."""
    type: str
    kinds: tuple[int, ...]


@dataclass(frozen=True)
class TaiWin:
    """One win to score (taiwanese.md §3; the interface of notes/tw-interface.md).

    - ``concealed``: kinds 0..33 of the concealed tiles *including the winning tile*
      (concealed kongs go in ``melds``); empty (ignored) for a flower win.
    - ``melds``: the winner's declared sets, concealed kongs included; a pung robbed by
      nobody stays a pung.
    - ``flowers``: the winner's own exposed bonus tile ids 136..143.
    - ``win_tile``: kind of the winning tile (it must be in ``concealed``); ``None`` for a
      heavenly hand (T-SCORE-7) and for a flower win.
    - ``self_draw``: won on his own ordinary or replacement draw (implied by ``heavenly``).
    - ``seat_wind`` / ``round_wind``: 0 = East .. 3 = North; they never change the score
      (CHOSEN §7 item 4) but are checked.
    - ``last_tile`` (T-TAI-33, self-draw only), ``last_discard`` (T-TAI-34, discard only),
      ``robbing_kong`` (T-TAI-35; the robbed tile is not self-drawn), ``replacement_draw``
      (no award of its own; self-draw only), ``original_call`` (T-TAI-38), ``heavenly``
      (T-TAI-39: East, no melds, no winning tile), ``earthly`` (T-TAI-40: a non-dealer on a
      discard).
    - ``discards_before_win``: the discard count D of T-SCORE-4 — every discard of the hand
      so far *including the winning discard itself* when the win is on a discard (claimed
      discards count; flowers, kong tiles and a robbed tile do not); ``None`` means 10 or
      more. D ≤ 5 gives T-TAI-37, 6..9 T-TAI-36.
    - ``flower_win``: ``None``, ``"eight_flowers"`` (T-TAI-01) or ``"seven_rob"``
      (T-TAI-02); then only that award scores (T-SCORE-2).
    """
    concealed: tuple[int, ...]
    melds: tuple[TaiMeld, ...]
    flowers: tuple[int, ...]
    win_tile: int | None
    self_draw: bool
    seat_wind: int
    round_wind: int
    last_tile: bool = False
    last_discard: bool = False
    robbing_kong: bool = False
    replacement_draw: bool = False
    original_call: bool = False
    heavenly: bool = False
    earthly: bool = False
    discards_before_win: int | None = None
    flower_win: str | None = None


@dataclass(frozen=True)
class TaiResult:
    """The score of one win (T-SCORE-9).

    - ``tai``: the total (= table points, T-PAY-1).
    - ``awards``: ``{"T-TAI-xx": tai}`` of the maximising breakdown, in id order; per-item
      awards carry their sum (two flowers -> ``{"T-TAI-04": 2}``).
    - ``arrangement``: the groups used, each ``(label, kinds)`` with label ``"chow"``,
      ``"pung"``, ``"pair"`` (concealed, arrangement of T-SCORE-3) or, for the declared sets,
      ``"melded_chow"``, ``"melded_pung"``, ``"kong_exposed"``, ``"kong_added"``,
      ``"kong_concealed"`` (``DECLARED_LABELS``); ``None`` for a flower win. For seven pairs and a triplet: seven ``"pair"``
      groups (a four of a kind gives two) and one ``"pung"``.
    - ``placement``: index in ``arrangement`` of the group the winning tile completes, or
      ``None`` (flower win, heavenly hand, seven pairs).
    - ``form``: ``"regular"``, ``"seven_pairs"`` or ``"flower"``.
    """
    tai: int
    awards: dict[str, int]
    arrangement: tuple | None
    placement: int | None = None
    form: str = "regular"

    def named_awards(self) -> list[tuple[str, str, int]]:
        """``[(id, English name, tai), ...]`` for display (T-SCORE-9)."""
        return [(k, TAI_NAMES[k][0], v) for k, v in self.awards.items()]


def _validate(win: TaiWin) -> tuple[int, ...] | None:
    """Raise ``ValueError`` naming the first inconsistency of ``win``; return the count tuple of
    the concealed tiles (``None`` for a flower win)."""
    for name in ("seat_wind", "round_wind"):
        v = getattr(win, name)
        if type(v) is not int or not 0 <= v <= 3:
            raise ValueError(f"{name} is 0..3 (East..North), got {v!r}")
    if len(set(win.flowers)) != len(win.flowers) or any(f not in BONUS_TILES for f in win.flowers):
        raise ValueError(f"flowers are distinct bonus tile ids 136..143, got {win.flowers!r}")
    if win.flower_win is not None:
        if win.flower_win not in FLOWER_WINS:
            raise ValueError(f"flower_win is None, 'eight_flowers' or 'seven_rob', got {win.flower_win!r}")
        if len(win.flowers) < 7:
            raise ValueError(f"a flower win needs at least seven of the winner's own flowers, "
                             f"got {len(win.flowers)} (T-FLOWER-4, T-FLOWER-5)")
        return None
    if win.discards_before_win is not None and (type(win.discards_before_win) is not int
                                                or win.discards_before_win < 0):
        raise ValueError(f"discards_before_win is an int >= 0 or None, got {win.discards_before_win!r}")
    n_sets = 0
    conc = counts_of(win.concealed)
    counts = list(conc)
    for m in win.melds:
        if not isinstance(m, TaiMeld) or m.type not in MELD_TYPES:
            raise ValueError(f"a meld is a TaiMeld with type in {MELD_TYPES}, got {m!r}")
        ks = tuple(m.kinds)
        if any(type(k) is not int or not 0 <= k < NUM_KINDS for k in ks):
            raise ValueError(f"meld kinds are 0..33, got {ks!r}")
        ks = tuple(sorted(ks))
        if m.type == "chow":
            if not (len(ks) == 3 and ks[0] < 27 and ks[0] % 9 <= 6 and ks[1] == ks[0] + 1
                    and ks[2] == ks[0] + 2):
                raise ValueError(f"a chow is three consecutive tiles of one suit, got {ks!r}")
        elif m.type == "pung":
            if not (len(ks) == 3 and ks[0] == ks[2]):
                raise ValueError(f"a pung is three identical tiles, got {ks!r}")
        elif not (len(ks) == 4 and ks[0] == ks[3]):
            raise ValueError(f"a kong is four identical tiles, got {ks!r}")
        n_sets += 1
        for k in ks:
            counts[k] += 1
    if n_sets > SETS_PER_HAND:
        raise ValueError(f"at most five declared sets, got {n_sets}")
    want = 3 * (SETS_PER_HAND - n_sets) + 2
    if len(win.concealed) != want:
        raise ValueError(f"with {n_sets} declared set(s) the concealed part holds {want} tiles "
                         f"(winning tile included), got {len(win.concealed)}")
    over = [k for k in range(NUM_KINDS) if counts[k] > 4]
    if over:
        raise ValueError(f"more than four tiles of kind(s) {over}")
    self_draw = win.self_draw or win.heavenly
    if win.heavenly:
        if win.win_tile is not None:
            raise ValueError("a heavenly hand has no winning tile (win_tile None, T-SCORE-7)")
        if win.seat_wind != 0:
            raise ValueError("only the dealer (East) can win a heavenly hand (T-TAI-39)")
        if win.melds:
            raise ValueError("a heavenly hand has no declared set (T-TAI-39: before any kong)")
        if win.earthly or win.robbing_kong or win.last_discard or win.original_call:
            raise ValueError("a heavenly hand is the dealer's dealt hand, self-drawn (T-SCORE-7)")
    else:
        if win.win_tile is None:
            raise ValueError("win_tile is None only for a heavenly hand or a flower win")
        if type(win.win_tile) is not int or win.win_tile not in win.concealed:
            raise ValueError(f"the winning tile {win.win_tile!r} is not among the concealed tiles")
    if win.earthly and (self_draw or win.seat_wind == 0 or win.robbing_kong):
        raise ValueError("an earthly hand is a non-dealer's win on the dealer's first discard (T-TAI-40)")
    if win.robbing_kong and win.self_draw:
        raise ValueError("a robbed kong tile is not self-drawn (T-KONG-4)")
    if win.last_tile and not self_draw:
        raise ValueError("last tile of the wall is a self-drawn win (T-TAI-33)")
    if win.last_discard and (self_draw or win.robbing_kong):
        raise ValueError("last discard is a win on a discard (T-TAI-34)")
    if win.replacement_draw and not win.self_draw:
        raise ValueError("a replacement draw win is self-drawn (T-WIN-4)")
    return conc


def _common_awards(win: TaiWin, kinds_all: tuple[int, ...], seven_pairs: bool) -> dict[str, int]:
    """Awards that do not depend on the arrangement: Winning, flowers, honours, flushes, way
    of going out, early/heavenly/earthly, Original Call (T-SCORE-5 rules 3, 4, 8 applied;
    rule 5 is applied by the caller)."""
    a: dict[str, int] = {"T-TAI-03": 2}
    nf = len(win.flowers)
    has_honour = any(k >= 27 for k in kinds_all)
    if nf:
        a["T-TAI-04"] = nf
    if not nf and not has_honour:
        a["T-TAI-07"] = 3
    elif not nf:
        a["T-TAI-05"] = 1
    elif not has_honour:
        a["T-TAI-06"] = 1
    suits = {k // 9 for k in kinds_all if k < 27}
    if len(suits) == 1:
        a["T-TAI-26" if not has_honour else "T-TAI-25"] = 40 if not has_honour else 10
    self_draw = win.self_draw or win.heavenly
    if win.last_tile:
        a["T-TAI-33"] = 1
    if win.last_discard:
        a["T-TAI-34"] = 1
    if win.robbing_kong:
        a["T-TAI-35"] = 1
    if win.heavenly:
        a["T-TAI-39"] = 40
    elif win.earthly:
        a["T-TAI-40"] = 40
    elif win.discards_before_win is not None:
        if win.discards_before_win <= 5:
            a["T-TAI-37"] = 10
        elif win.discards_before_win <= 9:
            a["T-TAI-36"] = 5
    if win.original_call:
        a["T-TAI-38"] = 15
    if seven_pairs and self_draw:
        a["T-TAI-28"] = 1
    return a


def _honour_awards(pungs: list[int], pair: int) -> dict[str, int]:
    """Honour sets and the dragon / wind patterns (T-TAI-12..18; T-SCORE-5 rules 1, 2).
    ``pungs``: kinds of every pung or kong of the hand (concealed or declared)."""
    a: dict[str, int] = {}
    dragons = [k for k in pungs if k in _DRAGONS]
    winds = [k for k in pungs if k in _WINDS]
    covered = 0
    if len(dragons) == 3:
        a["T-TAI-14"] = 30
        covered += 3
    elif len(dragons) == 2 and pair in _DRAGONS:
        a["T-TAI-13"] = 15
        covered += 2
    pair_wind = pair in _WINDS
    if len(winds) == 4:
        a["T-TAI-18"] = 40
        covered += 4
    elif len(winds) == 3 and pair_wind:
        a["T-TAI-17"] = 30
        covered += 3
    elif len(winds) == 3:
        a["T-TAI-16"] = 15
        covered += 3
    elif len(winds) == 2 and pair_wind:
        a["T-TAI-15"] = 5
        covered += 2
    plain = len(dragons) + len(winds) - covered
    if plain:
        a["T-TAI-12"] = plain
    return a


def _total(a: dict[str, int]) -> int:
    return sum(a.values())


def score_win(win: TaiWin) -> TaiResult:
    """Score one win (taiwanese.md §3). Returns the ``TaiResult`` with the highest total over
    every arrangement and placement (T-SCORE-3); ties are broken deterministically (the first
    found in a fixed enumeration order, CHOSEN §7 item 26).

    Raises ``ValueError`` for an inconsistent ``win`` (wrong tile count, a fifth copy, a
    winning tile not in the hand, contradictory flags, …) and ``NotWinningHand`` (a
    ``ValueError``) when the tiles are not a winning hand (T-WIN-1, T-WIN-2, T-WIN-3).
    """
    counts = _validate(win)
    if counts is None:
        tid, tai = ("T-TAI-01", 30) if win.flower_win == "eight_flowers" else ("T-TAI-02", 20)
        return TaiResult(tai=tai, awards={tid: tai}, arrangement=None, placement=None, form="flower")

    melds = tuple(TaiMeld(m.type, tuple(sorted(m.kinds))) for m in win.melds)
    kinds_all = tuple(win.concealed) + tuple(k for m in melds for k in m.kinds)
    self_draw = win.self_draw or win.heavenly
    w = win.win_tile
    candidates: list[TaiResult] = []

    # Seven pairs and a triplet (T-WIN-2, T-SCORE-6, T-SCORE-7).
    if not melds and is_seven_pairs_triplet(counts):
        a = _common_awards(win, kinds_all, seven_pairs=True)
        a["T-TAI-41"] = 30
        groups: list[tuple[str, tuple[int, ...]]] = []
        for k in range(NUM_KINDS):
            c = counts[k]
            if c == 3:
                groups.append(("pung", (k, k, k)))
            else:
                groups.extend([("pair", (k, k))] * (c // 2))
        candidates.append(TaiResult(_total(a), dict(sorted(a.items())), tuple(groups), None,
                                    "seven_pairs"))

    arrs = arrangements(counts)
    if arrs:
        base = _common_awards(win, kinds_all, seven_pairs=False)
        has_honour = any(k >= 27 for k in kinds_all)
        no_flowers = not win.flowers
        meld_chows = [m.kinds[0] for m in melds if m.type == "chow"]
        meld_pungs = [m.kinds[0] for m in melds if m.type != "chow"]
        n_melded = sum(1 for m in melds if m.type != "kong_concealed")
        n_conc_kongs = sum(1 for m in melds if m.type == "kong_concealed")
        n_melded_kongs = sum(1 for m in melds if m.type in ("kong_exposed", "kong_added"))
        concealed_hand = n_melded == 0
        if n_melded_kongs:
            base["T-TAI-19"] = n_melded_kongs
        if n_conc_kongs:
            base["T-TAI-20"] = 2 * n_conc_kongs
        if concealed_hand:
            if self_draw:
                base["T-TAI-29"] = 3
            else:
                base["T-TAI-27"] = 1
        elif self_draw:
            base["T-TAI-28"] = 1
        meld_groups = tuple((DECLARED_LABELS[m.type], m.kinds) for m in melds)
        for sets, pair in arrs:
            conc_chows = [k for t, k in sets if t == CHOW]
            conc_pungs = [k for t, k in sets if t == PUNG]
            all_chows = conc_chows + meld_chows
            a0 = dict(base)
            # Hand shape (T-TAI-08..11; T-SCORE-5 rule 5).
            if len(all_chows) == SETS_PER_HAND:
                if not has_honour and no_flowers:
                    a0["T-TAI-09"] = 10
                    for k in ("T-TAI-05", "T-TAI-06", "T-TAI-07"):
                        a0.pop(k, None)
                else:
                    a0["T-TAI-08"] = 3
            elif not all_chows:
                a0["T-TAI-10"] = 10
            straight = 0
            for s in (0, 9, 18):
                if s in all_chows and s + 3 in all_chows and s + 6 in all_chows:
                    conc = all(x in conc_chows for x in (s, s + 3, s + 6))
                    straight = max(straight, 10 if conc else 5)
            if straight:
                a0["T-TAI-11"] = straight
            a0.update(_honour_awards(conc_pungs + meld_pungs, pair))
            # Placements of the winning tile (T-SCORE-3): decide waits and concealed pungs.
            groups = tuple(("chow", (k, k + 1, k + 2)) if t == CHOW else ("pung", (k, k, k))
                           for t, k in sets) + (("pair", (pair, pair)),) + meld_groups
            places: list[int | None] = []
            if w is None:
                places.append(None)
            else:
                seen = set()
                for i, (t, k) in enumerate(sets):
                    if (t, k) in seen:
                        continue
                    if (t == PUNG and k == w) or (t == CHOW and k <= w <= k + 2):
                        seen.add((t, k))
                        places.append(i)
                if pair == w:
                    places.append(len(sets))
            for p in places:
                a = dict(a0)
                triplets = len(conc_pungs) + n_conc_kongs
                if p is not None and p < len(sets):
                    t, k = sets[p]
                    if t == PUNG and not self_draw:
                        triplets -= 1  # completed by a discard or robbed tile (T-SCORE-4)
                    elif t == CHOW:
                        r = w - k
                        if r == 1 or (r == 2 and k % 9 == 0) or (r == 0 and k % 9 == 6):
                            a["T-TAI-32"] = 1
                elif p is not None:  # the pair
                    if n_melded == SETS_PER_HAND and not self_draw:
                        a["T-TAI-30"] = 10
                    else:
                        a["T-TAI-31"] = 1
                if triplets >= 2:
                    tid, tai = _CONCEALED_TRIPLETS[triplets]
                    a[tid] = tai
                candidates.append(TaiResult(_total(a), dict(sorted(a.items())), groups, p, "regular"))

    if not candidates:
        raise NotWinningHand("the tiles are not five sets and a pair (T-WIN-1) nor seven pairs "
                             "and a triplet (T-WIN-2)")
    best = candidates[0]
    for c in candidates[1:]:
        if c.tai > best.tai:
            best = c
    return best


def payments(winners: list[tuple[int, int]], *, discarder: int | None, self_draw: bool,
             flower_win: str | None = None, eighth_flower_owner: int | None = None) -> list[int]:
    """The four per-seat transfers of one hand (T-PAY-1..8), indexed by seat 0..3; they sum
    to zero. ``winners``: ``[(seat, tai), ...]`` (tai = that winner's ``TaiResult.tai``).

    - No winner: a drawn hand, nobody pays (T-PAY-7).
    - ``flower_win="eight_flowers"``: one winner, each opponent pays his total (30, T-PAY-5).
    - ``flower_win="seven_rob"``: one winner, ``eighth_flower_owner`` alone pays (20, T-PAY-6).
    - ``self_draw`` (incl. replacement draws and the heavenly hand): one winner, each of the
      three opponents pays his total (T-PAY-4).
    - Otherwise ``discarder`` (the discarder, or the player whose added kong was robbed) pays
      each winner his total (T-PAY-2, T-PAY-3).

    Raises ``ValueError`` for bad seats, repeated or paying winners, negative tai, or several
    winners where only one is possible.
    """
    out = [0, 0, 0, 0]
    if not winners:
        return out
    seats = [s for s, _t in winners]
    for s, t in winners:
        if type(s) is not int or not 0 <= s <= 3:
            raise ValueError(f"a seat is 0..3, got {s!r}")
        if type(t) is not int or t < 0:
            raise ValueError(f"tai is an int >= 0, got {t!r}")
    if len(set(seats)) != len(seats):
        raise ValueError(f"a seat wins at most once, got {seats}")
    if flower_win is not None and flower_win not in FLOWER_WINS:
        raise ValueError(f"flower_win is None, 'eight_flowers' or 'seven_rob', got {flower_win!r}")
    one_winner = flower_win is not None or self_draw
    if one_winner and len(winners) != 1:
        raise ValueError("a self-drawn or flower win has exactly one winner")
    if flower_win == "seven_rob":
        payer = eighth_flower_owner
        if payer is None or payer == seats[0] or not 0 <= payer <= 3:
            raise ValueError("seven_rob needs eighth_flower_owner, another seat (T-PAY-6)")
        out[payer] -= winners[0][1]
        out[seats[0]] += winners[0][1]
        return out
    if one_winner:
        s, t = winners[0]
        for o in range(4):
            if o != s:
                out[o] -= t
                out[s] += t
        return out
    if discarder is None or type(discarder) is not int or not 0 <= discarder <= 3 or discarder in seats:
        raise ValueError(f"a discard or robbed-kong win needs the paying seat (another seat), "
                         f"got discarder={discarder!r}")
    for s, t in winners:
        out[discarder] -= t
        out[s] += t
    return out
