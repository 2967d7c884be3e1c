"""The contract the sandbox serves: the folded bundle, and validators for the schemas in it.

The sandbox is built from ``openapi/payments.json`` with every path made relative to the service
root (``/ping`` is served as ``/v1/ping``; ``openapi/tools/fold.py`` writes that copy when the
SDK is generated, and the wheel ships it). Your tests can check their own fixtures against the
same contract::

    from payments_sdk.sandbox.contract import SchemaSet, load_bundle

    schemas = SchemaSet(load_bundle())
    schemas.component("Payment").validate(recorded_payment)  # raises jsonschema's ValidationError

Install with the ``sandbox`` extra.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from decimal import Decimal
from functools import cache, lru_cache
from importlib import resources
from pathlib import Path
from typing import Any

from .._bounds import exact_bound, is_multiple
from .._formats import CHECKED, conforms
from .._patterns import ecma_pattern
from .._schema_views import request_view, response_view
from . import _require_extra

_require_extra()

from jsonschema import Draft202012Validator, FormatChecker, validators  # noqa: E402
from jsonschema.exceptions import ValidationError  # noqa: E402
from referencing import Registry, Resource  # noqa: E402
from referencing.jsonschema import DRAFT202012  # noqa: E402

__all__ = [
    "BUNDLE_URI",
    "ExactValidator",
    "SchemaSet",
    "escape_pointer",
    "format_checker",
    "load_bundle",
    "resolve",
]

BUNDLE_URI = "urn:payments-sdk:bundle"
"""The URI under which :class:`SchemaSet` registers its document, for ``$ref`` resolution."""


@cache
def _bundle_text() -> str:
    shipped = resources.files(__package__).joinpath("openapi.json")
    if shipped.is_file():
        return shipped.read_text(encoding="utf-8")
    # A source checkout: the copy `make generate` writes next to the generated package. Not
    # resolved: a scratch checkout whose wrapper/ links to this one reads its own copy.
    checkout = Path(__file__).absolute().parents[3] / "generated" / "payments.folded.json"
    return checkout.read_text(encoding="utf-8")


def load_bundle() -> dict[str, Any]:
    """Return a fresh copy of the folded bundle the sandbox serves (every path from the root)."""
    document: dict[str, Any] = json.loads(_bundle_text())
    return document


def escape_pointer(segment: str) -> str:
    """Escape one JSON Pointer segment (``~`` and ``/``), such as a path or a media type."""
    return segment.replace("~", "~0").replace("/", "~1")


def resolve(document: dict[str, Any], node: Any) -> Any:
    """Follow local ``$ref`` links from ``node`` until it is no longer a reference."""
    while isinstance(node, dict) and "$ref" in node:
        target: Any = document
        for part in node["$ref"].removeprefix("#/").split("/"):
            target = target[part.replace("~1", "/").replace("~0", "~")]
        node = target
    return node


def _ecma_regex(pattern: str) -> re.Pattern[str]:
    r"""Compile a schema ``pattern`` with ECMA-262's meaning, as the SDK does (``_patterns.py``).

    A final ``$`` is the end of the text (Python's ``$`` would take "USD\n"), and ``\d``,
    ``\w``, ``\s`` are ECMA-262's sets, not Python's Unicode ones.
    """
    return ecma_pattern(pattern)


def _pattern(
    validator: Any, pattern: str, instance: Any, schema: dict[str, Any]
) -> Iterator[ValidationError]:
    """Check the ``pattern`` keyword with ECMA-262's ``$`` (see ``_ecma_regex``)."""
    if validator.is_type(instance, "string") and not _ecma_regex(pattern).search(instance):
        yield ValidationError(f"does not match {pattern!r}")


def format_checker() -> FormatChecker:
    """JSON Schema's format checks, with the SDK's rule for each format it checks itself.

    ``date-time`` and ``date`` keep jsonschema's (RFC 3339) checks; every other format of
    :data:`payments_sdk._formats.CHECKED` (``uri``, ``ipv4``, ``hostname``, ``time``, ``byte``,
    ``int8``, ``decimal``...) uses :func:`payments_sdk._formats.conforms`, so the SDK and the
    sandbox give one verdict. Any other format is an annotation, here as in the SDK: none of
    jsonschema's own checks for formats the pipeline does not know (``color``, say) is kept.
    """
    # jsonschema registers its date-time check only where rfc3339-validator is installed.
    kept = [fmt for fmt in ("date-time", "date") if fmt in FormatChecker.checkers]
    checker = FormatChecker(formats=kept)
    for fmt in sorted(CHECKED - {"date-time", "date", "binary"}):
        checker.checks(fmt)(lambda value, fmt=fmt: conforms(fmt, value))
    return checker


def _exact_bound(keyword: str) -> Any:
    """Check ``keyword`` (a bound) against the decimal the bundle wrote, never a float.

    The bundle's ``minimum: 0.1`` is read as the float nearest to one tenth, which is more than
    ``Decimal("0.1")``, and ``multipleOf: 0.01`` as a float no hundredth is a multiple of; the
    SDK compares with the decimal (``_checks.py``, ``_bounds.py``), and so does this.
    """
    check = Draft202012Validator.VALIDATORS[keyword]

    def exact(validator: Any, bound: Any, instance: Any, schema: Any) -> Any:
        if not validator.is_type(instance, "number"):
            return
        bound, number = exact_bound(bound), exact_bound(instance)
        if keyword == "multipleOf":
            if isinstance(bound, int | Decimal) and bound > 0 and not is_multiple(number, bound):
                yield ValidationError(f"is not a multiple of {bound}")
            return
        yield from check(validator, bound, number, schema)

    return exact


_BOUNDS = ("minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf")

_Validator: Any = validators.extend(  # type: ignore[no-untyped-call]
    Draft202012Validator, {"pattern": _pattern, **{k: _exact_bound(k) for k in _BOUNDS}}
)

ExactValidator: Any = _Validator
"""JSON Schema 2020-12's validator as the sandbox reads the bundle: ECMA-262 patterns, bounds
and ``multipleOf`` as the decimals written (``ExactValidator(schema, format_checker=...)``)."""


class SchemaSet:
    """JSON Schema (2020-12) validators for any JSON pointer into one OpenAPI document.

    ``$ref`` links resolve against the document, formats are checked, and a ``pattern``'s final
    ``$`` means the end of the text, as in the ECMA-262 regular expressions JSON Schema uses.

    ``direction`` reads OpenAPI's ``readOnly`` and ``writeOnly`` as that side of the wire does:
    ``"response"`` (the default: recorded answers, fixtures) does not require a ``writeOnly``
    field; ``"request"`` neither requires nor accepts a ``readOnly`` one.
    """

    def __init__(self, document: dict[str, Any], *, direction: str = "response") -> None:
        if direction not in ("request", "response"):
            raise ValueError(f"direction must be 'request' or 'response', not {direction!r}")
        view = request_view if direction == "request" else response_view
        document = view(document)
        resource = Resource.from_contents(document, default_specification=DRAFT202012)
        self._registry: Registry[Any] = Registry().with_resource(BUNDLE_URI, resource)
        self._format_checker = format_checker()
        self._validator_at = lru_cache(maxsize=None)(self._build)

    def _build(self, pointer: str) -> Any:
        return _Validator(
            {"$ref": f"{BUNDLE_URI}#{pointer}"},
            registry=self._registry,
            format_checker=self._format_checker,
        )

    def validator(self, pointer: str) -> Any:
        """Return a validator for the schema at a JSON ``pointer`` into the document."""
        return self._validator_at(pointer)

    def component(self, name: str) -> Any:
        """Return a validator for ``#/components/schemas/<name>``."""
        return self.validator(f"/components/schemas/{name}")
