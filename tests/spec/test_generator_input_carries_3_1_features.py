"""The generator's input says plainly what openapi-python-client cannot read of the bundle.

``generator_input.py`` tags each member of a discriminated ``oneOf`` for msgspec (from the
``mapping``, else the component's name), hands a binary media type the generator does not
know over as ``application/octet-stream``, and does not require a ``writeOnly`` field of the
models. A union it cannot tag fails ``make generate`` naming its JSON pointer, and a union
msgspec cannot decode fails it naming the models (``surface.py``), never a call at run time.
"""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
from bundle_edits import field_of
from generator_input import GeneratorInputError, generator_input

from tests.support.feature_edits import untagged_union
from tests.support.provider_bundle import payments_yaml
from tests.support.scratch_generate import generate_into


def _document(**schemas: Any) -> dict[str, Any]:
    return {"openapi": "3.1.0", "paths": {}, "components": {"schemas": schemas}}


_CARD = {"type": "object", "properties": {"kind": {"const": "card"}, "last4": {"type": "string"}}}
_BANK = {"type": "object", "properties": {"kind": {"const": "bank"}}}


def test_discriminated_members_are_tagged_from_the_mapping_or_their_name() -> None:
    """``mapping`` gives a member's tag; a member it does not list is tagged by its name."""
    union = {
        "oneOf": [{"$ref": "#/components/schemas/Card"}, {"$ref": "#/components/schemas/Bank"}],
        "discriminator": {"propertyName": "kind", "mapping": {"card": "#/components/schemas/Card"}},
    }
    source = _document(Card=_CARD, Bank=_BANK, Method=union)
    before = copy.deepcopy(source)
    schemas = generator_input(source)["components"]["schemas"]
    assert (schemas["Card"]["x-tag-field"], schemas["Card"]["x-tag"]) == ("kind", "card")
    assert (schemas["Bank"]["x-tag-field"], schemas["Bank"]["x-tag"]) == ("kind", "Bank")
    assert source == before, "the folded bundle itself is left as it is"
    union["discriminator"]["mapping"] = {"bank": "Bank"}  # a component's name, as OpenAPI allows
    schemas = generator_input(_document(Card=_CARD, Bank=_BANK, Method=union))["components"]
    assert schemas["schemas"]["Bank"]["x-tag"] == "bank"


def test_an_untagged_union_is_left_alone() -> None:
    """Without a discriminator, the members stay untagged (the models type it with one_of)."""
    union = {
        "oneOf": [{"$ref": "#/components/schemas/Card"}, {"$ref": "#/components/schemas/Bank"}]
    }
    schemas = generator_input(_document(Card=_CARD, Bank=_BANK, Method=union))["components"]
    assert "x-tag" not in schemas["schemas"]["Card"]


@pytest.mark.parametrize(
    ("schemas", "words"),
    [
        (
            {
                "Method": {
                    "oneOf": [{"$ref": "#/components/schemas/Card"}, _BANK],
                    "discriminator": {"propertyName": "kind"},
                },
                "Card": _CARD,
            },
            "discriminated oneOf at #/components/schemas/Method/oneOf/1: every member must be a "
            "$ref to a component schema (an inline member cannot be tagged)",
        ),
        (
            {
                "One": {
                    "oneOf": [{"$ref": "#/components/schemas/Card"}],
                    "discriminator": {"propertyName": "kind"},
                },
                "Two": {
                    "oneOf": [{"$ref": "#/components/schemas/Card"}],
                    "discriminator": {"propertyName": "type"},
                },
                "Card": _CARD,
            },
            "discriminated oneOf at #/components/schemas/Two: Card is already tagged kind='Card' "
            "by #/components/schemas/One; a model has one tag",
        ),
    ],
)
def test_a_union_that_cannot_be_tagged_fails_naming_its_pointer(
    schemas: dict[str, Any], words: str
) -> None:
    """An inline member, or a model two unions tag differently, is refused by name."""
    with pytest.raises(GeneratorInputError) as caught:
        generator_input(_document(**schemas))
    assert str(caught.value) == words


def test_an_any_of_of_several_objects_is_one_model_of_every_field() -> None:
    """An anyOf may match several shapes at once: one model, with each field of any of them."""
    union = {
        "anyOf": [{"$ref": "#/components/schemas/Card"}, {"$ref": "#/components/schemas/Bank"}]
    }
    merged = generator_input(_document(Card=_CARD, Bank=_BANK, Method=union))
    method = merged["components"]["schemas"]["Method"]
    assert "anyOf" not in method and method["type"] == "object"
    fields = {**_CARD.get("properties", {}), **_BANK.get("properties", {})}
    assert set(method["properties"]) == set(fields)
    both = set(_CARD.get("required", [])) & set(_BANK.get("required", []))
    assert set(method.get("required", [])) == both
    wide = {"anyOf": [{"type": "string", "enum": ["a"]}, {"type": "string"}]}
    assert generator_input(_document(Status=wide))["components"]["schemas"]["Status"] == wide


def test_a_binary_media_type_is_handed_over_as_octet_stream() -> None:
    """application/pdf becomes application/octet-stream; JSON and text stay as they are."""
    pdf = {"schema": {"type": "string", "format": "binary"}}
    document = _document()
    document["paths"] = {
        "/a": {
            "get": {"responses": {"200": {"description": "d", "content": {"application/pdf": pdf}}}}
        },
        "/b": {"get": {"responses": {"200": {"description": "d", "content": {"text/csv": pdf}}}}},
    }
    paths = generator_input(document)["paths"]
    assert list(paths["/a"]["get"]["responses"]["200"]["content"]) == ["application/octet-stream"]
    assert list(paths["/b"]["get"]["responses"]["200"]["content"]) == ["text/csv"]


def test_a_binary_answer_written_in_components_is_handed_over_as_octet_stream() -> None:
    """An answer in components/responses, referred to by ``$ref``, is handed over alike."""
    pdf = {"schema": {"type": "string", "format": "binary"}}
    document = _document()
    document["components"]["responses"] = {
        "Pdf": {"description": "d", "content": {"application/pdf": pdf}}
    }
    document["paths"] = {
        "/a": {"get": {"responses": {"200": {"$ref": "#/components/responses/Pdf"}}}},
    }
    handed = generator_input(document)
    assert list(handed["components"]["responses"]["Pdf"]["content"]) == ["application/octet-stream"]
    assert handed["paths"]["/a"]["get"]["responses"]["200"] == {
        "$ref": "#/components/responses/Pdf"
    }


def test_a_write_only_field_is_not_required_of_the_models() -> None:
    """A writeOnly field is never answered: the response model must not demand it."""
    hook = {
        "type": "object",
        "required": ["id", "secret"],
        "properties": {"id": {"type": "string"}, "secret": {"type": "string", "writeOnly": True}},
    }
    assert generator_input(_document(Hook=hook))["components"]["schemas"]["Hook"]["required"] == [
        "id"
    ]


def test_a_union_the_models_cannot_carry_fails_generation_by_name(tmp_path: Path) -> None:
    """Two objects and a string in one untagged oneOf: ``make generate`` names the models."""
    source = payments_yaml()
    untagged_union(source)
    field_of(source, "Refund", "destination")["oneOf"].append({"type": "string"})
    with pytest.raises(AssertionError) as caught:
        generate_into(tmp_path, source)
    assert "surface.py: the model Refund: " in str(caught.value)
    assert "the bundle uses a shape the models cannot carry" in str(caught.value)


def test_a_title_is_documentation_and_names_no_class() -> None:
    """Every schema's ``title`` is left out of the generator's input, and nothing else is.

    openapi-python-client names a class after a title before the component's key, so a title
    added for readers of the bundle (a doc-only edit) would rename a public model. A property
    named ``title`` and a ``title`` inside an example are data, and stay.
    """
    record = {
        "type": "object",
        "title": "Refund record",
        "properties": {
            "title": {"type": "string", "title": "The refund's title"},
            "payer": {"type": "object", "title": "Payer", "properties": {}},
        },
        "example": {"title": "kept"},
    }
    source = _document(Refund=record)
    query = {"name": "q", "in": "query", "schema": {"title": "Q"}}
    source["paths"] = {"/refunds": {"get": {"parameters": [query]}}}
    document = generator_input(source)
    refund = document["components"]["schemas"]["Refund"]
    assert "title" not in refund
    assert refund["properties"]["title"] == {"type": "string"}
    assert refund["properties"]["payer"] == {"type": "object", "properties": {}}
    assert refund["example"] == {"title": "kept"}
    assert document["paths"]["/refunds"]["get"]["parameters"][0]["schema"] == {}
    assert source["components"]["schemas"]["Refund"]["title"] == "Refund record"


def test_a_titled_component_keeps_its_class_name(tmp_path: Path) -> None:
    """A title that differs from the component's key leaves the generated class as it was."""
    source = payments_yaml()
    source["components"]["schemas"]["Refund"]["title"] = "Refund record"
    models = generate_into(tmp_path, source) / "payments_sdk_generated" / "models" / "__init__.py"
    names = models.read_text(encoding="utf-8")
    assert '"Refund",' in names
    assert "RefundRecord" not in names
