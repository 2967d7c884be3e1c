"""Each kind of refusal the schema engine reports is worded by the SDK, naming the field.

The SDK judges a caller's arguments with the one schema engine (``payments_sdk._engine``,
jsonschema-rs) and words the engine's error kinds itself (``payments_sdk._checks``). Each case
below breaks one keyword and pins the field named and the words: a mapping that read the wrong
kind, the wrong schema or the wrong path fails here. The sandbox, judging the same value with the
same engine, names the same field first.
"""

from __future__ import annotations

import sys
from decimal import Decimal
from typing import Any

import pytest

from payments_sdk import InvalidParameterError
from payments_sdk._checks import check
from payments_sdk._engine import Problem, first
from payments_sdk.sandbox._request_validation import _describe
from payments_sdk.sandbox.contract import SchemaSet

INT = {"type": "integer"}
RECORD = {
    "type": "object",
    "required": ["a", "b"],
    "properties": {
        "a": {"type": "string", "pattern": "^x$"},
        "b": {"type": "integer", "maximum": 3},
        "items": {"type": "array", "items": {"type": "object", "properties": {"id": INT}}},
    },
}

CASES: list[tuple[str, dict[str, Any], Any, str, str]] = [
    ("int8", {"type": "integer", "format": "int8"}, 1000, "f", "does not fit in int8, got 1000"),
    ("uint8", {"type": "integer", "format": "uint8"}, -1, "f", "does not fit in uint8, got -1"),
    (
        "sf-decimal",
        {"type": "number", "format": "sf-decimal"},
        Decimal("0.0001"),
        "f",
        "is not a valid sf-decimal: 0.0001",
    ),
    ("byte", {"type": "string", "format": "byte"}, "abc", "f", "is not a valid byte: 'abc'"),
    ("email", {"type": "string", "format": "email"}, "a b", "f", "is not an e-mail address"),
    ("ipv4", {"type": "string", "format": "ipv4"}, "1.2.3", "f", "is not a valid ipv4: '1.2.3'"),
    ("enum", {"type": "string", "enum": ["a", "b"]}, "c", "f", "must be one of a, b, got 'c'"),
    ("const", {"const": "a"}, "b", "f", "must be 'a', got 'b'"),
    ("type", {"type": "integer"}, "1", "f", "must be an int, got '1'"),
    ("types", {"type": ["string", "null"]}, 1, "f", "must be a string or None, got 1"),
    (
        "a Decimal for an integer",
        {"type": "integer"},
        Decimal("1.0"),
        "f",
        "must be an int, got Decimal('1.0')",
    ),
    (
        "a Decimal for a nullable integer",
        {"type": ["integer", "null"]},
        Decimal("1"),
        "f",
        "must be an integer or None, got Decimal('1')",
    ),
    (
        "maxLength",
        {"type": "string", "maxLength": 2},
        "abc",
        "f",
        "is 3 characters long; at most 2",
    ),
    ("minimum", {"type": "integer", "minimum": 1}, 0, "f", "must be at least 1, got 0"),
    (
        "multipleOf",
        {"type": "number", "multipleOf": 0.01},
        Decimal("0.001"),
        "f",
        "must be a multiple of 0.01, got 0.001",
    ),
    ("exclusiveMaximum", {"type": "integer", "exclusiveMaximum": 3}, 3, "f", "must be less than 3"),
    ("minItems", {"type": "array", "minItems": 2}, [1], "f", "needs 2 items"),
    ("maxItems", {"type": "array", "maxItems": 1}, [1, 2], "f", "has 2 items; at most 1"),
    (
        "items: false",
        {"type": "array", "prefixItems": [INT], "items": False},
        [1, 2],
        "f",
        "has 2 items; at most 1",
    ),
    (
        "uniqueItems",
        {"type": "array", "uniqueItems": True},
        [1, 1],
        "f",
        "must not hold the same item twice",
    ),
    (
        "minContains",
        {"type": "array", "contains": {"const": 1}, "minContains": 2},
        [1, 2],
        "f",
        "must hold at least 2 items that its contains schema matches",
    ),
    (
        "maxContains",
        {"type": "array", "contains": {"const": 1}, "maxContains": 1},
        [1, 1],
        "f",
        "must hold at most 1 item that its contains schema matches",
    ),
    (
        "minProperties",
        {"type": "object", "additionalProperties": INT, "minProperties": 2},
        {"a": 1},
        "f",
        "must have at least 2 fields",
    ),
    (
        "propertyNames",
        {"type": "object", "additionalProperties": INT, "propertyNames": {"pattern": "^[a-c]+$"}},
        {"z": 1},
        "f.z",
        "is not an allowed field name",
    ),
    (
        "dependentRequired",
        {"type": "object", "properties": {"a": INT, "b": INT}, "dependentRequired": {"a": ["b"]}},
        {"a": 1},
        "f.b",
        "is required when a is sent",
    ),
    (
        "not required",
        {"type": "object", "properties": {"a": INT, "b": INT}, "not": {"required": ["a", "b"]}},
        {"a": 1, "b": 2},
        "f.b",
        "cannot be sent with a: pass one of them",
    ),
    (
        "oneOf of values, two shapes",
        {"oneOf": [{"type": "integer"}, {"type": "integer", "minimum": 0}]},
        1,
        "f",
        "matches 2 of its shapes, and must match exactly one",
    ),
    (
        "anyOf of values, none",
        {"anyOf": [{"type": "integer"}, {"type": "boolean"}]},
        "x",
        "f",
        "must be an int or True or False, got 'x'",
    ),
    (
        "then",
        {
            "type": "object",
            "properties": {"a": INT, "b": INT},
            "if": {"required": ["a"]},
            "then": {"required": ["b"]},
        },
        {"a": 1},
        "f.b",
        "is required",
    ),
    (
        "a nested path",
        RECORD,
        {"a": "x", "b": 1, "items": [{"id": "1"}]},
        "f.items[0].id",
        "must be an int",
    ),
    ("required after the fields", RECORD, {"a": "y"}, "f.a", "must be a string matching ^x$"),
    ("declared order", RECORD, {"b": 9, "a": "y"}, "f.a", "must be a string matching ^x$"),
]


# The SDK's own refusals of a Python value (an integer is an int, not the Decimal 1.0, which
# JSON Schema counts an integer): the sandbox reads JSON, where 1.0 is one.
SDK_ONLY = frozenset({"a Decimal for an integer", "a Decimal for a nullable integer"})


@pytest.mark.parametrize(
    ("schema", "value", "field", "words"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_the_refusal_names_the_field_and_says_why(
    schema: dict[str, Any], value: Any, field: str, words: str
) -> None:
    with pytest.raises(InvalidParameterError) as refused:
        check(value, schema, "f")
    assert refused.value.field == field
    assert refused.value.problem.startswith(words), refused.value.problem


@pytest.mark.parametrize(
    ("schema", "value", "field"),
    [(case[1], case[2], case[3]) for case in CASES if case[0] not in SDK_ONLY],
    ids=[case[0] for case in CASES if case[0] not in SDK_ONLY],
)
def test_the_sandbox_names_the_same_field(schema: dict[str, Any], value: Any, field: str) -> None:
    schemas = SchemaSet({"components": {"schemas": {"S": schema}}}, direction="request")
    found = [Problem(error) for error in schemas.component("S").iter_errors(value)]
    assert found, "the engine takes what the SDK refused"
    problem = first(found, schema)
    words = _describe(problem, schemas.document, value, prefix=["f"])
    assert words.startswith(f"{field} "), words


def test_a_value_nested_too_deeply_is_refused_naming_the_field() -> None:
    """Deeper than the interpreter's recursion limit (set here: a test may have raised it)."""
    deep: list[Any] = []
    for _ in range(5000):
        deep = [deep]
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(1000)
    try:
        with pytest.raises(InvalidParameterError) as refused:
            check({"notes": deep}, {"type": "object", "properties": {"notes": {}}}, "")
    finally:
        sys.setrecursionlimit(limit)
    assert (refused.value.field, refused.value.problem) == (
        "notes",
        "is nested too deeply to be checked",
    )


def test_an_uploads_content_is_left_to_the_method_that_reads_it() -> None:
    """``format: binary`` is the upload's bytes, a file or a path: the engine does not judge it."""
    upload = {"type": "object", "required": ["file"], "properties": {"file": BINARY}}
    for content in (b"%PDF-1.4", 12345):
        assert check({"file": content}, upload, "")["file"] == content


BINARY = {"type": "string", "format": "binary"}
