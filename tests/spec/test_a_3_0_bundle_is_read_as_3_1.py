"""An OpenAPI 3.0 bundle (PayPal's, Moov's) is folded into the 3.1 the pipeline reads.

``nullable: true`` and boolean ``exclusiveMinimum``/``exclusiveMaximum`` exist in 3.0 only; the
folded copy says them as 3.1 does, so the generator, the SDK's checks, jsonschema and
schemathesis read one dialect. A 3.1 bundle is folded as it was.
"""

from __future__ import annotations

import copy
from typing import Any

from fold import fold_server_prefixes


def _bundle(version: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {
        "openapi": version,
        "info": {"title": "t", "version": "1"},
        "servers": [{"url": "https://api.example/v1"}],
        "paths": {},
        "components": {"schemas": {"S": schema}},
    }


def _folded(version: str, schema: dict[str, Any]) -> dict[str, Any]:
    return fold_server_prefixes(_bundle(version, schema))["components"]["schemas"]["S"]  # type: ignore[no-any-return]


def test_nullable_becomes_null_among_the_types() -> None:
    """A typed field takes null; an enum lists it; an untyped schema is anyOf it and null."""
    assert _folded("3.0.3", {"type": "string", "nullable": True}) == {"type": ["string", "null"]}
    assert _folded("3.0.3", {"type": "string", "enum": ["a"], "nullable": True}) == {
        "type": ["string", "null"],
        "enum": ["a", None],
    }
    ref = {"allOf": [{"$ref": "#/components/schemas/S"}], "nullable": True}
    assert _folded("3.0.3", ref) == {
        "anyOf": [{"allOf": [{"$ref": "#/components/schemas/S"}]}, {"type": "null"}]
    }
    assert _folded("3.0.3", {"type": "integer", "nullable": False}) == {"type": "integer"}


def test_boolean_exclusive_bounds_become_numbers() -> None:
    """exclusiveMinimum: true with minimum: 0 is 3.1's exclusiveMinimum: 0."""
    schema = {"type": "number", "minimum": 0, "exclusiveMinimum": True, "maximum": 9}
    assert _folded("3.0.1", schema) == {"type": "number", "exclusiveMinimum": 0, "maximum": 9}


def test_the_folded_copy_says_3_1_and_a_3_1_bundle_is_untouched() -> None:
    """The dialect is named; examples are data, never converted; 3.1 is left as written."""
    document = _bundle("3.0.3", {"type": "object", "example": {"nullable": True}})
    assert fold_server_prefixes(document)["openapi"] == "3.1.0"
    assert _folded("3.0.3", {"type": "object", "example": {"nullable": True}})["example"] == {
        "nullable": True
    }
    schema = {"type": "string", "nullable": True}
    assert _folded("3.1.0", copy.deepcopy(schema)) == schema
