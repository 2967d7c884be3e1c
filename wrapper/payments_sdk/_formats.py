r"""The ``format`` values of the bundle's schemas the pipeline carries, and the rule of each.

The one schema engine (:mod:`._engine`, jsonschema-rs) checks every format for the SDK's
arguments, the sandbox's requests and the tests' oracle: the formats of JSON Schema 2020-12
(section 7.3, :data:`ENGINE_FORMATS`: ``date-time``, ``date``, ``time``, ``duration``,
``hostname``, ``ipv4``, ``ipv6``, ``uri``, ``uri-template``, ``uuid``,
``json-pointer``, ``regex``...) by its own rules, and the OpenAPI Format Registry's
(https://spec.openapis.org/registry/format/) by the rules in this file, handed to it:

- :data:`STRING_RULES`, for text: ``email`` and ``idn-email`` (one lenient rule,
  ``local@domain`` without spaces, as DECISIONS.md records), ``byte`` (RFC 4648 base64: the
  standard alphabet, padded to a multiple of 4, no line breaks), ``base64url`` (RFC 4648,
  section 5: the URL-safe alphabet, padded or not, never a length of 4n+1), ``char`` (one
  character), ``date-time-local`` and ``time-local`` (RFC 3339's date-time and time without
  the offset), ``http-date`` (RFC 9110,
  5.6.7: IMF-fixdate or an obsolete RFC 850 or asctime date, a real day, the day name its
  weekday where the year is whole), ``media-range`` (RFC 9110, 12.5.1), RFC 8941's
  ``sf-string`` (printable ASCII) and ``sf-token``; ``decimal`` (a string spells a
  fixed-point decimal, ``-12.50``: no exponent, no ``+``, no bare ``.5``), ``decimal128`` (a
  decimal, with an exponent or not, that IEEE 754's decimal128 holds exactly: at most 34
  significant digits, the exponent in range) and ``int64`` (a string spells a fitting integer);
- :data:`NUMBER_RULES`, for numbers: the integer widths ``int8``, ``uint8``, ``int16``,
  ``uint16``, ``int32``, ``uint32``, ``int64``, ``uint64``, ``double-int`` (within
  +-(2**53 - 1)) and ``sf-integer`` (at most 15 digits) (:data:`INTEGER_RANGES`),
  ``decimal128``, ``sf-decimal`` (at most 12 integer and 3 fractional digits) and ``decimal``
  (any exact number).

``date-time``, ``date`` and ``binary`` are also converted by the SDK's checks (to a UTC
instant, a ``datetime.date``, an upload's bytes); every other format stays the ``str`` (or
number) the caller passed.

- :data:`ANNOTATIONS`: formats that state no rule of their own beyond the schema's other
  keywords (``float`` and ``double`` of a ``number``: numbers are exact here; ``iso-4217``
  beside its ``pattern`` or ``enum``; ``password``; ``commonmark`` and ``html``; ``sf-binary``
  and ``sf-boolean``, whose JSON form the registry does not spell). They are documentation.
- Any other format is an annotation too, as JSON Schema 2020-12 (section 7.2) says a format
  nobody knows is: the generated method's docstring says ``format `<name>` is not checked``.
  ``openapi/tools/features.py`` (which loads this file by path: it imports nothing of the
  package at import time) refuses only :data:`REFUSED`, by name, with its reason.

Refused by name: ``idn-hostname`` (IDNA2008's code-point tables, contextual and bidi rules:
the pipeline's other readers of the bundle, schemathesis and Hypothesis, have no rule for it).
"""

from __future__ import annotations

import base64
import re
from collections.abc import Callable
from datetime import date
from decimal import Decimal, InvalidOperation

__all__ = [
    "ANNOTATIONS",
    "CHECKED",
    "ENGINE_FORMATS",
    "EXAMPLES",
    "INTEGER_RANGES",
    "NUMBER_RULES",
    "REFUSED",
    "STRING_FORMATS",
    "STRING_RULES",
]

INTEGER_RANGES: dict[str, tuple[int, int]] = {
    **{f"int{bits}": (-(2 ** (bits - 1)), 2 ** (bits - 1) - 1) for bits in (8, 16, 32, 64)},
    **{f"uint{bits}": (0, 2**bits - 1) for bits in (8, 16, 32, 64)},
    "double-int": (-(2**53 - 1), 2**53 - 1),
    "sf-integer": (-(10**15 - 1), 10**15 - 1),
}
"""The least and greatest integer of each integer format (a number outside is refused)."""

_BASE64 = re.compile(r"(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?")


def _is_byte(text: str) -> bool:
    if _BASE64.fullmatch(text) is None:
        return False
    base64.b64decode(text, validate=True)  # the pattern is its alphabet and padding
    return True


_BASE64URL = re.compile(r"(?:[A-Za-z0-9_\-]{4})*(?:[A-Za-z0-9_\-]{2}(?:==)?|[A-Za-z0-9_\-]{3}=?)?")
_PARTIAL_TIME = r"(?P<h>[01][0-9]|2[0-3]):(?P<m>[0-5][0-9]):(?P<s>[0-5][0-9]|60)(?:\.[0-9]+)?"
_TIME_LOCAL = re.compile(_PARTIAL_TIME)
_DATE_TIME_LOCAL = re.compile(
    rf"(?P<year>[0-9]{{4}})-(?P<month>[0-9]{{2}})-(?P<day>[0-9]{{2}})[Tt]{_PARTIAL_TIME}"
)
_DAYS = {
    "Mon": "Monday",
    "Tue": "Tuesday",
    "Wed": "Wednesday",
    "Thu": "Thursday",
    "Fri": "Friday",
    "Sat": "Saturday",
    "Sun": "Sunday",
}
_MONTHS = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")
_CLOCK = r"(?P<h>[01][0-9]|2[0-3]):(?P<m>[0-5][0-9]):(?P<s>[0-5][0-9]|60)"
_MONTH = "(?P<month>" + "|".join(_MONTHS) + ")"
# RFC 9110, 5.6.7: HTTP-date = IMF-fixdate / rfc850-date / asctime-date (case-sensitive).
_HTTP_DATES = (
    re.compile(
        rf"(?P<name>{'|'.join(_DAYS)}), (?P<day>[0-9]{{2}}) {_MONTH} (?P<year>[0-9]{{4}})"
        rf" {_CLOCK} GMT"
    ),
    re.compile(
        rf"(?P<long>{'|'.join(_DAYS.values())}), (?P<day>[0-9]{{2}})-{_MONTH}-(?P<yy>[0-9]{{2}})"
        rf" {_CLOCK} GMT"
    ),
    re.compile(
        rf"(?P<name>{'|'.join(_DAYS)}) {_MONTH} (?P<day>[0-9]{{2}}| [0-9]) {_CLOCK}"
        r" (?P<year>[0-9]{4})"
    ),
)
# RFC 9110, 5.6.2 (token), 5.6.4 (quoted-string), 5.6.6 (parameters), 12.5.1 (media-range).
_TCHAR = r"[!#$%&'*+\-.^_`|~0-9A-Za-z]"
_QUOTED = r'"(?:[\t \x21\x23-\x5b\x5d-\x7e\x80-\xff]|\\[\t \x21-\x7e\x80-\xff])*"'
_MEDIA_RANGE = re.compile(
    rf"{_TCHAR}+/{_TCHAR}+(?:[ \t]*;[ \t]*(?:{_TCHAR}+=(?:{_TCHAR}+|{_QUOTED}))?)*"
)
# RFC 8941, 3.3.3 (sf-string: printable ASCII) and 3.3.4 (sf-token).
_SF_STRING = re.compile(r"[\x20-\x7e]*")
_SF_TOKEN = re.compile(r"[A-Za-z*][!#$%&'*+\-.^_`|~0-9A-Za-z:/]*")
_FIXED_POINT = re.compile(r"-?[0-9]+(?:\.[0-9]+)?")
_DECIMAL_TEXT = re.compile(r"-?[0-9]+(?:\.[0-9]+)?(?:[eE][+-]?[0-9]+)?")
_INTEGER_TEXT = re.compile(r"-?[0-9]{1,20}")


_MONTH_DAYS = (31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31)


def _real_day(year: int, month: int, day: int) -> bool:
    """Whether ``year-month-day`` is a day of the proleptic Gregorian calendar (year 0 too)."""
    if not 1 <= month <= 12 or day < 1:
        return False
    leap = year % 4 == 0 and (year % 100 != 0 or year % 400 == 0)
    return day <= (29 if month == 2 and leap else _MONTH_DAYS[month - 1])


def _is_date_time_local(text: str) -> bool:
    match = _DATE_TIME_LOCAL.fullmatch(text)
    return match is not None and _real_day(
        int(match["year"]), int(match["month"]), int(match["day"])
    )


def _is_http_date(text: str) -> bool:
    for pattern in _HTTP_DATES:
        match = pattern.fullmatch(text)
        if match is None:
            continue
        day, month = int(match["day"]), _MONTHS.index(match["month"]) + 1
        year = int(match["year"] or 0) if "yy" not in match.groupdict() else 2000 + int(match["yy"])
        if not _real_day(year, month, day):
            return False
        if match["s"] == "60" and (match["h"], match["m"]) != ("23", "59"):
            return False  # a leap second ends a UTC (GMT) day
        if "yy" in match.groupdict() or year < 1:
            return True  # a two-digit year names no one weekday
        return date(year, month, day).strftime("%a") == match["name"]
    return False


def _is_int64_text(text: str) -> bool:
    """Whether ``text`` spells an integer int64 holds (the registry gives int64 to strings)."""
    if _INTEGER_TEXT.fullmatch(text) is None:
        return False
    low, high = INTEGER_RANGES["int64"]
    return low <= int(text) <= high


def _significant(number: Decimal) -> tuple[int, int]:
    """Return (digits, exponent) of ``number`` without trailing zeros: ``1.50`` is (2, -1)."""
    _, digits, exponent = number.as_tuple()
    assert isinstance(exponent, int)
    kept = len(digits)
    while kept > 1 and digits[kept - 1] == 0:
        kept -= 1
    return kept, exponent + len(digits) - kept


def _in_decimal128(number: Decimal) -> bool:
    """Whether IEEE 754 decimal128 holds ``number`` exactly (34 digits, exponent -6176..6111)."""
    if not number.is_finite():
        return False
    if not number:
        return True
    digits, exponent = _significant(number)
    quantum = min(exponent, 6111)  # zeros the coefficient takes to bring the exponent down
    return exponent >= -6176 and digits + exponent - quantum <= 34


def _is_decimal128_text(text: str) -> bool:
    if _DECIMAL_TEXT.fullmatch(text) is None:
        return False
    try:
        return _in_decimal128(Decimal(text))
    except (InvalidOperation, ValueError):
        return False


def _in_range(fmt: str) -> Callable[[int | Decimal], bool]:
    low, high = INTEGER_RANGES[fmt]

    def fits(number: int | Decimal) -> bool:
        if isinstance(number, Decimal) and (not number.is_finite() or _significant(number)[1] < 0):
            return False  # 1.5 is no integer (1.0 is one)
        return low <= number <= high

    return fits


def _is_sf_decimal(number: int | Decimal) -> bool:
    """RFC 8941, 3.3.2: at most 12 integer digits and 3 fractional ones."""
    if isinstance(number, Decimal) and not number.is_finite():
        return False
    if not -(10**12) < number < 10**12:
        return False
    return not isinstance(number, Decimal) or not number or _significant(number)[1] >= -3


NUMBER_RULES: dict[str, Callable[[int | Decimal], bool]] = {
    **{fmt: _in_range(fmt) for fmt in INTEGER_RANGES},
    "decimal128": lambda number: not isinstance(number, Decimal) or _in_decimal128(number),
    "sf-decimal": _is_sf_decimal,
    "decimal": lambda number: True,  # any exact number is a fixed-point decimal
}


def _is_email(text: str) -> bool:
    """``local@domain`` without spaces: the service's rule, more lenient than RFC 5321's."""
    local, at, domain = text.rpartition("@")
    return bool(at and local and domain) and not any(ch.isspace() for ch in text)


STRING_RULES: dict[str, Callable[[str], bool]] = {
    "email": _is_email,
    "idn-email": _is_email,
    "byte": _is_byte,
    "base64url": lambda text: _BASE64URL.fullmatch(text) is not None,
    "char": lambda text: len(text) == 1,
    "date-time-local": _is_date_time_local,
    "time-local": lambda text: _TIME_LOCAL.fullmatch(text) is not None,
    "http-date": _is_http_date,
    "media-range": lambda text: _MEDIA_RANGE.fullmatch(text) is not None,
    "sf-string": lambda text: _SF_STRING.fullmatch(text) is not None,
    "sf-token": lambda text: _SF_TOKEN.fullmatch(text) is not None,
    "decimal": lambda text: _FIXED_POINT.fullmatch(text) is not None,
    "decimal128": _is_decimal128_text,
    "int64": _is_int64_text,
}
"""The registry's text formats the engine does not know, and our one rule for ``email`` and
``idn-email``: handed to the engine as ``formats=``."""

ENGINE_FORMATS = frozenset(
    {
        "date-time",
        "date",
        "time",
        "duration",
        "hostname",
        "ipv4",
        "ipv6",
        "uri",
        "uri-reference",
        "iri",
        "iri-reference",
        "uri-template",
        "uuid",
        "json-pointer",
        "relative-json-pointer",
        "regex",
    }
)
"""The formats jsonschema-rs checks itself (JSON Schema 2020-12, section 7.3)."""

CHECKED = frozenset({"date-time", "date", "binary", *NUMBER_RULES, *STRING_RULES, *ENGINE_FORMATS})
"""Formats whose rule the SDK and the sandbox enforce."""

ANNOTATIONS = frozenset(
    {"float", "double", "password", "iso-4217", "commonmark", "html", "sf-binary", "sf-boolean"}
)
"""Formats that add no rule to their schema's other keywords (documentation only)."""

STRING_FORMATS = frozenset({*ENGINE_FORMATS, *STRING_RULES})
"""The formats of :data:`CHECKED` with a rule for a string (each has its :data:`EXAMPLES` value)."""

REFUSED = {
    "idn-hostname": "its rule is IDNA2008's code-point tables, which the test tools lack",
}
"""Formats ``make generate`` refuses, each with its reason (any other one is an annotation)."""

EXAMPLES: dict[str, str] = {
    "date-time": "2026-01-01T00:00:00Z",
    "date": "2026-01-01",
    "time": "00:00:00Z",
    "duration": "P1D",
    "email": "someone@example.com",
    "idn-email": "someone@example.com",
    "hostname": "example.com",
    "ipv4": "192.0.2.1",
    "ipv6": "2001:db8::1",
    "uri": "https://example.com/",
    "uri-reference": "/",
    "iri": "https://example.com/",
    "iri-reference": "/",
    "uri-template": "https://example.com/{id}",
    "uuid": "00000000-0000-4000-8000-000000000000",
    "byte": "cGF5bWVudHM=",
    "json-pointer": "/",
    "relative-json-pointer": "0",
    "regex": "^.*$",
    "base64url": "cGF5bWVudHM",
    "char": "x",
    "date-time-local": "2026-01-01T00:00:00",
    "time-local": "00:00:00",
    "http-date": "Thu, 01 Jan 2026 00:00:00 GMT",
    "media-range": "application/json",
    "sf-string": "x",
    "sf-token": "x",
    "decimal": "0",
    "decimal128": "0",
    "int64": "0",
}
"""A value of each format of :data:`CHECKED` a string may have (the least the sandbox answers)."""
