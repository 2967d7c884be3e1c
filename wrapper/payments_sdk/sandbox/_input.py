"""The sandbox's guard against hostile input: what a request may carry before any rule sees it.

Bodies are read with a size bound, JSON is checked for nesting depth before it is parsed, decoded
as strict UTF-8 and parsed so that a number with a fraction or an exponent never becomes a
float (it is an exact ``Decimal``, or the int it spells), and no string anywhere in a request
may hold a lone surrogate (it is not Unicode text, and it could not be rendered back). Each
refusal is a 400 whose message names the field. openapi/DECISIONS.md lists the bounds.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable
from decimal import Decimal
from itertools import accumulate
from typing import Any

from starlette.requests import ClientDisconnect, Request

from ._errors import bad_request, field_path

__all__ = [
    "MAX_DIGITS",
    "MAX_INTEGER",
    "MAX_JSON_BYTES",
    "MAX_JSON_DEPTH",
    "MAX_MULTIPART_BYTES",
    "MAX_QUERY_BYTES",
    "check_finite",
    "check_numbers",
    "check_text",
    "json_number",
    "media_type",
    "parse_integer",
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
MAX_INTEGER = 10**15
"""Largest integer a sandbox-only control takes (a simulated payment's amount): 10 trillion in a
two-decimal currency, and below 2**53, exact in a float64 or JavaScript client. Where the bundle
describes a request, its schema bounds each integer (``MinorAmount`` and ``page`` at 10^15)."""
MAX_DIGITS = 4300
"""Most digits a number in a request may have: Python's own bound on converting digits to an
int (``sys.get_int_max_str_digits``), which keeps a long number from costing quadratic time."""
MAX_QUERY_BYTES = 8 * 1024
"""Longest query string accepted: 8 KiB."""

_JSON_NUMBER = re.compile(r"-?(?:0|[1-9][0-9]*)(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")
_LONE_SURROGATE = re.compile("[\ud800-\udfff]")
# Strictly decoded UTF-8 holds no surrogate, so one can only come from a \uD800-\uDFFF escape.
_SURROGATE_ESCAPE = re.compile(r"\\u[dD][89a-fA-F]")

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


def _fraction(token: str) -> Decimal | int:
    """Return the integer a whole number spells (``1000.0``, ``1e3``), else the exact Decimal.

    JSON Schema counts ``1000.0`` as an integer, and so does the bundle (``type: integer``):
    it is the int ``1000`` from here on, so no float ever reaches a balance. Any other number
    with a fraction or an exponent stays an exact ``Decimal``: the schema takes it where it
    says ``number`` and refuses it where it says ``integer``.
    """
    try:
        number = Decimal(token)
    except ArithmeticError:  # an exponent beyond Decimal's range, such as 1e99999999999999999999
        return Decimal("-Infinity" if token.startswith("-") else "Infinity")
    if not number.is_finite() or number.adjusted() >= MAX_DIGITS:
        return number  # 1e99999: no int of that many digits is made (check_finite refuses it)
    if number == number.to_integral_value():
        return int(number)
    return number


def parse_integer(token: str) -> int | Decimal:
    """Return the integer an ASCII digit token spells; beyond :data:`MAX_DIGITS` digits, infinity.

    A longer token is not converted (Python refuses int() beyond 4300 digits, and long tokens
    are slow to convert): it stands in as an infinite Decimal, which the schema then refuses
    where an integer is meant, and :func:`check_finite` elsewhere, naming the field.
    """
    if len(token.lstrip("-")) > MAX_DIGITS:
        return Decimal("-Infinity" if token.startswith("-") else "Infinity")
    return int(token)


def json_number(text: str) -> int | Decimal | None:
    """Return the number a JSON number's text spells (an int, or an exact Decimal), else None.

    How a query or header value of a ``number`` schema is read: ``0.25`` and ``1e-3`` are
    Decimals, ``12`` and ``1.0`` ints, and anything else (``NaN``, ``1_000``, `` 1``) is None.
    """
    if not _JSON_NUMBER.fullmatch(text):
        return None
    if "." not in text and "e" not in text.lower():
        return parse_integer(text)
    return _fraction(text)


def _constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON value")


def parse_json(raw: bytes) -> Any:
    """Parse a JSON body: bounded depth, strict UTF-8, no NaN or Infinity, no lone surrogates.

    A whole number written with a fraction or an exponent (``1000.0``, ``1e3``) comes back as
    the int it spells; any other comes back as ``Decimal`` (never ``float``), which
    :func:`check_numbers` refuses.
    """
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
        value = json.loads(
            text, parse_float=_fraction, parse_int=parse_integer, parse_constant=_constant
        )
    except json.JSONDecodeError as exc:
        raise bad_request(
            f"body is not valid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        ) from None
    except ValueError as exc:  # from _constant: NaN, Infinity, -Infinity
        raise bad_request(f"body is not valid JSON: {exc}") from None
    if _SURROGATE_ESCAPE.search(text):  # else no string can hold one: skip the walk
        check_text(value)
    return value


def _walk(value: Any) -> Iterable[tuple[tuple[str | int, ...], Any]]:
    """Yield ``(path, item)`` for every value and key in document order, without recursion."""
    stack: list[tuple[tuple[str | int, ...], Any]] = [((), value)]
    while stack:
        where, item = stack.pop()
        yield where, item
        if isinstance(item, dict):
            children: list[tuple[tuple[str | int, ...], Any]] = []
            for key, child in item.items():
                children.append(((*where, key), key))  # the key itself is caller text too
                children.append(((*where, key), child))
            stack.extend(reversed(children))
        elif isinstance(item, list):
            stack.extend(reversed([((*where, i), child) for i, child in enumerate(item)]))


def _first(value: Any, bad: Callable[[Any], bool]) -> tuple[tuple[str | int, ...], Any] | None:
    """Return the path and item of the first leaf or key for which ``bad`` holds, or None.

    The common case (nothing bad) walks without building paths, which is most of the cost on a
    large body; paths are worked out only once something is found.
    """
    stack = [value]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            stack.extend(item)
            stack.extend(item.values())
        elif isinstance(item, list):
            stack.extend(item)
        elif bad(item):
            return next((where, i) for where, i in _walk(value) if not _is_node(i) and bad(i))
    return None


def _is_node(item: Any) -> bool:
    return isinstance(item, dict | list)


def check_text(value: Any, name: str | None = None) -> None:
    """Refuse (400 naming the field) any string in ``value`` that holds a lone surrogate.

    Such a string is not valid Unicode text: it cannot be encoded as UTF-8, so storing it would
    make every later answer that renders it fail. ``name`` names a parameter; without it the
    value is a body and the field's path is named.
    """
    found = _first(value, _has_lone_surrogate)
    if found is not None:
        label = name if name is not None else field_path(found[0])
        raise bad_request(
            f"{label} is not valid Unicode text: it contains a lone surrogate (U+D800 to U+DFFF)"
        )


def check_finite(value: Any) -> None:
    """Refuse (400 naming the field) a number too large to be written: ``1e99999``.

    Where the bundle describes the value, its schema has judged each number's type and bounds
    already; a number it leaves unbounded is taken, but never one no JSON answer could repeat.
    """
    found = _first(value, _not_finite)
    if found is not None:
        raise bad_request(f"{field_path(found[0])} must be a number of at most {MAX_DIGITS} digits")


def _not_finite(item: Any) -> bool:
    if not isinstance(item, Decimal):
        return False
    return not item.is_finite() or max(item.adjusted(), len(item.as_tuple().digits)) >= MAX_DIGITS


def check_numbers(value: Any) -> None:
    """Refuse (400 naming the field) a non-integer number, or an integer beyond the bound.

    For the sandbox-only controls, whose bodies the bundle does not describe: a simulated
    payment's amount is an integer in minor units, ``1000.5`` is not one.
    """
    found = _first(value, _not_a_bounded_integer)
    if found is None:
        return
    where, item = found
    if isinstance(item, Decimal):
        raise bad_request(
            f"{field_path(where)} must be an integer: numbers with a fraction or an "
            "exponent are not accepted"
        )
    if item > MAX_INTEGER:
        raise bad_request(f"{field_path(where)} must be at most {MAX_INTEGER} (10^15)")
    raise bad_request(f"{field_path(where)} must be at least -{MAX_INTEGER}")


def _has_lone_surrogate(item: Any) -> bool:
    return isinstance(item, str) and _LONE_SURROGATE.search(item) is not None


def _not_a_bounded_integer(item: Any) -> bool:
    if isinstance(item, Decimal):
        return True
    is_integer = isinstance(item, int) and not isinstance(item, bool)
    return is_integer and not -MAX_INTEGER <= item <= MAX_INTEGER
