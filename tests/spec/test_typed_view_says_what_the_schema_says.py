"""The typed view of a request (``surface.TypedView``) says what each schema says, for any shape.

The bundle has few shapes; a compatible edit brings others. Each kind of schema a request may
hold is typed here from a schema written for it: an object as a ``TypedDict`` (``Required`` as
the schema requires, ``readOnly`` keys absent, a key that is no Python name in the functional
syntax), an enum or ``const`` as a ``Literal`` (with its class when the bundle names one), null
as ``None`` inside a mapping, and what no type says (fields named by a pattern) as a mapping.
The rendered ``payments_sdk.params`` of such shapes is valid Python whose keys are the schema's.
"""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "openapi" / "tools"))

import surface  # noqa: E402


def _typed(schema: dict[str, Any], models: frozenset[str] = frozenset()) -> tuple[str, Any]:
    view = surface.TypedView(set(models))
    used: set[str] = set()
    return view.annotation(schema, "Thing", used, where="client.things.create(thing=...)"), view


@pytest.mark.parametrize(
    ("schema", "expected"),
    [
        ({"type": "string", "enum": ["a", "b"]}, 'Literal["a", "b"]'),
        ({"type": "integer", "enum": [1, 3, 7]}, "Literal[1, 3, 7]"),
        ({"type": ["string", "null"], "enum": ["a", None]}, 'Literal["a"]'),
        ({"const": "card"}, 'Literal["card"]'),
        ({"type": ["string", "integer"]}, "str | int"),
        ({"type": "array", "items": {"type": "string", "enum": ["x"]}}, 'Sequence[Literal["x"]]'),
        ({"type": "object", "additionalProperties": {"type": "integer"}}, "Mapping[str, int]"),
        ({"type": "number"}, "int | Decimal"),
        ({"type": "string", "format": "date-time"}, "datetime | str"),
        (
            {"type": "object", "properties": {"a": {}}, "patternProperties": {"^x-": {}}},
            "Mapping[str, Any]",
        ),
    ],
)
def test_a_value_is_annotated_from_its_schema(schema: dict[str, Any], expected: str) -> None:
    """Enums and consts are Literals; what no type says stays a mapping or a base type."""
    assert _typed(schema)[0] == expected


def test_an_enum_the_bundle_names_a_class_for_takes_the_class_too() -> None:
    """``ConversionCurrency | Literal[...]``: the generated enum class is still accepted."""
    schema = {"type": "string", "enum": ["USD"], "x-model": "Currency"}
    assert _typed(schema, frozenset({"Currency"}))[0] == 'Currency | Literal["USD"]'


def test_an_object_is_a_typed_dict_with_the_schemas_required_keys() -> None:
    """Required keys are ``Required``; a readOnly key is absent; nested objects are their own."""
    schema = {
        "type": "object",
        "required": ["name", "id"],
        "properties": {
            "id": {"type": "string", "readOnly": True},
            "name": {"type": "string", "minLength": 1},
            "note": {"type": ["string", "null"]},
            "address": {"type": "object", "required": ["city"], "properties": {"city": {}}},
        },
        "x-model": "Thing",
    }
    text, view = _typed(schema, frozenset({"Thing"}))
    assert text == "Thing | ThingParam"
    keys = {k.name: (k.annotation, k.required) for k in view.dicts["ThingParam"].keys}
    assert keys == {
        "name": ("str", True),
        "note": ("str | None", False),
        "address": ("ThingAddressParam", False),
    }
    assert [k.name for k in view.dicts["ThingAddressParam"].keys if k.required] == ["city"]
    assert "At least 1 character(s)." in next(
        k.doc for k in view.dicts["ThingParam"].keys if k.name == "name"
    )


def test_a_one_of_of_objects_is_a_union_of_typed_dicts() -> None:
    """A nested ``oneOf`` of records: one ``TypedDict`` per shape, as a union."""
    shape = {"type": "object", "required": ["kind"], "properties": {"kind": {"const": "a"}}}
    other = {"type": "object", "required": ["kind"], "properties": {"kind": {"const": "b"}}}
    text, view = _typed({"oneOf": [shape, other]})
    assert text == "ThingShape1Param | ThingShape2Param"
    assert view.dicts["ThingShape1Param"].keys[0].annotation == 'Literal["a"]'


def test_keys_that_are_no_python_names_are_rendered_in_the_functional_syntax() -> None:
    """``class`` and ``x-id`` are keys of a ``TypedDict("...", {...})``; the module runs."""
    schema = {
        "type": "object",
        "required": ["class"],
        "properties": {"class": {"type": "string"}, "x-id": {"type": "integer"}},
    }
    _, view = _typed(schema)
    assert view.dicts["ThingParam"].functional
    text = surface.environment().get_template("params.py.jinja").render(dicts=view.dicts)
    namespace: dict[str, Any] = {}
    exec(compile(text, "params.py", "exec"), namespace)
    made = namespace["ThingParam"]
    assert made.__required_keys__ == {"class"}
    assert made.__optional_keys__ == {"x-id"}


def test_a_typed_dict_is_named_apart_from_models_and_from_any_text() -> None:
    """A name a model holds, or a field name that is no identifier, never breaks the module."""
    schema = {
        "type": "object",
        "properties": {"@type": {"type": "object", "properties": {"a": {}}}},
    }
    view = surface.TypedView({"ThingParam"})
    view.annotation(schema, "Thing", set())
    names = set(view.dicts)
    assert "ThingParam" not in names
    assert all(name.isidentifier() for name in names), names
