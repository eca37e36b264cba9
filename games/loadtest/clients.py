"""Scripted WebSocket players for the load tool.

One ``Player`` is one browser tab: it keeps one WebSocket to ``/ws/games/<id>/`` with the
account's session cookie, and whenever a state message opens a decision for its seat it
answers ``think`` seconds later (a pass in a claim window, a win when offered, otherwise the
drawn tile or the first discard; Continue on a results screen). For every action sent it
measures the time until the next ``state`` message arrives (the action→update latency).
Anything else than the expected flow — an ``error`` message, a close the player did not
ask for, a connection that fails — is counted as an error.
"""
from __future__ import annotations

import asyncio
import json
import random
import time
from dataclasses import dataclass, field


@dataclass
class Stats:
    """What a group of players measured; ``merge`` adds another group's figures."""

    latencies_ms: list[float] = field(default_factory=list)
    actions_sent: int = 0
    states: int = 0
    errors: dict[str, int] = field(default_factory=dict)
    error_samples: list[str] = field(default_factory=list)
    games_finished: int = 0

    def error(self, kind: str, detail: str) -> None:
        self.errors[kind] = self.errors.get(kind, 0) + 1
        if len(self.error_samples) < 10:
            self.error_samples.append(f"{kind}: {detail[:300]}")

    def merge(self, other: "Stats") -> None:
        self.latencies_ms += other.latencies_ms
        self.actions_sent += other.actions_sent
        self.states += other.states
        for k, v in other.errors.items():
            self.errors[k] = self.errors.get(k, 0) + v
        self.error_samples += other.error_samples[: max(0, 10 - len(self.error_samples))]
        self.games_finished += other.games_finished

    def as_dict(self) -> dict:
        return {"latencies_ms": self.latencies_ms, "actions_sent": self.actions_sent, "states": self.states,
                "errors": self.errors, "error_samples": self.error_samples,
                "games_finished": self.games_finished}

    @classmethod
    def from_dict(cls, d: dict) -> "Stats":
        return cls(**d)


def choose(view: dict) -> dict | None:
    """The scripted decision for ``view`` (a seat view): ``None`` when nothing is owed."""
    legal = view.get("legal_actions") or []
    if not legal:
        return None
    by_type: dict[str, list] = {}
    for a in legal:
        by_type.setdefault(a.get("type"), []).append(a)
    for kind in ("tsumo", "ron", "pass"):
        if kind in by_type:
            return by_type[kind][0]
    discards = by_type.get("discard") or []
    drawn = view.get("drawn_tile")
    for a in discards:
        if a.get("tile") == drawn:
            return a
    if discards:
        return discards[0]
    return legal[0]


class Player:
    """One scripted client of seat ``seat`` at game ``game_id`` through ``url``."""

    def __init__(self, url: str, origin: str, session: str, game_id: int, seat: int, think: float,
                 stats: Stats, stop: asyncio.Event, measuring: asyncio.Event) -> None:
        self.url, self.origin, self.session = url, origin, session
        self.game_id, self.seat, self.think = game_id, seat, think
        self.stats, self.stop, self.measuring = stats, stop, measuring
        self.sent_at: float | None = None     # monotonic time of the action awaiting its update
        self.awaiting: tuple | None = None    # (seq, phase) of the decision answered, until updated
        self.answered: tuple | None = None    # (seq, phase) last answered
        self.pending: asyncio.Task | None = None

    async def run(self) -> bool:
        """Play until the game ends (returns True) or the run stops (returns False)."""
        import websockets

        failures = 0
        while not self.stop.is_set():
            try:
                async with websockets.connect(
                        f"{self.url}/ws/games/{self.game_id}/", origin=self.origin,
                        additional_headers={"Cookie": f"sessionid={self.session}"},
                        max_size=2 ** 22, open_timeout=30, ping_interval=None) as ws:
                    return await self._play(ws)
            except asyncio.CancelledError:
                raise
            except Exception as exc:  # a failed or dropped connection is an error of the run
                if self.stop.is_set():
                    return False
                self.stats.error("connection", f"game {self.game_id} seat {self.seat}: {exc!r}")
                self.sent_at = self.awaiting = self.answered = None
                failures += 1
                await asyncio.sleep(min(8.0, 0.5 * 2 ** failures) * (0.5 + random.random()))
        return False

    async def _play(self, ws) -> bool:
        stop_wait = asyncio.ensure_future(self.stop.wait())
        try:
            while True:
                recv = asyncio.ensure_future(ws.recv())
                done, _ = await asyncio.wait({recv, stop_wait}, return_when=asyncio.FIRST_COMPLETED)
                if stop_wait in done:
                    recv.cancel()
                    if self.pending:
                        self.pending.cancel()
                    await ws.close()
                    return False
                try:
                    raw = recv.result()
                except Exception as exc:
                    if self.stop.is_set():
                        return False
                    raise ConnectionError(f"closed by the server: {exc!r}") from None
                now = time.monotonic()
                message = json.loads(raw)
                kind = message.get("type")
                if kind == "error":
                    self.stats.error(f"error:{message.get('code')}",
                                     f"game {self.game_id} seat {self.seat}: {message.get('message')}")
                    self.sent_at = self.awaiting = None
                    continue
                if kind != "state":
                    continue
                view, game = message.get("view") or {}, message.get("game") or {}
                if self.measuring.is_set():
                    self.stats.states += 1
                if self.sent_at is not None and self._updated(view):
                    if self.measuring.is_set():
                        self.stats.latencies_ms.append((now - self.sent_at) * 1000.0)
                    self.sent_at = self.awaiting = None
                if game.get("status") != "active" or view.get("phase") == "game_over":
                    if self.pending:
                        self.pending.cancel()
                    await ws.close()
                    return True
                self._maybe_act(ws, view)
        finally:
            stop_wait.cancel()

    def _updated(self, view: dict) -> bool:
        """Whether ``view`` is the first state that shows the answered decision as answered
        (another seq or phase, or no legal action left for this seat)."""
        if self.awaiting is None:
            return True
        seq, phase = self.awaiting
        return view.get("seq") != seq or view.get("phase") != phase or not view.get("legal_actions")

    def _maybe_act(self, ws, view: dict) -> None:
        seq, phase = view.get("seq"), view.get("phase")
        if phase == "hand_over":
            key = (seq, "continue")
            if self.answered != key and view.get("game_result") is None:
                self._schedule(ws, key, {"type": "continue", "seq": seq})
            return
        action = choose(view)
        if action is None:
            return
        key = (seq, phase)
        if self.answered == key:
            return
        self._schedule(ws, key, {"type": "action", "seq": seq, "action": action})

    def _schedule(self, ws, key, message: dict) -> None:
        self.answered = key
        if self.pending and not self.pending.done():
            self.pending.cancel()

        async def later():
            await asyncio.sleep(self.think)
            self.sent_at, self.awaiting = time.monotonic(), (key[0], key[1] if key[1] != "continue" else "hand_over")
            self.stats.actions_sent += 1
            await ws.send(json.dumps(message))

        self.pending = asyncio.ensure_future(later())
