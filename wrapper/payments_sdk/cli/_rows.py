"""From the SDK's models to rows: JSON-ready dicts, money with its decimals, flat columns.

Money is converted with :meth:`~payments_sdk.Money.from_minor_units`, the method an SDK program
reads amounts with, from the integer on the wire to a :class:`~decimal.Decimal` with the
currency's decimals, and written as text (``"299.00"``), so no
reader of the output parses it into a float. ``--minor-units`` keeps the integers. Any other
number with a fraction (a rate) is the SDK's exact Decimal, written as text the same way.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from decimal import Decimal
from functools import cache
from typing import Any

from .._money import Money, currency_exponent
from ..errors import InvalidParameterError
from ._bundle import Amounts

__all__ = ["Shaper", "cell", "flatten", "major_units", "plain"]

_EXTRA = "_additional_properties"
"""Where a model keeps the fields the bundle does not declare (``Model.additional_properties``
reads it, and makes it when it is missing; reading it here makes nothing)."""


def plain(value: Any) -> Any:
    """Return a model as JSON-ready data: declared fields that are set, then undeclared ones.

    What the models' ``to_dict()`` returns, made by msgspec in C, then the undeclared fields
    (``additional_properties``) of the model and of the models inside it added.
    """
    import msgspec

    data = msgspec.to_builtins(value)
    _add_undeclared(value, data)
    return data


@cache
def _containers(cls: type) -> tuple[tuple[str, str], ...]:
    """Return ``(attribute, JSON name)`` of the fields of a model that can hold models."""
    import msgspec

    scalars = (
        msgspec.inspect.StrType,
        msgspec.inspect.IntType,
        msgspec.inspect.BoolType,
        msgspec.inspect.FloatType,
        msgspec.inspect.NoneType,
        msgspec.inspect.DateTimeType,
        msgspec.inspect.DateType,
        msgspec.inspect.LiteralType,
        msgspec.inspect.EnumType,
    )

    def scalar(kind: Any) -> bool:
        if isinstance(kind, msgspec.inspect.UnionType):
            return all(scalar(member) for member in kind.types)
        if isinstance(kind, msgspec.inspect.Metadata):
            return scalar(kind.type)
        return isinstance(kind, scalars)

    info = msgspec.inspect.type_info(cls)
    fields = getattr(info, "fields", ())
    return tuple((f.name, f.encode_name) for f in fields if not scalar(f.type))


def _add_undeclared(value: Any, data: Any) -> None:
    import msgspec

    if isinstance(value, msgspec.Struct) and isinstance(data, dict):
        extra = value.__dict__.get(_EXTRA) if hasattr(value, "__dict__") else None
        if extra:
            for key, item in extra.items():
                data.setdefault(key, msgspec.to_builtins(item))
        for name, shown in _containers(type(value)):
            inner = getattr(value, name)
            if inner is not None and shown in data:
                _add_undeclared(inner, data[shown])
    elif isinstance(value, list) and isinstance(data, list):
        for item, shown_item in zip(value, data, strict=False):
            if isinstance(item, msgspec.Struct | list):
                _add_undeclared(item, shown_item)


def major_units(minor: int, currency: str) -> str | int:
    """Return ``minor`` units of ``currency`` with its decimals (``"299.00"``).

    An amount of a currency that ISO 4217 gives no decimals for, or that is not an integer,
    is left as it came.
    """
    if isinstance(minor, bool) or not isinstance(minor, int) or not isinstance(currency, str):
        return minor
    if _exponent(currency) is None:
        return minor
    return str(Money.from_minor_units(minor, currency).amount)  # the SDK's reading, exactly


@cache
def _exponent(currency: str) -> int | None:
    try:
        return currency_exponent(currency)
    except InvalidParameterError:
        return None


def _apply(row: dict[str, Any], amounts: Amounts) -> None:
    for amount, currency in amounts.pairs:
        if amount in row:
            row[amount] = major_units(row[amount], row.get(currency))  # type: ignore[arg-type]
    for name, inner in amounts.nested.items():
        value = row.get(name)
        if isinstance(value, dict):
            _apply(value, inner)
    for name, inner in amounts.items.items():
        values = row.get(name)
        if isinstance(values, list):
            for value in values:
                if isinstance(value, dict):
                    _apply(value, inner)


class Shaper:
    """Turns the SDK's results into JSON-ready dicts, with money as the options say."""

    def __init__(self, amounts: Amounts, *, minor_units: bool) -> None:
        self._amounts = amounts
        self._convert = bool(amounts) and not minor_units

    def shape(self, value: Any) -> Any:
        """Return ``value`` (a model, a list, JSON) as JSON-ready data, money converted."""
        data = plain(value)
        if self._convert and isinstance(data, dict):
            _apply(data, self._amounts)
        return data


def cell(value: Any) -> str:
    """Return a table or CSV cell: text as is, absent as empty, structures as JSON."""
    if value.__class__ is str:
        return value
    if value is None:
        return ""
    if isinstance(value, str):
        return value
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | Decimal):
        return str(value)
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"), default=str)


def flatten(
    row: Mapping[str, Any], prefix: str = "", out: dict[str, Any] | None = None
) -> dict[str, Any]:
    """Return ``row`` with nested objects as dotted keys: ``{"fx_fee.amount": ...}``."""
    flat: dict[str, Any] = {} if out is None else out
    for key, value in row.items():
        if isinstance(value, dict) and value:
            flatten(value, f"{prefix}{key}.", flat)
        else:
            flat[prefix + key] = value
    return flat
