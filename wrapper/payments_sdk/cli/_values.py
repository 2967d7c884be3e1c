"""From command-line text to the values an SDK method takes, by each argument's schema.

The conversions are only of form: a number's digits to an ``int``, JSON text to a list or a
mapping, a date to midnight UTC. Whether a value is acceptable is for the SDK method to say,
with its own :class:`~payments_sdk.InvalidParameterError`: text that is no number is passed on as
text, and the method names the field and what it must be.

- ``integer``: ``20``; an amount of money (``x-currency-field``) in major units of its
  currency (``299.00``), or its integer minor units with ``--minor-units``;
- ``number``: ``20`` is an int, ``0.035`` or ``1e-3`` the exact Decimal of its digits;
- ``boolean``: ``true``/``false`` (also ``yes``/``no``, ``1``/``0``);
- ``string`` with ``format: date-time``: ISO 8601 with an offset, or a date alone
  (``2026-11-01``, midnight UTC); anything else is refused here, saying what is accepted;
- ``string`` with ``format: binary``: a file path;
- ``array``: the option repeated (``--payment-methods card --payment-methods bank``), or JSON;
- ``object``: JSON (``--bank-account '{"currency": "USD"}'``), or dotted options
  (``--bank-account.currency USD``), or both (the dotted ones win);
- any JSON value: ``@file`` reads it from a file, ``@-`` from standard input.

JSON numbers with a fraction are read as :class:`~decimal.Decimal`, never as floats.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Mapping
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .._window import AFTER, BEFORE

if TYPE_CHECKING:
    from ..errors import InvalidParameterError

__all__ = ["is_json_kind", "item_members", "read_json", "set_dotted", "to_time", "to_value"]

_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_MONTH = re.compile(r"\d{4}-\d{2}")
_TIME = re.compile(
    r"\d{4}-\d{2}-\d{2}[Tt ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?([Zz]|[+-]\d{2}(:?\d{2})?)"
)
_NUMBER = re.compile(r"-?[0-9]+(?:\.[0-9]+)?(?:[eE][-+]?[0-9]+)?")
"""A number with a fraction or an exponent, as JSON writes it (no NaN, no ``1_000``)."""
_TRUE = {"true", "yes", "1", "on"}
_FALSE = {"false", "no", "0", "off"}


def is_json_kind(schema: Any) -> bool:
    """Whether an argument of this schema is written as JSON (an object or an array).

    A boolean schema (``items: false`` after ``prefixItems``) has no items to write one by one.
    """
    if not isinstance(schema, Mapping):
        return True
    kind = schema.get("type")
    return kind in ("object", "array") or "properties" in schema or "oneOf" in schema


def item_members(schema: Mapping[str, Any]) -> Any:
    """Return the enum members of an array's items, or None (no items schema, or no enum)."""
    items = schema.get("items")
    return items.get("enum") if isinstance(items, Mapping) else None


def _invalid(field: str, problem: str) -> InvalidParameterError:
    from ..errors import InvalidParameterError  # imports httpx: only when something is wrong

    return InvalidParameterError(field, problem)


def read_json(text: str, field: str) -> Any:
    """Parse JSON text, or the JSON in a file (``@path``) or on standard input (``@-``)."""
    if text.startswith("@"):
        source = text[1:]
        try:
            text = sys.stdin.read() if source == "-" else Path(source).read_text(encoding="utf-8")
        except OSError as exc:
            raise _invalid(field, f"cannot read {source}: {exc.strerror}") from None
    try:
        return json.loads(text, parse_float=Decimal)
    except ValueError as exc:
        raise _invalid(field, f"is not valid JSON: {exc}") from None


def to_value(text: str, schema: Mapping[str, Any], field: str) -> Any:
    """Return the SDK value for the command-line ``text`` of an argument of ``schema``."""
    kind = schema.get("type")
    if is_json_kind(schema):
        if kind == "array" and not text.startswith(("@", "[")):
            items = schema.get("items", {})
            if "prefixItems" in schema or not isinstance(items, Mapping):
                # Each position has its own schema: a repeated item is read as JSON if it is.
                try:
                    return [json.loads(text)]
                except ValueError:
                    return [text]
            return [to_value(text, items, field)]  # one item of a repeat
        return read_json(text, field)
    if kind == "integer" or kind == "number":
        try:
            return int(text.strip())
        except ValueError:
            pass
        if kind == "number" and _NUMBER.fullmatch(text.strip()):
            return Decimal(text.strip())  # exact: the digits given, never a float
        return text  # the SDK says what it must be, naming the field
    if kind == "boolean":
        word = text.strip().lower()
        if word in _TRUE:
            return True
        if word in _FALSE:
            return False
        return text
    if kind == "string" and schema.get("format") == "date-time":
        return to_time(text, field)
    if kind == "string" and schema.get("format") == "binary":
        return Path(text)
    return text


def to_time(text: str, field: str) -> str:
    """Return the ISO 8601 text of a time option: a date is midnight UTC.

    Anything but a date (``2026-10-01``) or a time with its offset is refused here, with
    what the command line accepts, instead of the SDK's advice to Python callers.
    """
    value = text.strip()
    if _DATE.fullmatch(value):
        return f"{value}T00:00:00Z"
    if _TIME.fullmatch(value):
        return value
    hint = ""
    if field in (AFTER, BEFORE, "since", "until") and _MONTH.fullmatch(value):
        hint = f"; for the calendar month {value}, use --month {value}"
    raise _invalid(
        field,
        f"{text!r} is not a date or a time the command line accepts: give a date, "
        "such as 2026-10-01 (midnight UTC), or a time with its offset, such as "
        f"2026-10-01T00:00:00Z or 2026-10-01T02:00:00+02:00{hint}",
    )


def set_dotted(target: dict[str, Any], path: list[str], value: Any) -> None:
    """Set ``target[a][b]... = value`` for a dotted option ``--x.a.b``, making the levels."""
    for key in path[:-1]:
        inner = target.get(key)
        if not isinstance(inner, dict):
            inner = target[key] = {}
        target = inner
    target[path[-1]] = value


def sub_schema(schema: Mapping[str, Any], path: list[str]) -> Mapping[str, Any]:
    """Return the schema of ``path`` inside an object schema; empty when it does not say."""
    for key in path:
        properties = schema.get("properties")
        if isinstance(properties, Mapping) and key in properties:
            schema = properties[key]
            continue
        extra = schema.get("additionalProperties")
        schema = extra if isinstance(extra, Mapping) else {}
    return schema
