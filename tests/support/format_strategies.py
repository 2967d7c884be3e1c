"""What schemathesis must know of the formats the pipeline checks, derived from ``_formats``.

The contract tests draw "values the bundle allows" with schemathesis. It knows JSON Schema's
formats and OpenAPI's ``int32``/``int64``, not the registry's others: it would draw ``"abc"``
for a ``decimal`` string and ``1000`` for a ``uint8``, which the SDK and the sandbox rightly
refuse. So, from ``payments_sdk._formats`` (never a list kept here):

- :func:`register_string_formats` gives schemathesis a strategy for each format of
  ``STRING_FORMATS`` it has none of (each drawn value checked by ``conforms``);
- :func:`with_format_bounds` returns a copy of a document where each number whose ``format``
  bounds it (``INTEGER_RANGES``: ``int8``..``uint64``, ``double-int``, ``sf-integer``; and
  ``sf-decimal``) states those bounds as ``minimum``/``maximum`` (a bound the schema states
  itself and is tighter wins), as schemathesis itself does for ``int32``/``int64``.
"""

from __future__ import annotations

import base64
import copy
from collections.abc import Callable
from decimal import Decimal
from typing import Any

import schemathesis
from hypothesis import strategies as st
from schemathesis.specs.openapi.formats import get_default_format_strategies

from payments_sdk._engine import conforms
from payments_sdk._formats import INTEGER_RANGES, STRING_FORMATS

__all__ = ["register_string_formats", "with_format_bounds"]

_DAY_NAMES = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_MONTH_NAMES = ("Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec")


def _http_date(moment: Any) -> str:
    day, month = _DAY_NAMES[moment.weekday()], _MONTH_NAMES[moment.month - 1]
    return f"{day}, {moment:%d} {month} {moment.year:04d} {moment:%H:%M:%S} GMT"


def _strategies() -> dict[str, st.SearchStrategy[str]]:
    """A strategy of valid values for each string format schemathesis may not know."""
    decimals = st.decimals(allow_nan=False, allow_infinity=False, places=4)
    low, high = INTEGER_RANGES["int64"]
    return {
        "base64url": st.binary(max_size=24).map(
            lambda data: base64.urlsafe_b64encode(data).decode().rstrip("=")
        ),
        "char": st.characters(codec="utf-8"),  # a code point that is text (no lone surrogate)
        "date-time-local": st.datetimes().map(lambda moment: moment.isoformat(timespec="seconds")),
        "time-local": st.times().map(lambda moment: moment.isoformat(timespec="seconds")),
        "http-date": st.datetimes().map(_http_date),
        "media-range": st.sampled_from(
            ["application/json", "text/*", "*/*", "text/plain; charset=utf-8", "image/png;q=0.5"]
        ),
        "decimal": decimals.map(lambda number: format(number, "f")),
        "decimal128": decimals.map(str),
        "int64": st.integers(low, high).map(str),
        "sf-string": st.text(alphabet=st.characters(min_codepoint=0x20, max_codepoint=0x7E)),
        "sf-token": st.from_regex(r"[A-Za-z*][A-Za-z0-9:/*._-]{0,12}", fullmatch=True),
        "json-pointer": st.lists(st.text("abc~01/", max_size=4), max_size=3).map(
            lambda parts: "".join("/" + p.replace("~", "~0").replace("/", "~1") for p in parts)
        ),
        "relative-json-pointer": st.integers(0, 9).map(str),
        "regex": st.sampled_from(["^[a-z]+$", "a|b", "[0-9]{2,4}", "^.*$"]),
    }


def register_string_formats() -> None:
    """Give schemathesis a strategy for each checked string format it has none of."""
    known = get_default_format_strategies()
    made = _strategies()
    for fmt in sorted(STRING_FORMATS - set(known)):
        assert fmt in made, f"no strategy for the checked format {fmt}: add one here"
        schemathesis.openapi.format(fmt, made[fmt].filter(_keeping(fmt)))


def _keeping(fmt: str) -> Callable[[str], bool]:
    """Return the test a drawn value of ``fmt`` must pass: the format's one rule."""
    return lambda value: conforms(fmt, value)


_SF_DECIMAL = Decimal("999999999999.999")


def _bound(node: dict[str, Any]) -> None:
    fmt = node.get("format")
    widths = INTEGER_RANGES.get(fmt) if isinstance(fmt, str) else None
    if fmt == "sf-decimal":
        widths = (-_SF_DECIMAL, _SF_DECIMAL)  # type: ignore[assignment]
        node.setdefault("multipleOf", 0.001)
    if widths is None or node.get("type") not in ("integer", "number", ["integer", "null"]):
        return
    low, high = widths
    if not isinstance(node.get("minimum"), int | float) or node["minimum"] < low:
        node["minimum"] = float(low) if isinstance(low, Decimal) else low
    if not isinstance(node.get("maximum"), int | float) or node["maximum"] > high:
        node["maximum"] = float(high) if isinstance(high, Decimal) else high


def _walk(node: Any) -> None:
    if isinstance(node, dict):
        _bound(node)
        for value in node.values():
            _walk(value)
    elif isinstance(node, list):
        for value in node:
            _walk(value)


def with_format_bounds(document: dict[str, Any]) -> dict[str, Any]:
    """Return a copy whose numbers state the bounds their ``format`` sets (``uint8``: 0..255)."""
    bounded = copy.deepcopy(document)
    _walk(bounded)
    return bounded
