"""JSON Schema validators for schemas inside the bundle, with ``$ref`` resolved against it."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from jsonschema import Draft202012Validator, FormatChecker
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

__all__ = ["BUNDLE_URI", "SchemaSet"]

BUNDLE_URI = "urn:payments-sdk:bundle"


class SchemaSet:
    """Validators for any JSON pointer into one OpenAPI document."""

    def __init__(self, document: dict[str, Any]) -> None:
        resource = Resource.from_contents(document, default_specification=DRAFT202012)
        self._registry: Registry[Any] = Registry().with_resource(BUNDLE_URI, resource)
        self._format_checker = FormatChecker()
        self._validator_at = lru_cache(maxsize=None)(self._build)

    def _build(self, pointer: str) -> Draft202012Validator:
        return Draft202012Validator(
            {"$ref": f"{BUNDLE_URI}#{pointer}"},
            registry=self._registry,
            format_checker=self._format_checker,
        )

    def validator(self, pointer: str) -> Draft202012Validator:
        """Return a validator for the schema at a JSON ``pointer`` into the bundle."""
        return self._validator_at(pointer)

    def component(self, name: str) -> Draft202012Validator:
        """Return a validator for ``#/components/schemas/<name>``."""
        return self.validator(f"/components/schemas/{name}")
