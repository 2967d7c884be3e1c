"""A value made for a schema (a field nobody sent, a test's sample) keeps every keyword of it.

The sandbox fills a required field nobody set with a value of its schema, and our tests draw
request values the same way (``tests/support/schema_values.py``). A value its own schema refuses
breaks an answer's contract, or makes a test send what the bundle refuses (``labels: []`` to an
array with ``minItems: 1`` was answered 400, and the test blamed the handler). Each schema below
uses a keyword that bounds a value: both value makers must give a value the schema accepts.
"""

from __future__ import annotations

from typing import Any

import pytest

from payments_sdk._engine import validator
from payments_sdk._formats import INTEGER_RANGES, STRING_FORMATS
from payments_sdk.sandbox._schema_values import value_of
from tests.support.schema_values import example

SCHEMAS: list[dict[str, Any]] = [
    {"type": "number", "exclusiveMinimum": 0, "exclusiveMaximum": 1},
    {"type": "number", "minimum": 0.25, "maximum": 0.75},
    {"type": "number", "minimum": -3, "maximum": -2},
    {"type": "integer", "exclusiveMinimum": 4},
    {"type": "array", "minItems": 2, "maxItems": 5, "items": {"type": "string", "minLength": 3}},
    {"type": "array", "minItems": 1, "items": {"type": "number", "exclusiveMinimum": 0}},
    {"type": "object", "minProperties": 1, "properties": {"a": {"type": "string"}}},
    {
        "type": "object",
        "maxProperties": 1,
        "required": ["b"],
        "properties": {"a": {"type": "string"}, "b": {"type": "integer"}},
    },
    {"type": "string", "minLength": 4, "maxLength": 4},
    # Fractional steps and bounds, read as the decimals written (0.01, not the float).
    {"type": "number", "exclusiveMinimum": 0, "maximum": 1, "multipleOf": 0.01},
    {"type": "number", "minimum": 0.5, "maximum": 5, "multipleOf": 0.5},
    {"type": "number", "exclusiveMinimum": 0.001, "exclusiveMaximum": 0.002, "multipleOf": 0.0005},
    {"type": "number", "maximum": -0.25, "multipleOf": 0.1},
    {"type": "integer", "minimum": 1, "multipleOf": 1.5},
    # Every checked format: a value of it (an integer within its width).
    *({"type": "integer", "format": fmt, "minimum": -(2**70)} for fmt in sorted(INTEGER_RANGES)),
    *({"type": "string", "format": fmt} for fmt in sorted(STRING_FORMATS)),
    {"type": "number", "format": "sf-decimal", "exclusiveMinimum": 0, "exclusiveMaximum": 0.01},
]


@pytest.mark.parametrize("schema", SCHEMAS, ids=[str(s) for s in SCHEMAS])
@pytest.mark.parametrize("maker", ["sandbox", "tests"])
def test_a_made_value_is_one_its_schema_accepts(schema: dict[str, Any], maker: str) -> None:
    value = value_of(schema) if maker == "sandbox" else example({}, schema)
    errors = [e.message for e in validator(schema).iter_errors(value)]
    assert errors == [], (value, errors)
    assert not isinstance(value, float)  # a number is an int or an exact Decimal
