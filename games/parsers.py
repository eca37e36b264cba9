"""The REST API's JSON parser with the live table's input bounds (issue 8).

DRF's ``JSONParser`` lets a deeply nested body escape as ``RecursionError`` (HTTP 500) and
parses bodies of any size up to Django's 2.5 MB. This one reads at most
``inbound.MAX_BODY_BYTES`` and decodes with ``games.inbound.decode``: too large, not UTF-8,
not JSON or nested deeper than ``inbound.MAX_DEPTH`` is a ``ParseError`` (HTTP 400) with a
clear message. Nothing is logged.
"""
from __future__ import annotations

from rest_framework.exceptions import ParseError
from rest_framework.parsers import JSONParser

from . import inbound


class BoundedJSONParser(JSONParser):
    """``application/json`` bodies of at most ``inbound.MAX_BODY_BYTES`` bytes and nesting
    depth ``inbound.MAX_DEPTH``; raises ``ParseError`` (400) otherwise."""

    def parse(self, stream, media_type=None, parser_context=None):
        if stream is None:
            raise ParseError("JSON parse error - the body is empty")
        data = stream.read(inbound.MAX_BODY_BYTES + 1)
        try:
            return inbound.decode(data, max_bytes=inbound.MAX_BODY_BYTES)
        except inbound.BadInput as exc:
            raise ParseError(f"JSON parse error - {exc.message}") from None


def empty_body_refusal(request, example: str):
    """For an endpoint whose every field has a default (so that ``{}`` means "the defaults"):
    a ``Response`` (HTTP 400, ``{"type": "error", "code": "malformed", "message", "rule"}``)
    when ``request`` (a DRF request, before ``request.data`` is read) carries no body at all or
    a body that is not one JSON object, else None. Without this, a POST with an empty body and
    no Content-Type parses as ``{}`` and acts on the defaults by accident. ``example``: a JSON
    body shown in the message."""
    from rest_framework.response import Response

    if request.body.strip() and isinstance(request.data, dict):
        return None
    return Response({"type": "error", "code": "malformed", "rule": None, "message":
                     f"send a JSON object with Content-Type: application/json, for example {example} "
                     "({} takes every default)"}, status=400)
