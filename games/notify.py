"""Table notices over the channel layer (DESIGN §3): the table's group gets only
``{"type": "table.changed", "version": V, "seq": N}`` — never tiles. The writer of a change
also sends each person's seat its own state message, built once (``table_changed`` with
``states``), to that seat's group only; every other connection builds its own view.

With the in-process channel layer (embedded default) the layer's queues belong to the
server's event loop; a notice sent from another thread (the embedded Celery worker) is
handed to that loop with ``run_coroutine_threadsafe`` instead of a private loop.

A process with no event loop of its own (a Celery worker) sends its notices through one
long-lived loop on a background thread, so the Redis layer's connection is reused instead
of a new loop and connection per notice (``async_to_sync``; DESIGN §3 "Cost").
"""
from __future__ import annotations

import asyncio
import os
import threading

from asgiref.sync import async_to_sync
from channels.layers import InMemoryChannelLayer, get_channel_layer

_loop_lock = threading.Lock()
_server_loop: asyncio.AbstractEventLoop | None = None
_sender: tuple[int, asyncio.AbstractEventLoop] | None = None     # (pid, loop) of this process


def _sender_loop() -> asyncio.AbstractEventLoop:
    """This process's background notice loop, started on first use (after any fork)."""
    global _sender
    with _loop_lock:
        if _sender is None or _sender[0] != os.getpid() or _sender[1].is_closed():
            loop = asyncio.new_event_loop()
            threading.Thread(target=loop.run_forever, name="table-notices", daemon=True).start()
            _sender = (os.getpid(), loop)
        return _sender[1]


def group_name(game_id: int) -> str:
    """The channel-layer group of game ``game_id``'s connections."""
    return f"game-{game_id}"


def remember_server_loop(loop: asyncio.AbstractEventLoop) -> None:
    """Record the event loop that serves WebSocket connections (called by the consumer)."""
    global _server_loop
    with _loop_lock:
        _server_loop = loop


def server_loop() -> asyncio.AbstractEventLoop | None:
    """The running event loop that serves this process's WebSocket connections, or ``None``
    (a Celery worker; a server that has served no table yet)."""
    loop = _server_loop
    if loop is None or loop.is_closed() or not loop.is_running():
        return None
    return loop


def seat_group(game_id: int, seat: int) -> str:
    """The channel-layer group of the connections of seat ``seat`` of game ``game_id`` (the
    seat's account only; ``games.consumers``)."""
    return f"game-{game_id}-seat-{seat}"


def table_changed(game_id: int, version: int, seq: int, states: dict[int, str] | None = None,
                  skip=frozenset()) -> None:
    """Send the change notice for game ``game_id`` to its group (synchronous callers).

    ``states``: ``{seat: state message JSON}`` built once by the writer
    (``views_state.seat_states``); each is sent first to its own seat's group only, as
    ``{"type": "table.state", "version", "seq", "seat", "text"}``, and the group notice then
    says ``"pushed": true`` so that those seats' connections do not read the game again
    (DESIGN §3 "Cost"). Other connections (spectators of a private table, seats whose state
    was not pushed) answer the notice as before, with their own view. All messages go in one
    hop to the layer's loop, in this order.

    ``skip``: channel names this process's writer has handed the state already
    (``table_hub.writer_changed``): the Redis layer does not send them the notice (with a
    proxy routing a table to one process, nothing is then pushed through Redis at all)."""
    notice = {"type": "table.changed", "version": version, "seq": seq}
    if not states:
        group_send_many([(group_name(game_id), notice)], skip=skip)
        return
    messages = [(seat_group(game_id, seat), {"type": "table.state", "version": version, "seq": seq,
                                            "seat": seat, "text": text})
                for seat, text in sorted(states.items())]
    notice["pushed"] = sorted(states)
    messages.append((group_name(game_id), notice))
    group_send_many(messages)


def group_send(group: str, message: dict) -> None:
    """Send ``message`` (a small notice, never tiles) to channel-layer ``group`` from
    synchronous code, on whichever loop owns the layer's queues or connection (see the
    module docstring). Used by game notices (``table_changed``) and waiting-room notices
    (``games.tables``). No channel layer configured: does nothing. Errors from the layer
    (or a 5 s wait on another loop timing out) are raised to the caller."""
    group_send_many([(group, message)])


def group_send_many(messages: list[tuple[str, dict]], skip=frozenset()) -> None:
    """``group_send`` of each ``(group, message)`` in order, in one hop to the loop that owns
    the layer (see ``group_send``). A seat's state message (``table.state``) goes only to
    that seat's group (``table_changed``). ``skip``: channels the Redis layer leaves out
    (``table_changed``; other layers send to every member)."""
    layer = get_channel_layer()
    if layer is None or not messages:
        return

    async def send_all():
        many = getattr(layer, "group_send_many", None)       # mahjongsite.channel_layer
        if many is not None:           # fewer Redis round trips, even for one message
            await (many(messages, skip=skip) if skip else many(messages))
            return
        for group, message in messages:
            await layer.group_send(group, message)

    loop = _server_loop
    if isinstance(layer, InMemoryChannelLayer) and loop is not None and loop.is_running():
        try:
            current = asyncio.get_running_loop()
        except RuntimeError:
            current = None
        if current is not loop:
            asyncio.run_coroutine_threadsafe(send_all(), loop).result(timeout=5)
            return
    if not isinstance(layer, InMemoryChannelLayer) and _outside_event_loops():
        asyncio.run_coroutine_threadsafe(send_all(), _sender_loop()).result(timeout=5)
        return
    async_to_sync(send_all)()


def _outside_event_loops() -> bool:
    """True in a thread with no running event loop that is not a ``sync_to_async`` thread of
    a server loop (there ``async_to_sync`` already uses the server's loop and connection)."""
    try:
        asyncio.get_running_loop()
        return False
    except RuntimeError:
        pass
    from asgiref.sync import SyncToAsync

    return getattr(SyncToAsync.threadlocal, "main_event_loop", None) is None
