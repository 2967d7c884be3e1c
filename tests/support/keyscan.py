"""A distinctive API key, and a scan of everything an exception shows or carries for any part of it.

An exception leaks the key when any run of :data:`FRAGMENT` consecutive characters of the key
appears in its ``str``, its ``repr``, its rendered traceback (with the chain), any exception of its
``__cause__``/``__context__`` chain (rendered, and every attribute it holds, httpx requests and
responses included), its pickle, or the exception loaded back from that pickle.
"""

from __future__ import annotations

import json
import pickle
import traceback
from collections.abc import Iterator
from typing import Any

import httpx

from payments_sdk import PaymentsError

__all__ = ["FRAGMENT", "KEY", "chain", "key_leaks", "leaked_fragment"]

KEY = (
    "eyJhbGciOiJIUzI1NiIsImtpZCI6ImtleWdyZXAtNyJ9"
    ".eyJzdWIiOiJob3N0aWxlLXNkayIsInNjb3BlIjoia2V5Z3JlcCJ9"
    ".Zk9x3Qv_T7rLw2mNc8Yp-HsKe4Ub6Jd0Ai5Rg1Vf"
)
"""A JWT-form key that appears nowhere else: its header names ``kid: keygrep-7``."""

FRAGMENT = 8
"""A run of this many characters of the key counts as a leak."""

_GRAMS = frozenset(KEY[i : i + FRAGMENT] for i in range(len(KEY) - FRAGMENT + 1))


def leaked_fragment(text: str | bytes) -> str | None:
    """Return a run of :data:`FRAGMENT` characters of the key found in ``text``, if any."""
    if isinstance(text, bytes):
        text = text.decode("latin-1")
    return next((gram for gram in _GRAMS if gram in text), None)


def chain(exc: BaseException) -> Iterator[BaseException]:
    """Yield ``exc`` and every exception of its cause and context chain, shown or suppressed."""
    seen: set[int] = set()
    pending = [exc]
    while pending and len(seen) < 100:
        current = pending.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        yield current
        pending += [e for e in (current.__cause__, current.__context__) if e is not None]


def _texts_of(value: Any, depth: int = 0) -> Iterator[str]:
    """Every text a value shows or carries: httpx messages in full, containers item by item."""
    if depth > 6:
        yield repr(value)
        return
    if isinstance(value, str):
        yield value
    elif isinstance(value, bytes | bytearray):
        yield bytes(value).decode("latin-1")
    elif isinstance(value, httpx.Request):
        yield f"{value.method} {value.url}"
        yield repr(value.headers.multi_items())
        if hasattr(value, "_content"):
            yield value.content.decode("latin-1")
    elif isinstance(value, httpx.Response):
        yield repr(value.headers.multi_items())
        if hasattr(value, "_content"):
            yield value.content.decode("latin-1")
        if value._request is not None:
            yield from _texts_of(value._request, depth + 1)
        for earlier in value.history:
            yield from _texts_of(earlier, depth + 1)
    elif isinstance(value, httpx.Headers):
        yield repr(value.multi_items())
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from _texts_of(key, depth + 1)
            yield from _texts_of(item, depth + 1)
    elif isinstance(value, list | tuple | set | frozenset):
        for item in value:
            yield from _texts_of(item, depth + 1)
    elif isinstance(value, BaseException):
        yield str(value)
        yield repr(value)
        yield from _texts_of(value.args, depth + 1)
        yield from _texts_of(vars(value), depth + 1)
    else:
        yield repr(value)


def _renderings(exc: BaseException) -> Iterator[tuple[str, str]]:
    yield "str", str(exc)
    yield "repr", repr(exc)
    yield "traceback", "".join(traceback.format_exception(exc))
    for link in chain(exc):
        where = f"chain {type(link).__name__}"
        for text in _texts_of(link):
            yield where, text
    if isinstance(exc, PaymentsError):
        dumped = pickle.dumps(exc)
        yield "pickle", dumped.decode("latin-1")
        loaded = pickle.loads(dumped)
        for text in _texts_of(loaded):
            yield "unpickled", text
        body = getattr(loaded, "body", None)
        if body is not None:
            yield "unpickled body", json.dumps(body, default=repr)


def key_leaks(exc: BaseException) -> list[str]:
    """Where ``exc`` shows a part of :data:`KEY`: ``["traceback: 'Zk9x3Qv_'", ...]``."""
    found = []
    for where, text in _renderings(exc):
        fragment = leaked_fragment(text)
        if fragment is not None:
            found.append(f"{where}: {fragment!r}")
    return found
