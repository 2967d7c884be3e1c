"""What the command line reads from the bundle besides the operation table.

The operation table names each operation's result model; the folded bundle (the copy the
sandbox serves, shipped in the wheel) gives that model's schema. From it come the columns of a
CSV or table, the API version for ``--version``, and the money fields: an integer amount that
travels with a currency, so that it is shown with that currency's decimals.

**The money rule.** In an object schema, an integer property is an amount of money when it
names its currency with ``x-currency-field``, or when its name is ``amount`` or ends in
``_amount`` and a sibling property with the same prefix and ``currency`` (``currency``,
``ordered_currency``) is an ISO 4217 string (``format: iso-4217``). Objects nested in
properties (``fx_fee.amount`` with ``fx_fee.currency``) and in arrays (``data[].amount``) are
searched the same way.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from .._schema_views import merge_all_of

__all__ = ["Amounts", "amounts_of", "api_version", "columns_of", "model_schema"]

_MAX_DEPTH = 8


@cache
def bundle() -> dict[str, Any]:
    """Return the folded bundle: the wheel's copy, or the one ``make generate`` writes."""
    shipped = resources.files("payments_sdk.sandbox").joinpath("openapi.json")
    if shipped.is_file():
        text = shipped.read_text(encoding="utf-8")
    else:  # a source checkout: generated/payments.folded.json beside the generated package
        checkout = Path(__file__).resolve().parents[3] / "generated" / "payments.folded.json"
        text = checkout.read_text(encoding="utf-8")
    document: dict[str, Any] = json.loads(text)
    return document


def api_version() -> str:
    """Return the API's title and version, as the bundle states them."""
    info = bundle().get("info", {})
    return f"{info.get('title', 'API')} {info.get('version', '?')}"


def resolve(node: Any, depth: int = 0) -> Any:
    """Follow local ``$ref`` links in ``node`` (and in what it holds), to a fixed depth."""
    if depth > _MAX_DEPTH:
        return node
    if isinstance(node, dict):
        if "$ref" in node:
            target: Any = bundle()
            for part in str(node["$ref"]).removeprefix("#/").split("/"):
                target = target.get(part.replace("~1", "/").replace("~0", "~"), {})
            resolved = resolve(target, depth + 1)
            siblings = {key: value for key, value in node.items() if key != "$ref"}
            if siblings and isinstance(resolved, dict):  # OpenAPI 3.1: keywords beside a $ref
                return {**resolved, **resolve(siblings, depth + 1)}
            return resolved
        # An allOf composition is the one object it makes (the fields of every part).
        return merge_all_of({key: resolve(value, depth + 1) for key, value in node.items()})
    if isinstance(node, list):
        return [resolve(value, depth + 1) for value in node]
    return node


@cache
def model_schema(model: str | None) -> dict[str, Any]:
    """Return the resolved schema of a component (``Payment``); empty when there is none."""
    if not model:
        return {}
    schema = bundle().get("components", {}).get("schemas", {}).get(model)
    return resolve(schema) if isinstance(schema, dict) else {}


@dataclass(frozen=True)
class Amounts:
    """Where the money is in an object: its amount/currency pairs, and in what it holds."""

    pairs: tuple[tuple[str, str], ...] = ()
    """``(amount property, currency property)`` of this object."""
    nested: dict[str, Amounts] = field(default_factory=dict)
    """The money inside an object property."""
    items: dict[str, Amounts] = field(default_factory=dict)
    """The money inside each object of an array property."""

    def __bool__(self) -> bool:
        return bool(self.pairs or self.nested or self.items)


def _is_currency(schema: Any) -> bool:
    return (
        isinstance(schema, dict)
        and schema.get("type") == "string"
        and schema.get("format") == "iso-4217"
    )


def _currency_of(schema: dict[str, Any], properties: dict[str, Any]) -> str | None:
    """Return the currency field the bundle names for an amount (``x-currency-field``)."""
    named = schema.get("x-currency-field")
    if isinstance(named, str) and _is_currency(properties.get(named)):
        return named
    return None


def amounts_of(schema: dict[str, Any], depth: int = 0) -> Amounts:
    """Return where the money is in objects of ``schema`` (resolved), by the money rule."""
    properties = schema.get("properties")
    if not isinstance(properties, dict) or depth > _MAX_DEPTH:
        return Amounts()
    pairs = []
    nested: dict[str, Amounts] = {}
    items: dict[str, Amounts] = {}
    for name, prop in properties.items():
        if not isinstance(prop, dict):
            continue
        if prop.get("type") == "integer":
            currency = _currency_of(prop, properties)
            if currency is not None:
                pairs.append((name, currency))
        elif isinstance(prop.get("properties"), dict):
            inner = amounts_of(prop, depth + 1)
            if inner:
                nested[name] = inner
        elif prop.get("type") == "array" and isinstance(prop.get("items"), dict):
            inner = amounts_of(prop["items"], depth + 1)
            if inner:
                items[name] = inner
    return Amounts(tuple(pairs), nested, items)


def columns_of(schema: dict[str, Any], prefix: str = "", depth: int = 0) -> list[str]:
    """Return the flat column names of an object: nested objects as ``fx_fee.amount``.

    Arrays and free-form objects (no ``properties``) are one column, shown as JSON.
    """
    properties = schema.get("properties")
    if not isinstance(properties, dict):
        return []
    names: list[str] = []
    for name, prop in properties.items():
        inner = prop.get("properties") if isinstance(prop, dict) else None
        if isinstance(inner, dict) and inner and depth < _MAX_DEPTH:
            names += columns_of(prop, f"{prefix}{name}.", depth + 1)
        else:
            names.append(prefix + name)
    return names
