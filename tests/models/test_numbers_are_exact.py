"""A JSON ``number`` is exact: an int stays an int, a fraction is a Decimal, never a float.

Money is exact, and so is every other number the service sends (a mid-market rate, a fee
rate). Each field the bundle declares ``type: number`` is decoded from its JSON text: ``1`` is
the int 1, ``0.30000000000000000000001`` the Decimal of those digits (a float would be 0.3),
and a string or a boolean is a mismatch named by its path, as for any other type. A number in
an undeclared field, or in a free-form map, is exact too; a model encoded again writes the same
digits. The fields come from the bundle, so a number field it gains is held to this at once.
"""

from __future__ import annotations

import json
import re
from decimal import Decimal
from pathlib import Path
from typing import Any

import httpx
import pytest

from payments_sdk_generated import models
from payments_sdk_generated.errors import UnexpectedBody
from payments_sdk_generated.types import Model, decode_response, encode_json
from tests.support.schema_values import record


def _bundle() -> dict[str, Any]:
    from payments_sdk.sandbox.contract import load_bundle

    return load_bundle()


def _number_fields() -> list[tuple[str, str]]:
    """Every ``(component schema, property)`` the bundle types ``number`` (its own or a $ref's)."""
    document = _bundle()
    schemas = document["components"]["schemas"]
    found = []
    for name, schema in schemas.items():
        for prop, sub in schema.get("properties", {}).items():
            if isinstance(sub, dict) and "$ref" in sub:
                sub = schemas.get(sub["$ref"].rsplit("/", 1)[1], {})
            kinds = sub.get("type") if isinstance(sub, dict) else None
            kinds = kinds if isinstance(kinds, list) else [kinds]
            if "number" in kinds and hasattr(models, name):
                found.append((name, prop))
    return found


NUMBER_FIELDS = _number_fields()
IDS = [f"{schema}.{prop}" for schema, prop in NUMBER_FIELDS]


def test_the_bundle_has_number_fields() -> None:
    """The tests below run on something: the FX rate and the conversion show a rate."""
    assert NUMBER_FIELDS


def _decode(model: type[Model], body: dict[str, Any], raw: str | None = None) -> Any:
    content = (raw if raw is not None else json.dumps(body)).encode()
    return decode_response(httpx.Response(200, content=content), model)


def _body_with(schema: str, prop: str, text: str) -> str:
    """The JSON text of a record of ``schema`` whose ``prop`` is the number ``text`` as written."""
    body = record(schema, {prop: 0})
    marker = "__number__"
    body[prop] = marker
    return json.dumps(body).replace(f'"{marker}"', text)


@pytest.mark.parametrize(
    ("schema", "prop"), NUMBER_FIELDS, ids=[f"{s}.{p}" for s, p in NUMBER_FIELDS]
)
@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("0.30000000000000000000001", Decimal("0.30000000000000000000001")),
        ("1", 1),
        ("1.5e-7", Decimal("1.5e-7")),
        ("123456789012345678901234567890.5", Decimal("123456789012345678901234567890.5")),
    ],
)
def test_a_number_field_is_decoded_from_its_digits(
    schema: str, prop: str, text: str, expected: Any
) -> None:
    model = getattr(models, schema)
    parsed = _decode(model, {}, _body_with(schema, prop, text))
    value = getattr(parsed, prop.replace("-", "_"))
    assert value == expected and type(value) is type(expected), (value, expected)
    encoded = json.loads(encode_json(parsed), parse_float=Decimal)
    assert encoded[prop] == expected and type(encoded[prop]) is type(expected)
    assert parsed.to_dict()[prop] == expected  # JSON-ready, still exact (never a float)


@pytest.mark.parametrize(
    ("schema", "prop"), NUMBER_FIELDS, ids=[f"{s}.{p}" for s, p in NUMBER_FIELDS]
)
@pytest.mark.parametrize("text", ['"0.5"', "true", "[1]", '{"v": 1}'])
def test_a_number_field_refuses_what_is_not_a_number(schema: str, prop: str, text: str) -> None:
    """Msgspec would read "0.5" into a Decimal; the bundle says number, so it is a mismatch."""
    model = getattr(models, schema)
    with pytest.raises(UnexpectedBody) as raised:
        _decode(model, {}, _body_with(schema, prop, text))
    assert f"$.{prop}" in str(raised.value)
    assert "0.5" not in str(raised.value)


@pytest.mark.parametrize(
    ("schema", "prop"), NUMBER_FIELDS[:1], ids=[f"{s}.{p}" for s, p in NUMBER_FIELDS[:1]]
)
def test_an_undeclared_number_is_exact_too(schema: str, prop: str) -> None:
    """The lenient path (a field the bundle does not declare) reads numbers exactly as well."""
    model = getattr(models, schema)
    text = _body_with(schema, prop, "0.1")
    text = text[:-1] + ', "surcharge_rate": 0.30000000000000000000001, "count": 7}'
    parsed = _decode(model, {}, text)
    assert parsed.additional_properties == {
        "surcharge_rate": Decimal("0.30000000000000000000001"),
        "count": 7,
    }
    assert getattr(parsed, prop) == Decimal("0.1")
    again = json.loads(encode_json(parsed), parse_float=Decimal)
    assert again["surcharge_rate"] == Decimal("0.30000000000000000000001")


def test_no_generated_model_field_is_a_float() -> None:
    """No annotation of a generated model or operation says float."""
    import payments_sdk_generated

    root = Path(payments_sdk_generated.__file__).parent
    floats = [
        str(path.relative_to(root))
        for path in sorted(root.rglob("*.py"))
        if re.search(r"[:|\[,] *float\b", path.read_text(encoding="utf-8"))
    ]
    assert floats == []
