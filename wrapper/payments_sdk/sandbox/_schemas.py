"""JSON Schema validators for schemas inside the bundle, with ``$ref`` resolved against it."""

from __future__ import annotations

import re
from collections.abc import Iterator
from functools import cache, lru_cache
from typing import Any

from jsonschema import Draft202012Validator, FormatChecker, validators
from jsonschema.exceptions import ValidationError
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

__all__ = ["BUNDLE_URI", "SchemaSet"]

BUNDLE_URI = "urn:payments-sdk:bundle"


@cache
def _ecma_regex(pattern: str) -> re.Pattern[str]:
    r"""Compile a schema ``pattern`` so that a final ``$`` means the end of the text.

    JSON Schema patterns are ECMA-262 regular expressions, whose ``$`` matches only at the end of
    the input; Python's ``$`` also matches before a final newline, so ``^[A-Z]{3}$`` would accept
    "USD\n" and the sandbox would store and answer it. Every pattern of the bundle is anchored by
    a final ``$``; an escaped one (``\$``) is a literal dollar and stays.
    """
    trailing_backslashes = len(pattern[:-1]) - len(pattern[:-1].rstrip("\\"))
    if pattern.endswith("$") and trailing_backslashes % 2 == 0:
        pattern = pattern[:-1] + r"\Z"
    return re.compile(pattern)


def _pattern(
    validator: Any, pattern: str, instance: Any, schema: dict[str, Any]
) -> Iterator[ValidationError]:
    """Check the ``pattern`` keyword with ECMA-262's ``$`` (see ``_ecma_regex``)."""
    if validator.is_type(instance, "string") and not _ecma_regex(pattern).search(instance):
        yield ValidationError(f"does not match {pattern!r}")


_Validator: Any = validators.extend(  # type: ignore[no-untyped-call]
    Draft202012Validator, {"pattern": _pattern}
)


class SchemaSet:
    """Validators for any JSON pointer into one OpenAPI document."""

    def __init__(self, document: dict[str, Any]) -> None:
        resource = Resource.from_contents(document, default_specification=DRAFT202012)
        self._registry: Registry[Any] = Registry().with_resource(BUNDLE_URI, resource)
        self._format_checker = FormatChecker()
        self._validator_at = lru_cache(maxsize=None)(self._build)

    def _build(self, pointer: str) -> Any:
        return _Validator(
            {"$ref": f"{BUNDLE_URI}#{pointer}"},
            registry=self._registry,
            format_checker=self._format_checker,
        )

    def validator(self, pointer: str) -> Any:
        """Return a validator for the schema at a JSON ``pointer`` into the bundle."""
        return self._validator_at(pointer)

    def component(self, name: str) -> Any:
        """Return a validator for ``#/components/schemas/<name>``."""
        return self.validator(f"/components/schemas/{name}")
