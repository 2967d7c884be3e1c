"""The ``format`` values of the bundle's schemas the pipeline carries, and the rule of each.

One place for both sides of the wire: the SDK's argument checks (:mod:`._checks`) and the
sandbox's request validation (``sandbox/contract.py``) call :func:`conforms`, and
``openapi/tools/features.py`` reads :data:`CHECKED` and :data:`ANNOTATIONS` (this file, by
path: it imports nothing of the package) to fail ``make generate`` on any other format, by name.

- :data:`CHECKED`: a value that breaks the format is refused, by the SDK before the wire and by
  the sandbox with a 400. ``date-time``, ``date`` and ``binary`` are also converted (to a UTC
  instant, a ``datetime.date``, an upload's bytes) by the SDK's checks.
- :data:`ANNOTATIONS`: formats that state no rule of their own beyond the schema's other
  keywords (``float`` of a ``number``; ``iso-4217`` beside its ``pattern`` or ``enum``;
  ``password``, a hint to hide the value in a form). They are carried as documentation.
"""

from __future__ import annotations

import ipaddress
import re
from typing import Any

__all__ = ["ANNOTATIONS", "CHECKED", "conforms", "is_uri"]

CHECKED = frozenset({"date-time", "date", "email", "uri", "uuid", "binary", "int32", "int64"})
"""Formats whose rule the SDK and the sandbox enforce."""

ANNOTATIONS = frozenset({"float", "double", "password", "iso-4217"})
"""Formats that add no rule to their schema's other keywords (documentation only)."""

# RFC 3986, section 3: an absolute URI is ``scheme ":" hier-part [ "?" query ] [ "#" fragment ]``.
_PCT = r"%[0-9A-Fa-f]{2}"
_UNRESERVED = r"A-Za-z0-9\-._~"
_SUB_DELIMS = r"!$&'()*+,;="
_PCHAR = rf"(?:[{_UNRESERVED}{_SUB_DELIMS}:@]|{_PCT})"
_SEGMENT = rf"{_PCHAR}*"
_SEGMENT_NZ = rf"{_PCHAR}+"
_USERINFO = rf"(?:[{_UNRESERVED}{_SUB_DELIMS}:]|{_PCT})*"
_REG_NAME = rf"(?:[{_UNRESERVED}{_SUB_DELIMS}]|{_PCT})*"
_IP_LITERAL = r"\[(?P<literal>[^\]/?#@\[]*)\]"
_AUTHORITY = rf"(?:{_USERINFO}@)?(?:{_IP_LITERAL}|{_REG_NAME})(?::[0-9]*)?"
_HIER_PART = (
    rf"(?://{_AUTHORITY}(?:/{_SEGMENT})*"  # "//" authority path-abempty
    rf"|/(?:{_SEGMENT_NZ}(?:/{_SEGMENT})*)?"  # path-absolute
    rf"|{_SEGMENT_NZ}(?:/{_SEGMENT})*"  # path-rootless
    r"|)"  # path-empty
)
_QUERY = rf"(?:{_PCHAR}|[/?])*"
_URI = re.compile(
    rf"[A-Za-z][A-Za-z0-9+\-.]*:{_HIER_PART}(?:\?{_QUERY})?(?:#{_QUERY})?",
)
_IP_FUTURE = re.compile(rf"v[0-9A-Fa-f]+\.[{_UNRESERVED}{_SUB_DELIMS}:]+")
_UUID = re.compile(r"[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}")
_INTEGER_BITS = {"int32": 32, "int64": 64}


def is_uri(text: str) -> bool:
    """Whether ``text`` is an absolute URI (RFC 3986: a scheme, then its hierarchical part)."""
    match = _URI.fullmatch(text)
    if match is None:
        return False
    literal = match.group("literal")
    if literal is None:
        return True
    if _IP_FUTURE.fullmatch(literal):
        return True
    try:
        ipaddress.IPv6Address(literal)
    except ValueError:
        return False
    return "%" not in literal  # a zone id is not RFC 3986 (RFC 6874 writes it "%25")


def conforms(fmt: str, value: Any) -> bool:
    """Whether ``value`` keeps the rule of ``fmt`` (a value of another type is not its business).

    ``date-time``, ``date`` and ``binary`` are checked where they are converted; here they pass.
    """
    if fmt == "uri":
        return not isinstance(value, str) or is_uri(value)
    if fmt == "uuid":
        return not isinstance(value, str) or _UUID.fullmatch(value) is not None
    if fmt == "email":
        if not isinstance(value, str):
            return True
        local, at, domain = value.rpartition("@")
        return bool(at and local and domain) and not any(ch.isspace() for ch in value)
    bits = _INTEGER_BITS.get(fmt)
    if bits is not None and isinstance(value, int) and not isinstance(value, bool):
        top: int = 2 ** (bits - 1)
        return -top <= value < top
    return True
