"""Redaction: nothing an exception shows or holds keeps the key, or any recognisable part of it.

A server can send the key back in any form: the whole ``Authorization`` header echoed in an
``error`` field, a part of it (servers that cut what they echo), in a header, in a text or HTML
page, through a redirect that repeated the header. So redaction replaces the key, and every run
of at least :data:`MIN_FRAGMENT` of its characters, with ``***``: whatever cuts a redacted text
afterwards (a message is cut at 500 characters) cannot leave a recognisable part of the key.

Exceptions hold *detached* copies of the request and response: no stream, no connection, no
redirect history, ``Authorization`` masked, and (when a key is given) the key out of every
header, the URL and the body. A detached copy pickles, and so does the exception holding it.
"""

from __future__ import annotations

from typing import Any

import httpx

__all__ = [
    "MASK",
    "MAX_BODY_DEPTH",
    "MIN_FRAGMENT",
    "detach_request",
    "detach_response",
    "json_depth",
    "redact_json",
    "redact_text",
    "scrub_chain",
]

MASK = "***"
MIN_FRAGMENT = 8
"""A run of this many characters of the key is redacted wherever it appears."""

MAX_BODY_DEPTH = 64
"""A parsed body nested deeper than this is kept as text: it must copy, pickle and print."""

MASKED_CREDENTIAL = "Bearer ***"
_BODY_HEADERS = frozenset({"content-encoding", "content-length", "transfer-encoding"})
_MAX_CHAIN = 64


def _spans(text: str, secret: str) -> list[tuple[int, int]]:
    """Where ``text`` holds a run of at least MIN_FRAGMENT characters of ``secret``, merged.

    Any such run contains one whole block of ``step`` characters starting at a multiple of
    ``step`` in the secret, so only those blocks are searched for (by ``str.find``, in C); each
    hit is then extended both ways while the text and the secret agree.
    """
    step = (MIN_FRAGMENT + 1) // 2
    found: list[tuple[int, int]] = []
    for offset in range(0, len(secret) - step + 1, step):
        block = secret[offset : offset + step]
        start = text.find(block)
        while start != -1:
            left = 0
            while left < min(offset, start) and text[start - left - 1] == secret[offset - left - 1]:
                left += 1
            right = 0
            end, tail = start + step, offset + step
            while (
                end + right < len(text)
                and tail + right < len(secret)
                and text[end + right] == secret[tail + right]
            ):
                right += 1
            if left + step + right >= MIN_FRAGMENT:
                found.append((start - left, end + right))
            start = text.find(block, start + 1)
    found.sort()
    merged: list[tuple[int, int]] = []
    for low, high in found:
        if merged and low <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], high))
        else:
            merged.append((low, high))
    return merged


def redact_text(text: str, secret: str) -> str:
    """Return ``text`` with the secret, and every run of MIN_FRAGMENT of its characters, as ***."""
    if len(secret) < MIN_FRAGMENT:
        return text.replace(secret, MASK) if secret else text
    spans = _spans(text, secret)
    if not spans:
        return text
    pieces = []
    kept = 0
    for low, high in spans:
        pieces += [text[kept:low], MASK]
        kept = high
    pieces.append(text[kept:])
    return "".join(pieces)


def _redact_bytes(content: bytes, secret: str) -> bytes:
    # latin-1 maps each byte to one character and back, and the key is ASCII: only the bytes of
    # the key change, whatever the encoding of the rest.
    return redact_text(content.decode("latin-1"), secret).encode("latin-1")


def redact_json(value: Any, secret: str) -> Any:
    """Return a copy of a parsed JSON value with the secret out of every string, keys included.

    Iterative, so that a body nested as deeply as the JSON parser allows is no problem.
    """
    top: list[Any] = [None]
    work: list[tuple[Any, Any, Any]] = [(value, top, 0)]
    while work:
        source, target, slot = work.pop()
        copy: Any
        if isinstance(source, dict):
            copy = {}
            for key, item in source.items():
                name = redact_text(key, secret) if isinstance(key, str) else key
                copy[name] = None
                work.append((item, copy, name))
        elif isinstance(source, list | tuple):
            copy = [None] * len(source)
            work += [(item, copy, index) for index, item in enumerate(source)]
        elif isinstance(source, str):
            copy = redact_text(source, secret)
        else:
            copy = source
        target[slot] = copy
    return top[0]


def json_depth(value: Any) -> int:
    """Return how deeply arrays and objects nest in a parsed JSON value (0 for a scalar)."""
    deepest = 0
    work = [(value, 0)]
    while work:
        item, depth = work.pop()
        if isinstance(item, dict):
            item = list(item.values())
        if isinstance(item, list):
            deepest = max(deepest, depth + 1)
            work += [(child, depth + 1) for child in item]
    return deepest


def _headers(
    headers: httpx.Headers, secret: str | None, *, body: bool
) -> list[tuple[bytes, bytes]]:
    kept = []
    for name, value in headers.multi_items():
        lowered = name.lower()
        if lowered == "authorization":
            value = MASKED_CREDENTIAL
        elif body and lowered in _BODY_HEADERS:
            continue  # the detached body is decoded and complete: httpx sets Content-Length
        elif secret is not None:
            value = redact_text(value, secret)
        # As bytes: a server may send a value that is not ASCII, which httpx takes only so.
        kept.append((name.encode(), value.encode("utf-8", "surrogateescape")))
    return kept


def detach_request(request: httpx.Request, secret: str | None = None) -> httpx.Request:
    """Return a copy of ``request``: method, URL and headers (Authorization masked), no body."""
    url = request.url
    if secret is not None and redact_text(str(url), secret) != str(url):
        url = httpx.URL(redact_text(str(url), secret))
    return httpx.Request(request.method, url, headers=_headers(request.headers, secret, body=False))


def detach_response(
    response: httpx.Response, secret: str | None = None, *, content: bytes | None = None
) -> httpx.Response:
    """Return a complete, closed copy of ``response``: status, headers, body read, request.

    With ``secret``, the key is redacted from the headers and the body. The body is the decoded
    content (empty when it was never read), or ``content`` when given, so the encoding headers
    are left out.
    """
    if content is None:
        try:
            content = response.content
        except httpx.ResponseNotRead:
            content = b""
    if secret is not None:
        content = _redact_bytes(content, secret)
    request = response._request  # a response built by hand may have none
    detached = httpx.Response(
        response.status_code,
        headers=_headers(response.headers, secret, body=True),
        content=content,
        request=None if request is None else detach_request(request, secret),
        default_encoding=response.encoding or "utf-8",
    )
    detached.close()
    return detached


def scrub_chain(error: BaseException, secret: str) -> None:
    """Redact the secret from ``error`` and every exception of its cause and context chain.

    Their messages (``args``), their text attributes, and the httpx requests and responses they
    hold (replaced by detached copies), so that the chain can be kept for the traceback.
    """
    seen: set[int] = set()
    pending = [error]
    while pending and len(seen) < _MAX_CHAIN:
        link = pending.pop()
        if id(link) in seen:
            continue
        seen.add(id(link))
        link.args = tuple(redact_json(list(link.args), secret))
        for name, value in list(vars(link).items()):
            if isinstance(value, httpx.Response):
                setattr(link, name, detach_response(value, secret))
            elif isinstance(value, httpx.Request):
                setattr(link, name, detach_request(value, secret))
            elif isinstance(value, str | list | dict):
                setattr(link, name, redact_json(value, secret))
            elif isinstance(value, bytes):
                setattr(link, name, _redact_bytes(value, secret))
        pending += [e for e in (link.__cause__, link.__context__) if e is not None]
