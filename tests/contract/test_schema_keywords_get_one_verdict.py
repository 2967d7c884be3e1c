"""The SDK's argument checks and the sandbox's validator refuse exactly what JSON Schema refuses.

For each JSON Schema 2020-12 assertion the pipeline carries beyond the bundle's own keywords
(``exclusiveMinimum``, ``exclusiveMaximum``, ``multipleOf``, ``uniqueItems``, ``prefixItems``,
``contains``/``minContains``/``maxContains``, ``minProperties``/``maxProperties``,
``patternProperties``, ``propertyNames``, ``dependentRequired``, ``dependentSchemas``,
``if``/``then``/``else``, and the unions: a ``type`` listing several types, ``anyOf``, and a
``oneOf`` of values that are not records), Hypothesis draws a schema that uses it and values
around its edges.
Three judges must agree on every value: ``payments_sdk._checks.check`` (what the SDK sends or
refuses before any request, its own conversion first), the sandbox's ``SchemaSet`` (what it
answers 400 to), and the schema engine alone on the raw value (the oracle). Where both refuse,
the sandbox's 400 says the SDK's words: its ``<field> <problem>`` is the start of the SDK's
(which may add the value it got).
"""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from payments_sdk import InvalidParameterError
from payments_sdk._checks import check
from payments_sdk._engine import Problem, validator
from payments_sdk.sandbox._request_validation import _describe
from payments_sdk.sandbox.contract import SchemaSet

# Derandomized: the same draws on every run, so a failure is never at random.
SETTINGS = settings(
    max_examples=200,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    database=None,
    derandomize=True,
)

INT = {"type": "integer"}
SMALL = st.integers(-30, 30)
KEYS = st.text(alphabet="abcd", min_size=1, max_size=3)


def _verdicts(schema: dict[str, Any], value: Any) -> tuple[bool, bool, bool, str, str]:
    """Return (SDK accepts, sandbox accepts, the engine accepts) and both refusals' words."""
    try:
        check(value, schema, "field")
        sdk, sdk_words = True, ""
    except InvalidParameterError as exc:
        sdk, sdk_words = False, f"{exc.field} {exc.problem}"
    schemas = SchemaSet({"components": {"schemas": {"S": schema}}}, direction="request")
    errors = [Problem(error) for error in schemas.component("S").iter_errors(value)]
    sandbox_words = (
        _describe(errors[0], schemas.document, value, prefix=["field"]) if errors else ""
    )
    oracle = validator(schema).is_valid(value)
    return sdk, not errors, oracle, sdk_words, sandbox_words


def _agree(schema: dict[str, Any], value: Any, *, same_words: bool = True) -> None:
    sdk, sandbox, oracle, sdk_words, sandbox_words = _verdicts(schema, value)
    assert sdk == oracle, (schema, value, sdk_words or "accepted by the SDK")
    assert sandbox == oracle, (schema, value, sandbox_words or "accepted by the sandbox")
    if same_words and not oracle:
        assert sdk_words.startswith(sandbox_words), (sdk_words, sandbox_words)


@SETTINGS
@given(bound=st.integers(-10, 10), value=SMALL, keyword=st.sampled_from(["Minimum", "Maximum"]))
def test_exclusive_bounds(bound: int, value: int, keyword: str) -> None:
    _agree({"type": "integer", f"exclusive{keyword}": bound}, value)


@SETTINGS
@given(step=st.integers(1, 12), value=st.integers(-200, 200))
def test_multiple_of(step: int, value: int) -> None:
    _agree({"type": "integer", "multipleOf": step}, value)


@SETTINGS
@given(
    value=st.one_of(
        st.lists(st.integers(0, 3), max_size=5),
        st.lists(st.dictionaries(st.sampled_from("ab"), st.integers(0, 1)), max_size=4),
    )
)
def test_unique_items(value: list[Any]) -> None:
    items = (
        {"type": "object", "additionalProperties": INT}
        if value and isinstance(value[0], dict)
        else INT
    )
    _agree({"type": "array", "items": items, "uniqueItems": True}, value)


@SETTINGS
@given(
    low=st.integers(0, 3),
    high=st.integers(0, 4),
    value=st.dictionaries(KEYS, st.integers(0, 9), max_size=6),
)
def test_min_and_max_properties(low: int, high: int, value: dict[str, int]) -> None:
    schema = {"type": "object", "additionalProperties": INT, "minProperties": low}
    _agree({**schema, "maxProperties": high}, value)


@SETTINGS
@given(value=st.dictionaries(st.text(alphabet="abcde", max_size=4), st.integers(0, 9), max_size=4))
def test_property_names(value: dict[str, int]) -> None:
    names = {"pattern": "^[a-c]+$", "maxLength": 3}
    # The name's own problem is worded by each side's pattern check: compared as verdicts.
    _agree(
        {"type": "object", "additionalProperties": INT, "propertyNames": names},
        value,
        same_words=False,
    )


@SETTINGS
@given(
    value=st.dictionaries(
        st.sampled_from(["id", "n_a", "n_b", "x"]),
        st.one_of(st.integers(-3, 3), st.sampled_from(["s", ""])),
        max_size=4,
    )
)
def test_pattern_properties(value: dict[str, Any]) -> None:
    schema = {
        "type": "object",
        "properties": {"id": {"type": "string"}},
        "patternProperties": {"^n_": {"type": "integer", "minimum": 0}},
        "additionalProperties": False,
    }
    # An undeclared field is worded by each side in its own terms: compared as verdicts.
    _agree(schema, value, same_words=False)


OBJECT_OF_THREE = {"type": "object", "properties": {"a": INT, "b": INT, "c": INT}}
SUBSET = st.dictionaries(st.sampled_from("abc"), st.integers(0, 9))


@SETTINGS
@given(value=SUBSET)
def test_dependent_required(value: dict[str, int]) -> None:
    _agree({**OBJECT_OF_THREE, "dependentRequired": {"a": ["b"], "b": ["c", "a"]}}, value)


@SETTINGS
@given(value=SUBSET)
def test_dependent_schemas(value: dict[str, int]) -> None:
    schema = {
        **OBJECT_OF_THREE,
        "dependentSchemas": {"a": {"required": ["b"], "properties": {"b": {"minimum": 5}}}},
    }
    _agree(schema, value, same_words=False)  # `required` is worded by each side (as ever)


@SETTINGS
@given(
    value=st.fixed_dictionaries(
        {},
        optional={"kind": st.sampled_from(["full", "partial"]), "amount": st.integers(-2, 2)},
    )
)
def test_if_then_else(value: dict[str, Any]) -> None:
    schema = {
        "type": "object",
        "properties": {
            "kind": {"type": "string", "enum": ["full", "partial"]},
            "amount": {"type": "integer"},
        },
        "if": {"properties": {"kind": {"const": "partial"}}, "required": ["kind"]},
        "then": {"required": ["amount"], "properties": {"amount": {"exclusiveMinimum": 0}}},
        "else": {"properties": {"amount": {"maximum": 0}}},
    }
    _agree(schema, value, same_words=False)


@SETTINGS
@given(
    least=st.integers(0, 3),
    most=st.one_of(st.none(), st.integers(0, 3)),
    value=st.lists(st.integers(0, 9), max_size=6),
)
def test_contains(least: int, most: int | None, value: list[int]) -> None:
    schema: dict[str, Any] = {
        "type": "array",
        "items": INT,
        "contains": {"minimum": 5},
        "minContains": least,
    }
    if most is not None:
        schema["maxContains"] = most
    _agree(schema, value)


@SETTINGS
@given(
    closed=st.booleans(),
    head=st.lists(st.sampled_from(["a", "", 0, 1, -1]), max_size=2),
    tail=st.lists(
        st.one_of(st.integers(-2, 2), st.sampled_from(["a", ""]), st.booleans()), max_size=3
    ),
)
def test_prefix_items(closed: bool, head: list[Any], tail: list[Any]) -> None:
    value = [*head, *tail]  # a head that often fits the prefix, so the tail is reached
    schema = {
        "type": "array",
        "prefixItems": [{"type": "string", "minLength": 1}, {"type": "integer", "minimum": 0}],
        "items": False if closed else {"type": "boolean"},
    }
    _agree(schema, value, same_words=False)  # an item's problem is worded by each side


# A shape of a union: a type alone, or with a keyword of its own that narrows it.
SHAPES = st.sampled_from(
    [
        {"type": "string"},
        {"type": "string", "maxLength": 2},
        {"type": "integer"},
        {"type": "integer", "minimum": 0},
        {"type": "number"},
        {"type": "boolean"},
        {"type": "null"},
        {"type": "array", "items": INT},
        {"type": "object"},
    ]
)
TYPES = st.lists(
    st.sampled_from(["string", "integer", "number", "boolean", "null", "array", "object"]),
    min_size=1,
    max_size=3,
    unique=True,
)
VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 3),
    st.text(alphabet="ab", max_size=3),
    st.lists(st.one_of(st.integers(0, 2), st.text(alphabet="a", max_size=1)), max_size=2),
    st.dictionaries(st.text(alphabet="ab", min_size=1, max_size=1), st.integers(0, 2), max_size=2),
)


@SETTINGS
@given(kinds=TYPES, value=VALUES)
def test_a_list_of_types(kinds: list[str], value: Any) -> None:
    """``type: ["string", "null"]`` (OpenAPI 3.1's nullable) and any other list of types."""
    _agree({"type": kinds, "maxLength": 2, "minimum": 0}, value, same_words=False)


@SETTINGS
@given(shapes=st.lists(SHAPES, min_size=1, max_size=3), value=VALUES)
def test_any_of(shapes: list[dict[str, Any]], value: Any) -> None:
    _agree({"anyOf": shapes}, value, same_words=False)


@SETTINGS
@given(
    shapes=st.lists(SHAPES, min_size=1, max_size=3).filter(
        lambda shapes: any(shape["type"] != "object" for shape in shapes)
    ),
    value=VALUES,
)
def test_one_of_values(shapes: list[dict[str, Any]], value: Any) -> None:
    """Exactly one shape must take the value: two that overlap (integer, number) refuse it."""
    _agree({"oneOf": shapes}, value, same_words=False)


@SETTINGS
@given(
    kinds=st.lists(
        st.sampled_from(["string", "integer", "number", "boolean", "null"]),
        min_size=2,
        max_size=3,
        unique=True,
    ),
    value=st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-5, 5),
        st.text(alphabet="ab", max_size=4),
        st.lists(st.integers(0, 2), max_size=2),
    ),
)
def test_a_list_of_two_or_three_scalar_types(kinds: list[str], value: Any) -> None:
    """``type: [string, integer]``: a value of one of the types, within its keywords."""
    schema = {"type": kinds, "maxLength": 2, "minimum": -2}
    _agree(schema, value, same_words=False)


@pytest.mark.parametrize(
    ("schema", "value", "words"),
    [
        ({"type": "integer", "exclusiveMinimum": 0}, 0, "field must be greater than 0, got 0"),
        ({"type": "integer", "exclusiveMaximum": 9}, 9, "field must be less than 9, got 9"),
        ({"type": "integer", "multipleOf": 5}, 7, "field must be a multiple of 5, got 7"),
        (
            {"type": "array", "items": {"type": "string"}, "uniqueItems": True},
            ["a", "b", "a"],
            "field must not hold the same item twice",
        ),
        (
            {**OBJECT_OF_THREE, "dependentRequired": {"a": ["b"]}},
            {"a": 1},
            "field.b is required when a is sent",
        ),
        (
            {"type": "object", "additionalProperties": INT, "minProperties": 1},
            {},
            "field must have at least 1 field",
        ),
        (
            {"type": "object", "additionalProperties": INT, "propertyNames": {"maxLength": 2}},
            {"abc": 1},
            "field.abc is not an allowed field name",
        ),
    ],
)
def test_each_refusal_names_the_field_and_the_keyword(
    schema: dict[str, Any], value: Any, words: str
) -> None:
    """The SDK's message, which the sandbox's 400 starts the same way."""
    sdk, sandbox, oracle, sdk_words, sandbox_words = _verdicts(schema, value)
    assert (sdk, sandbox, oracle) == (False, False, False)
    assert sdk_words.startswith(words), sdk_words
    assert sandbox_words.startswith(words.split(", got")[0].split(" (")[0]), sandbox_words
