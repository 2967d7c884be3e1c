"""The sandbox's guard against hostile input: what a request may carry before any rule sees it.

Bodies are read with a size bound, and JSON is checked for nesting depth before it is parsed and
decoded as strict UTF-8. Each refusal is a 400 whose message says what is wrong;
openapi/DECISIONS.md lists the bounds.
"""

from __future__ import annotations

import json
import re
from itertools import accumulate
from typing import Any

from starlette.requests import ClientDisconnect, Request

from ._errors import bad_request

__all__ = [
    "MAX_JSON_BYTES",
    "MAX_JSON_DEPTH",
    "MAX_MULTIPART_BYTES",
    "media_type",
    "parse_json",
    "read_body",
    "replay",
]

MAX_JSON_BYTES = 1024 * 1024
"""Largest JSON body accepted: 1 MiB."""
MAX_MULTIPART_BYTES = 10 * 1024 * 1024
"""Largest multipart body accepted (a document upload): 10 MiB."""
MAX_JSON_DEPTH = 64
"""Deepest nesting of JSON arrays and objects accepted; the bundle's deepest request needs 4."""

# Depth is counted on the bytes, before json.loads recurses: strings are blanked out (a bracket
# inside a string is text), then each remaining bracket adds or removes one level. Every step is
# a C loop (re.sub, bytes.translate, map, accumulate, max), so a 1 MiB body costs milliseconds.
_JSON_STRING = re.compile(rb'"[^"\\]*(?:\\.[^"\\]*)*"', re.DOTALL)
_NOT_BRACKETS = bytes(b for b in range(256) if b not in b"[]{}")
_LEVEL_STEP = [0] * 256
_LEVEL_STEP[ord("[")] = _LEVEL_STEP[ord("{")] = 1
_LEVEL_STEP[ord("]")] = _LEVEL_STEP[ord("}")] = -1


def media_type(header: str | None) -> tuple[str, dict[str, str]]:
    """Split a Content-Type into its lower-cased media type and its parameters."""
    main, _, rest = (header or "").partition(";")
    params: dict[str, str] = {}
    for item in rest.split(";"):
        key, _, value = item.partition("=")
        if key.strip():
            params[key.strip().lower()] = value.strip().strip('"')
    return main.strip().lower(), params


async def read_body(request: Request, limit: int) -> bytes:
    """Return the request's body, refusing it as soon as it is known to exceed ``limit`` bytes.

    A declared Content-Length over the limit is refused before anything is read; otherwise the
    streamed bytes are counted, so a body without a length (chunked) is bounded too.
    """
    too_large = bad_request(f"body is too large: this operation accepts at most {limit} bytes")
    declared = request.headers.get("content-length")
    if declared is not None:
        if not declared.isascii() or not declared.isdigit():
            raise bad_request("Content-Length is not a number of bytes")
        digits = declared.lstrip("0")
        if len(digits) > len(str(limit)) or int(digits or "0") > limit:
            raise too_large
    chunks: list[bytes] = []
    size = 0
    try:
        async for chunk in request.stream():
            size += len(chunk)
            if size > limit:
                raise too_large
            chunks.append(chunk)
    except ClientDisconnect:
        # Nobody will read this answer, but a client that goes away is not a sandbox bug.
        raise bad_request("the client disconnected before sending the whole body") from None
    return b"".join(chunks)


def replay(request: Request, body: bytes) -> Request:
    """Return a request over the same scope whose body is ``body``, already read and bounded."""
    sent = False

    async def receive() -> dict[str, Any]:
        nonlocal sent
        if sent:
            return {"type": "http.disconnect"}
        sent = True
        return {"type": "http.request", "body": body, "more_body": False}

    return Request(request.scope, receive)


def _depth(raw: bytes) -> int:
    brackets = _JSON_STRING.sub(b"", raw).translate(None, _NOT_BRACKETS)
    return max(accumulate(map(_LEVEL_STEP.__getitem__, brackets)), default=0)


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON value")


def parse_json(raw: bytes) -> Any:
    """Parse a JSON body: bounded depth, strict UTF-8, no NaN or Infinity."""
    if _depth(raw) > MAX_JSON_DEPTH:
        raise bad_request(
            "body is nested too deeply: arrays and objects may nest at most "
            f"{MAX_JSON_DEPTH} levels"
        )
    try:
        text = raw.decode("utf-8")  # strict: invalid bytes and encoded surrogates are refused
    except UnicodeDecodeError as exc:
        raise bad_request(f"body is not valid UTF-8 (byte {exc.start})") from None
    try:
        value = json.loads(text, parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise bad_request(
            f"body is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from None
    except ValueError as exc:  # from _constant: NaN, Infinity, -Infinity
        raise bad_request(f"body is not valid JSON: {exc}") from None
    return value
