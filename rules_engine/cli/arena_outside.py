"""An arena seat played by an outside program over the mjai protocol (issue 13 item 4, P-BOT).

The outside program is a subprocess speaking JSON lines on stdin/stdout, the way mjai.app and
Mortal run a bot: each line we write is a JSON **array** of mjai events (those of the game the
seat may know since our last line, ``rules_engine.formats.mjai.seat_stream``; the first array
of a game starts with ``start_game`` carrying ``"id": seat``); the program answers every line
with exactly one JSON object, its reply (``dahai``, ``reach``, ``chi``, ``pon``, ``daiminkan``,
``ankan``, ``kakan``, ``hora``, ``ryukyoku`` or ``none``). We write a line only when the seat
has a decision (its legal actions are not empty) and once at the end of the game (with
``end_kyoku``/``end_game``; that reply is read and ignored). A ``reach`` reply is answered with
a line ``[{"type": "reach", "actor": seat}]`` and the next reply must be its ``dahai``; the
converted stream's own ``reach`` event is then not sent twice.

A reply that is not JSON, names no legal action (``rules_engine.formats.mjai_actions.translate``),
or does not come within ``timeout`` seconds is counted (``illegal``; the first messages are kept
in ``errors``) and replaced by the safe default (a late reply is read and dropped before the next
line; a program still silent then, or gone, gets the default for the rest of the game): win if offered, else pass a call, else discard
the drawn tile (else the highest legal discard), as the table's timeout default (P-TIMEOUT-1..3).
A program that exits or times out is restarted at the next game.

Pure Python, no Django: the engine's events come from ``Game`` log entries.
"""
from __future__ import annotations

import json
import os
import select
import shlex
import subprocess
import time
from collections.abc import Sequence

from rules_engine.core.actions import Action
from rules_engine.formats.mjai import mask_event
from rules_engine.formats.mjai_actions import REACH_DECLARED, MjaiReplyError, translate

MAX_ERRORS_KEPT = 20


def safe_default(legal: Sequence[Action], drawn_tile: int | None) -> Action:
    """The action played for an illegal or missing reply: ``tsumo``/``ron`` if offered, else
    ``pass``, else the discard of ``drawn_tile``, else the legal discard with the highest id,
    else the first legal action (the table's timeout default, P-TIMEOUT-1..3).
    Raises ``ValueError`` for empty ``legal``."""
    if not legal:
        raise ValueError("no legal action to default to")
    for kind in ("tsumo", "ron", "pass"):
        for a in legal:
            if a.type == kind:
                return a
    discards = [a for a in legal if a.type == "discard"]
    for a in discards:
        if a.tile == drawn_tile:
            return a
    if discards:
        return max(discards, key=lambda a: a.tile)
    return legal[0]


class OutsideProgram:
    """One running outside program (one seat at a time). ``command``: a shell-like command line
    (split with ``shlex``); ``timeout``: seconds allowed per reply.

    Counters (cumulative over games): ``illegal`` replies replaced by the default, ``errors``
    (the first ``MAX_ERRORS_KEPT`` reasons), ``restarts``."""

    def __init__(self, command: str, timeout: float = 20.0, red_fives: frozenset[int] = frozenset({16, 52, 88})) -> None:
        self.command = command
        self.argv = shlex.split(command)
        if not self.argv:
            raise ValueError("empty outside command")
        self.timeout = timeout
        self.red_fives = red_fives
        self.proc: subprocess.Popen | None = None
        self.illegal = 0
        self.errors: list[str] = []
        self.restarts = 0
        self.seat = 0
        self._pending: list[dict] = []
        self._skip_reach = False
        self._broken = False
        self._buf = b""
        self._owed = 0

    # ------------------------------------------------------------------ process
    def _ensure(self) -> None:
        if self.proc is not None and self.proc.poll() is None and not self._broken:
            return
        if self.proc is not None:
            self.restarts += 1
            self.close()
        self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=None if os.environ.get("ARENA_OUTSIDE_STDERR") else subprocess.DEVNULL,
                                     bufsize=0)
        self._broken = False
        self._buf = b""
        self._owed = 0

    def close(self) -> None:
        """Stop the program (close its stdin, then kill it if it lingers)."""
        p, self.proc = self.proc, None
        if p is None:
            return
        try:
            if p.stdin:
                p.stdin.close()
            p.wait(timeout=2)
        except Exception:
            p.kill()
            p.wait()

    def _exchange(self, events: list[dict]) -> object:
        """Write ``events`` as one line and return the parsed reply; raises ``MjaiReplyError``
        (``malformed``) for a reply that is not JSON, ``TimeoutError``/``OSError`` when the
        program is silent or gone."""
        assert self.proc is not None and self.proc.stdin and self.proc.stdout
        while self._owed:                         # late replies to earlier lines: read and drop
            try:
                self._readline()
            except TimeoutError:
                self._broken = True
                raise
            self._owed -= 1
        self.proc.stdin.write((json.dumps(events, separators=(",", ":")) + "\n").encode())
        try:
            line = self._readline()
        except TimeoutError:
            self._owed += 1                        # its reply may still come: drop it then
            raise
        try:
            return json.loads(line)
        except ValueError:
            raise MjaiReplyError("malformed", f"not JSON: {line[:60]!r}") from None

    def _readline(self) -> bytes:
        """The program's next output line; ``TimeoutError`` after ``timeout`` s, ``OSError`` at EOF."""
        assert self.proc is not None and self.proc.stdout
        fd = self.proc.stdout.fileno()
        deadline = time.monotonic() + self.timeout
        while b"\n" not in self._buf:
            left = deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError(f"no reply within {self.timeout} s")
            ready, _, _ = select.select([fd], [], [], left)
            if not ready:
                continue
            chunk = os.read(fd, 65536)
            if not chunk:
                raise OSError("the outside program exited")
            self._buf += chunk
        line, self._buf = self._buf.split(b"\n", 1)
        return line

    def _fail(self, reason: str) -> None:
        self.illegal += 1
        if len(self.errors) < MAX_ERRORS_KEPT:
            self.errors.append(reason)

    # ------------------------------------------------------------------ game
    def begin(self, seat: int, start_events: list[dict]) -> None:
        """A new game with this program at ``seat``; ``start_events``: the converter's
        ``start()`` events (unmasked)."""
        self._ensure()
        self.seat = seat
        self._pending = []
        self._skip_reach = False
        self.observe(start_events)

    def observe(self, events: list[dict]) -> None:
        """Queue the mjai events ``events`` (unmasked) for the next line, masked for our seat."""
        for ev in events:
            if self._skip_reach and ev.get("type") == "reach" and ev.get("actor") == self.seat:
                self._skip_reach = False
                continue
            self._pending.append(mask_event(ev, self.seat))

    def decide(self, legal: list[Action], drawn_tile: int | None) -> tuple[Action, bool]:
        """The seat's action for its decision now (``legal``: its legal actions); returns
        ``(action, replaced)`` where ``replaced`` tells that the reply was illegal/missing and
        the safe default was played."""
        events, self._pending = self._pending, []
        reply: object = None
        if self._broken:
            self._fail("program not answering (default played)")
            return safe_default(legal, drawn_tile), True
        try:
            reply = self._exchange(events)
            act = self._translate(reply, legal, drawn_tile, False)
            if act is REACH_DECLARED:
                self._skip_reach = True
                reply = self._exchange([{"type": "reach", "actor": self.seat}])
                act = self._translate(reply, legal, drawn_tile, True)
            return act, False
        except MjaiReplyError as e:
            self._skip_reach = False
            self._fail(f"{e.code}: {e.message} (reply {json.dumps(reply)[:120]})")
        except TimeoutError as e:                 # a late reply is dropped at the next line
            self._skip_reach = False
            self._fail(f"TimeoutError: {e}")
        except OSError as e:
            self._skip_reach = False
            self._broken = True
            self._fail(f"OSError: {e}")
        return safe_default(legal, drawn_tile), True

    def _translate(self, reply: object, legal: list[Action], drawn_tile: int | None, reach_pending: bool):
        """``translate``, where a ``dahai`` with ``tsumogiri: true`` may also name a copy of the
        drawn tile's kind from the hand: the engine lists one discard per kind (a copy from the
        hand when it holds one), and which copy goes changes nothing but the tsumogiri mark."""
        try:
            return translate(reply, self.seat, legal, drawn_tile=drawn_tile, reach_pending=reach_pending,
                             red_fives=self.red_fives)
        except MjaiReplyError as e:
            if e.code != "illegal" or not isinstance(reply, dict) or reply.get("type") != "dahai" \
                    or reply.get("tsumogiri") is not True:
                raise
            return translate({**reply, "tsumogiri": False}, self.seat, legal, drawn_tile=drawn_tile,
                             reach_pending=reach_pending, red_fives=self.red_fives)

    def end(self) -> None:
        """Send the game's last events (end_kyoku, end_game) and read the reply (ignored)."""
        events, self._pending = self._pending, []
        if not events or self._broken:
            return
        try:
            self._exchange(events)
        except (MjaiReplyError, TimeoutError, OSError):
            self._broken = True


_PROGRAMS: dict[tuple[str, int], OutsideProgram] = {}


def program(command: str, slot: int, timeout: float = 20.0) -> OutsideProgram:
    """The running program of ``command`` for seat slot ``slot`` (0..3) in this process (kept
    between games: a program re-initialises itself at each ``start_game``)."""
    key = (command, slot)
    p = _PROGRAMS.get(key)
    if p is None:
        p = _PROGRAMS[key] = OutsideProgram(command, timeout)
    return p


def close_all() -> None:
    """Stop every program started by ``program`` in this process."""
    for p in _PROGRAMS.values():
        p.close()
    _PROGRAMS.clear()
