"""Arena: computer players against each other, with statistics (P-BOT, issue 3).

    python -m rules_engine.arena --preset riichi --games N --seed S \\
        --seats strong,intermediate,intermediate,intermediate [--jobs J]

plays ``N`` games of the preset (``riichi``: East round) with seat rotation: game ``g``
seats the listed computers rotated by ``g % 4``, so over a multiple of four games every
computer plays every seat equally often. The four rotations of one group share their hand
seeds (duplicate style), which lowers the variance of the comparison. Hand seeds and the
computers' seeds are derived from ``S`` with SHA-256, so a run is reproducible.

Printed per computer strength (seats of one strength are pooled): average placement with a
95 % confidence interval (normal approximation, ±1.96·sd/√n), win rate, deal-in rate,
riichi rate, call rate (hands with at least one chi/pon/daiminkan), average points per
hand, and decisions per second of ``decide`` alone. The table is followed by one JSON line
(``"illegal_actions"`` counts actions outside ``legal_actions``; such an action is
replaced by the first legal action so the game can go on).

Taiwanese (``--preset taiwanese``: full matches East to North, T-MATCH-5; ``taiwanese-east``;
``--single`` for one hand per game): the same figures, the ``riichi`` column counting Original
Calls (T-ORIG); the computers are ``rules_engine.taiwanese.ai`` through ``rules_engine.ai.decide``.
``--single`` plays the preset's single-hand variant (``<preset>-single-deal``), so N games are
N hands and the placement is that hand's.

Outside programs (issue 13 item 4): ``--outside "CMD"`` names a program run as a subprocess that
speaks the mjai protocol on stdin/stdout (``rules_engine.cli.arena_outside``); it plays every
seat listed as ``outside`` in ``--seats``. ``--hero S`` is short for ``--seats S,outside,outside,outside``:

    python -m rules_engine.arena --outside "node tools/outside_bots/majiang_bridge.js" \
        --hero strong --games 1000 --east

Long runs (outside programs are slow): ``--raw FILE`` keeps every counter (placement counts, hands,
wins, deal-ins, every decision time) in ``FILE``, rewritten after every rotation group of 4 games,
and running the same command again resumes from it; ``--first-game G`` plays game indices
``G..G+N-1`` of the seed, so chunks of one seed are exactly the games of one long run; and
``--pool FILE...`` prints the figures of several ``--raw`` files as one run (counters summed,
placements and decision times concatenated; the same game twice is refused):

    python -m rules_engine.arena --outside "node tools/outside_bots/majiang_bridge.js" \
        --hero strong --games 1000 --east --seed 13003 --raw strong-vs-majiang.raw.json
    python -m rules_engine.arena --pool strong-vs-majiang.raw.json more.raw.json

Its illegal or missing replies are counted (``illegal_actions``, with the first reasons in
``errors``) and replaced by the safe default. Each computer's decision time (``decide`` alone;
for an outside program the round trip of its line) is reported as median and p99 in ms.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import math
import os
import sys
import time
from dataclasses import dataclass, field

from rules_engine.ai import STRENGTHS, decide
from rules_engine.cli import arena_outside
from rules_engine.game import Game
from rules_engine.preset import get_preset

OUTSIDE = "outside"
"""The seat name of the ``--outside`` program in ``--seats``."""


def derive_seed(*parts: object) -> int:
    """A 63-bit seed from the SHA-256 of ``parts`` (deterministic across runs and machines)."""
    h = hashlib.sha256(":".join(str(p) for p in parts).encode()).digest()
    return int.from_bytes(h[:8], "big") >> 1


@dataclass
class SeatStats:
    """Counters of one computer in one or more games (all counts are hands or decisions)."""

    games: int = 0
    placements: list[int] = field(default_factory=list)
    hands: int = 0
    wins: int = 0
    deal_ins: int = 0
    riichi: int = 0
    calls: int = 0
    points: int = 0
    decisions: int = 0
    decide_seconds: float = 0.0
    illegal: int = 0
    times: list[float] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def merge(self, other: "SeatStats") -> None:
        self.games += other.games
        self.placements.extend(other.placements)
        for name in ("hands", "wins", "deal_ins", "riichi", "calls", "points", "decisions", "illegal"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.decide_seconds += other.decide_seconds
        self.times.extend(other.times)
        self.errors.extend(other.errors[: max(0, arena_outside.MAX_ERRORS_KEPT - len(self.errors))])

    def raw(self) -> dict:
        """Every counter, for ``--raw`` files: ``placements`` as counts of 1st..4th,
        ``times_ms`` every decision time in ms (0.001 ms resolution); ``from_raw`` reads it back."""
        return {"games": self.games, "placements": [self.placements.count(p) for p in (1, 2, 3, 4)],
                **{k: getattr(self, k) for k in ("hands", "wins", "deal_ins", "riichi", "calls", "points",
                                                 "decisions", "illegal")},
                "decide_seconds": round(self.decide_seconds, 6),
                "times_ms": [round(t * 1000, 3) for t in self.times], "errors": self.errors}

    @classmethod
    def from_raw(cls, d: dict) -> "SeatStats":
        """The ``SeatStats`` of a ``raw()`` dict (placement order within the games is not kept)."""
        st = cls(**{k: d[k] for k in ("games", "hands", "wins", "deal_ins", "riichi", "calls", "points",
                                       "decisions", "illegal", "decide_seconds")})
        st.placements = [p for p in (1, 2, 3, 4) for _ in range(d["placements"][p - 1])]
        st.times = [t / 1000 for t in d["times_ms"]]
        st.errors = list(d.get("errors", []))
        return st

    def summary(self) -> dict:
        """Figures of the report (rates are fractions of hands; points per hand in table points)."""
        n = len(self.placements)
        mean = sum(self.placements) / n if n else float("nan")
        var = sum((p - mean) ** 2 for p in self.placements) / (n - 1) if n > 1 else 0.0
        half = 1.96 * math.sqrt(var / n) if n else float("nan")
        h = max(self.hands, 1)
        return {
            "games": self.games, "hands": self.hands,
            "avg_placement": round(mean, 4), "ci95": [round(mean - half, 4), round(mean + half, 4)],
            "placements": [self.placements.count(p) for p in (1, 2, 3, 4)],
            "wins": self.wins, "deal_ins": self.deal_ins,
            "win_rate": round(self.wins / h, 4), "deal_in_rate": round(self.deal_ins / h, 4),
            "riichi_rate": round(self.riichi / h, 4), "call_rate": round(self.calls / h, 4),
            "avg_points_per_hand": round(self.points / h, 1),
            "decisions": self.decisions,
            "decisions_per_second": round(self.decisions / self.decide_seconds, 1) if self.decide_seconds else None,
            "decision_ms_median": _quantile_ms(self.times, 0.5),
            "decision_ms_p99": _quantile_ms(self.times, 0.99),
            "illegal_actions": self.illegal,
            **({"errors": self.errors} if self.errors else {}),
        }


def _quantile_ms(times: list[float], q: float) -> float | None:
    """The ``q`` quantile (nearest rank) of ``times`` (seconds) in milliseconds; ``None`` if empty."""
    if not times:
        return None
    xs = sorted(times)
    return round(xs[min(len(xs) - 1, max(0, math.ceil(q * len(xs)) - 1))] * 1000, 2)


def play_game(preset_name: str, seats: list[str], seed: int, game_index: int,
              max_hands: int | None = None, outside: str | None = None,
              timeout: float = 20.0) -> list[SeatStats]:
    """Play one game with computer ``seats[i]`` in seat ``i``; return one ``SeatStats`` per seat.

    Hand ``h`` of the game is dealt from ``derive_seed(seed, game_index // 4, h)``. At most
    ``max_hands`` hands (default 40 for Riichi, 200 for a Taiwanese match, which runs until
    sixteen dealer changes, T-MATCH-5). A seat named ``"outside"`` is played by the program
    ``outside`` (a command line; see the module docstring), one running program per seat slot,
    kept between games; ``timeout``: seconds per reply.
    Raises ``ValueError`` for an unknown strength or preset, or an ``outside`` seat without a command.
    """
    for s in seats:
        if s not in STRENGTHS and s != OUTSIDE:
            raise ValueError(f"unknown computer strength {s!r}; known: {', '.join(STRENGTHS)}, {OUTSIDE}")
    if OUTSIDE in seats and not outside:
        raise ValueError("a seat is 'outside' but no --outside command was given")
    preset = get_preset(preset_name)
    if max_hands is None:
        max_hands = 200 if preset.family == "taiwanese" else 40
    group = game_index // 4
    stats = [SeatStats(games=1) for _ in range(4)]
    game = Game.new(preset, derive_seed(seed, group, 0))
    progs: dict[int, arena_outside.OutsideProgram] = {}
    conv = None
    fed = 0
    if OUTSIDE in seats:
        from rules_engine.formats.mjai import MjaiConverter
        conv = MjaiConverter(preset)
        start = conv.start()
        for i, name in enumerate(seats):
            if name == OUTSIDE:
                progs[i] = p = arena_outside.program(outside, i, timeout)
                p.red_fives = preset.red_fives
                p.begin(i, start)

    def pump() -> None:
        nonlocal fed
        entries = game.log["entries"]
        if conv is None or fed == len(entries):
            return
        new: list[dict] = []
        for e in entries[fed:]:
            new.extend(conv.feed(e["events"]))
        fed = len(entries)
        for p in progs.values():
            p.observe(new)

    pump()
    hand = 0
    while True:
        before = list(game.scores)
        riichi = [False] * 4
        called = [False] * 4
        while game.phase in ("turn", "claim"):
            for seat in game.pending_seats():
                legal = game.legal_actions(seat)
                if not legal:
                    continue
                view = game.view(seat)
                st = stats[seat]
                t0 = time.perf_counter()
                if seat in progs:
                    action, replaced = progs[seat].decide(legal, view.get("drawn_tile"))
                    if replaced:
                        st.illegal += 1
                        st.errors.extend(progs[seat].errors[-1:])
                else:
                    action = decide(seats[seat], view, derive_seed(seed, game_index, hand, game.seq, seat) & 0xFFFFFFFF)
                dt = time.perf_counter() - t0
                st.decide_seconds += dt
                st.times.append(dt)
                st.decisions += 1
                if action not in legal:
                    st.illegal += 1
                    action = arena_outside.safe_default(legal, view.get("drawn_tile"))
                if action.type == "riichi":
                    riichi[seat] = True
                elif action.type in ("chi", "pon", "daiminkan"):
                    called[seat] = True
                game.apply(action)
                pump()
                if game.phase not in ("turn", "claim"):
                    break
        result = game.hand_result or {}
        after = result.get("scores", game.scores)
        for i in range(4):
            st = stats[i]
            st.hands += 1
            st.points += after[i] - before[i]
            st.riichi += riichi[i]
            st.calls += called[i]
        if result.get("kind") == "win":
            dealt = set()
            for w in result["wins"]:
                stats[w["seat"]].wins += 1
                if not w["tsumo"] and w.get("from_seat") is not None:
                    dealt.add(w["from_seat"])
            for d in dealt:
                stats[d].deal_ins += 1
        hand += 1
        if game.phase == "game_over" or hand >= max_hands:
            break
        game.next_hand(derive_seed(seed, group, hand))
        pump()
    pump()
    for p in progs.values():
        p.end()
    placements = (game.game_result or {}).get("placements")
    if placements is None:  # max_hands reached: place by points, ties by seat (R-RESULT-1)
        order = sorted(range(4), key=lambda s: (-game.scores[s], s))
        placements = [order.index(s) + 1 for s in range(4)]
    for i in range(4):
        stats[i].placements.append(placements[i])
    return stats


def seating(names: list[str], game_index: int) -> list[str]:
    """Computers by seat in game ``game_index``: ``names`` rotated by ``game_index % 4``, so in
    any four consecutive games each listed computer sits once in every seat."""
    r = game_index % 4
    return [names[(i - r) % 4] for i in range(4)]


def _play_range(args: tuple) -> dict[str, SeatStats]:
    preset, names, seed, start, stop, outside, timeout = args
    out: dict[str, SeatStats] = {}
    for g in range(start, stop):
        seats = seating(names, g)
        for i, st in enumerate(play_game(preset, seats, seed, g, outside=outside, timeout=timeout)):
            out.setdefault(seats[i], SeatStats()).merge(st)
    return out


def run(preset: str, names: list[str], games: int, seed: int, jobs: int = 1,
        progress: bool = False, outside: str | None = None, timeout: float = 20.0,
        first_game: int = 0, raw_path: str | None = None) -> dict:
    """Play ``games`` rotated games, indices ``first_game .. first_game + games - 1`` (the
    same games as those indices of one longer run with this seed), and return the JSON-ready
    summary (see module docstring). ``outside``: the command line of the program that plays
    the seats named ``"outside"``; ``timeout``: its seconds per reply.

    ``raw_path``: a JSON file rewritten (atomically) after every rotation group of 4 games with
    every counter so far (``raw_document``); if it exists already with the same preset, seats,
    seed, outside command, first game and games, the run resumes: its groups are not replayed.
    Such files are pooled with ``pool``.
    Raises ``ValueError`` for bad seats or preset, or a ``raw_path`` of another run."""
    if len(names) != 4:
        raise ValueError(f"--seats needs four computer strengths, got {len(names)}")
    for s in names:
        if s not in STRENGTHS and s != OUTSIDE:
            raise ValueError(f"unknown computer strength {s!r}; known: {', '.join(STRENGTHS)}, {OUTSIDE}")
    if OUTSIDE in names and not outside:
        raise ValueError("a seat is 'outside' but no --outside command was given")
    if first_game < 0:
        raise ValueError("the first game index must be >= 0")
    get_preset(preset)
    chunk = 4
    stop = first_game + games
    tasks = [(preset, names, seed, a, min(a + chunk, stop), outside, timeout) for a in range(first_game, stop, chunk)]
    totals: dict[str, SeatStats] = {}
    done: list[int] = []
    run_key = {"preset": preset, "seats": names, "seed": seed, "outside": outside,
               "first_game": first_game, "games": games}
    elapsed = 0.0
    if raw_path and os.path.exists(raw_path):
        with open(raw_path) as f:
            doc = json.load(f)
        if {k: doc.get(k) for k in run_key} != run_key:
            raise ValueError(f"{raw_path} holds another run: {json.dumps({k: doc.get(k) for k in run_key})}")
        done = list(doc["done"])
        elapsed = doc.get("seconds", 0.0)
        _merge_into(totals, {n: SeatStats.from_raw(r) for n, r in doc["computers"].items()})
        tasks = [t for t in tasks if t[3] not in set(done)]
    t0 = time.perf_counter() - elapsed

    def record(res: dict[str, SeatStats], start: int) -> None:
        _merge_into(totals, res)
        done.append(start)
        if raw_path:
            _write_json(raw_path, raw_document(run_key, sorted(done), totals, time.perf_counter() - t0))
        if progress:
            _report_progress(preset, names, seed, totals, t0)

    if jobs > 1:
        from multiprocessing import Pool
        with Pool(jobs) as pool:
            for start, res in pool.imap_unordered(_play_task, tasks):
                record(res, start)
    else:
        try:
            for t in tasks:
                record(_play_range(t), t[3])
        finally:
            arena_outside.close_all()
    return _summary(preset, names, seed, totals, t0, outside)


def _play_task(args: tuple) -> tuple[int, dict[str, SeatStats]]:
    return args[3], _play_range(args)


def raw_document(run_key: dict, done: list[int], totals: dict[str, SeatStats], seconds: float) -> dict:
    """The ``--raw`` file's content: ``run_key`` (preset, seats, seed, outside, first_game, games),
    ``done`` (first game index of every finished rotation group), ``games_done``, ``seconds``
    of play so far, and ``computers``: ``SeatStats.raw()`` per computer name."""
    return {"kind": "arena-raw", **run_key, "done": done,
            "games_done": sum(st.games for st in totals.values()) // 4, "seconds": round(seconds, 1),
            "computers": {n: st.raw() for n, st in totals.items()}}


def _write_json(path: str, doc: dict) -> None:
    """Write ``doc`` to ``path`` through a temporary file and a rename (never half written)."""
    tmp = f"{path}.tmp{os.getpid()}"
    with open(tmp, "w") as f:
        json.dump(doc, f, separators=(",", ":"))
    os.replace(tmp, path)


def pool(paths: list[str]) -> dict:
    """The summary of several ``--raw`` files as one run: every counter summed, placements and
    decision times concatenated, so the average placement, its interval, the rates and the
    decision-time quantiles are those of all their games together. The files must have the same
    preset, seats and outside command and no game twice (same seed and game index).
    ``seed`` is the list of seeds, ``runs`` one line per file. Raises ``ValueError`` otherwise."""
    if not paths:
        raise ValueError("nothing to pool")
    totals: dict[str, SeatStats] = {}
    seen: set[tuple[int, int]] = set()
    runs = []
    first = None
    for path in paths:
        with open(path) as f:
            doc = json.load(f)
        if doc.get("kind") != "arena-raw":
            raise ValueError(f"{path} is not an arena --raw file")
        key = (doc["preset"], doc["seats"], doc["outside"])
        first = first or key
        if key != first:
            raise ValueError(f"{path}: preset/seats/outside {key} differ from {first}")
        stop = doc["first_game"] + doc["games"]
        for a in doc["done"]:
            for g in range(a, min(a + 4, stop)):
                if (doc["seed"], g) in seen:
                    raise ValueError(f"{path}: game {g} of seed {doc['seed']} is pooled twice")
                seen.add((doc["seed"], g))
        _merge_into(totals, {n: SeatStats.from_raw(r) for n, r in doc["computers"].items()})
        runs.append({"file": path, "seed": doc["seed"], "first_game": doc["first_game"],
                     "games_done": doc["games_done"], "seconds": doc.get("seconds")})
    preset, names, outside = first
    out = _summary(preset, names, 0, totals, time.perf_counter(), outside)
    out["seed"] = sorted({r["seed"] for r in runs})
    out["seconds"] = round(sum(r["seconds"] or 0 for r in runs), 1)
    out["runs"] = runs
    return out


def _summary(preset: str, names: list[str], seed: int, totals: dict[str, "SeatStats"], t0: float,
             outside: str | None = None) -> dict:
    comps = {name: totals[name].summary() for name in dict.fromkeys(names)}
    games = sum(st.games for st in totals.values()) // 4
    return {"preset": preset, "games": games, "seed": seed, "seats": names,
            "illegal_actions": sum(st.illegal for st in totals.values()),
            "seconds": round(time.perf_counter() - t0, 1), "computers": comps,
            **({"outside": outside} if outside else {})}


def _report_progress(preset: str, names: list[str], seed: int, totals: dict[str, "SeatStats"], t0: float) -> None:
    """Partial summary on stderr (a rotation group of 4 games at a time), so a long run that
    must stop early still leaves its figures."""
    print("# partial " + json.dumps(_summary(preset, names, seed, totals, t0)), file=sys.stderr, flush=True)


def _merge_into(totals: dict[str, SeatStats], res: dict[str, SeatStats]) -> None:
    for name, st in res.items():
        totals.setdefault(name, SeatStats()).merge(st)


def format_table(summary: dict) -> str:
    """The human-readable table of ``run``'s summary."""
    head = (f"{'computer':<14}{'games':>6}{'avg place':>10}{'95% CI':>17}{'win':>7}{'deal-in':>8}"
            f"{'riichi':>8}{'call':>7}{'pts/hand':>10}{'ms med':>8}{'ms p99':>8}{'illegal':>8}")
    lines = [head, "-" * len(head)]
    for name, c in summary["computers"].items():
        lo, hi = c["ci95"]
        lines.append(f"{name:<14}{c['games']:>6}{c['avg_placement']:>10.3f}{f'[{lo:.3f}, {hi:.3f}]':>17}"
                     f"{c['win_rate']:>7.1%}{c['deal_in_rate']:>8.1%}{c['riichi_rate']:>8.1%}"
                     f"{c['call_rate']:>7.1%}{c['avg_points_per_hand']:>10.0f}{c['decision_ms_median'] or 0:>8.2f}"
                     f"{c['decision_ms_p99'] or 0:>8.1f}{c['illegal_actions']:>8}")
    lines.append(f"illegal actions: {summary['illegal_actions']}   time: {summary['seconds']} s")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m rules_engine.arena", description=__doc__.split("\n\n")[0])
    ap.add_argument("--preset", default="riichi")
    ap.add_argument("--games", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--seats", default="strong,intermediate,intermediate,intermediate",
                    help="four comma-separated strengths: " + ", ".join(STRENGTHS))
    ap.add_argument("--outside", default=None, metavar="CMD",
                    help="command line of an outside program speaking mjai JSON lines on stdin/stdout; "
                         "it plays the seats named 'outside'")
    ap.add_argument("--hero", default=None, metavar="STRENGTH",
                    help="short for --seats STRENGTH,outside,outside,outside")
    ap.add_argument("--east", action="store_true",
                    help="East-round games (the riichi preset's format; the default)")
    ap.add_argument("--timeout", type=float, default=20.0, help="seconds an outside program has per reply")
    ap.add_argument("--jobs", type=int, default=1, help="worker processes")
    ap.add_argument("--progress", action="store_true", help="a partial summary on stderr after every rotation group of 4 games")
    ap.add_argument("--single", action="store_true",
                    help="one hand per game: the preset's single-hand variant (<preset>-single-deal)")
    ap.add_argument("--first-game", type=int, default=0, metavar="G",
                    help="play game indices G..G+N-1 of the seed (chunks of one long run; G a multiple of 4)")
    ap.add_argument("--raw", default=None, metavar="FILE",
                    help="JSON file of every counter, rewritten after every group of 4 games; "
                         "an existing file of the same run is resumed")
    ap.add_argument("--pool", nargs="+", default=None, metavar="FILE",
                    help="print the pooled figures of --raw files (plays nothing)")
    a = ap.parse_args(argv)
    if a.pool:
        try:
            summary = pool(a.pool)
        except (ValueError, OSError, KeyError) as e:
            ap.error(str(e))
        print(format_table(summary))
        print(json.dumps(summary))
        return 0
    if a.single and not a.preset.endswith("-single-deal"):
        a.preset = a.preset + "-single-deal"
    if a.games < 1:
        ap.error("--games must be at least 1")
    seats = a.seats if a.hero is None else f"{a.hero},{OUTSIDE},{OUTSIDE},{OUTSIDE}"
    if a.east and get_preset(a.preset).game_format != "east":
        ap.error(f"--east: preset {a.preset!r} is not an East-round game")
    try:
        summary = run(a.preset, [s.strip() for s in seats.split(",")], a.games, a.seed, a.jobs, a.progress,
                      outside=a.outside, timeout=a.timeout, first_game=a.first_game, raw_path=a.raw)
    except ValueError as e:
        ap.error(str(e))
    print(format_table(summary))
    print(json.dumps(summary))
    return 0


if __name__ == "__main__":
    sys.exit(main())
