"""Bounds on what a client may send (issue 8; wsproto "Errors", P-PLAY-4).

One JSON decoder for the WebSocket and the REST API: a size limit counted in UTF-8 bytes
(not characters), a nesting limit checked without recursion, and every way the standard
decoder can fail (invalid JSON, invalid UTF-8, nesting deep enough for ``RecursionError``)
reported as one ``BadInput`` with a message meant for the client. Nothing here logs.
"""
from __future__ import annotations

import json

MAX_MESSAGE_BYTES = 4096
"""Largest WebSocket text message accepted, in UTF-8 bytes (4 KiB; a real message is < 200)."""
MAX_BODY_BYTES = 16 * 1024
"""Largest JSON request body the REST API parses, in bytes (16 KiB)."""
MAX_DEPTH = 8
"""Deepest nesting of arrays/objects accepted (a real message nests 3 deep)."""


class BadInput(ValueError):
    """Client input refused before it reaches the service; ``message`` is for the client."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


def depth(value, limit: int = MAX_DEPTH) -> int:
    """Nesting depth of a decoded JSON value (a scalar is 0, ``[]`` is 1), counted with an
    explicit stack (no recursion); stops counting at ``limit + 1``."""
    deepest = 0
    stack = [(value, 0)]
    while stack:
        item, level = stack.pop()
        if isinstance(item, dict):
            children = item.values()
        elif isinstance(item, list):
            children = item
        else:
            continue
        level += 1
        deepest = max(deepest, level)
        if deepest > limit:
            return deepest
        stack.extend((child, level) for child in children)
    return deepest


def decode(data: str | bytes, *, max_bytes: int = MAX_MESSAGE_BYTES, max_depth: int = MAX_DEPTH):
    """Decode one JSON document from ``data`` (text, or UTF-8 bytes) within the bounds.

    Raises ``BadInput`` when ``data`` is larger than ``max_bytes`` UTF-8 bytes, is not
    valid UTF-8 or JSON, or nests deeper than ``max_depth``. Returns the decoded value."""
    if isinstance(data, str):
        # Characters are at most 4 bytes: only a long text needs encoding to be measured.
        if len(data) > max_bytes or (len(data) * 4 > max_bytes
                                     and len(data.encode("utf-8", "surrogatepass")) > max_bytes):
            raise BadInput(f"Send one JSON text message of at most {max_bytes} bytes.")
    else:
        if len(data) > max_bytes:
            raise BadInput(f"Send one JSON document of at most {max_bytes} bytes.")
        try:
            data = data.decode("utf-8")
        except UnicodeDecodeError:
            raise BadInput("The message is not valid UTF-8.") from None
    try:
        value = json.loads(data)
    except RecursionError:
        raise BadInput(f"The message nests deeper than {max_depth} levels.") from None
    except (ValueError, TypeError):
        raise BadInput("The message is not valid JSON.") from None
    if depth(value, max_depth) > max_depth:
        raise BadInput(f"The message nests deeper than {max_depth} levels.")
    return value
