"""A ``oneOf`` of objects in an answer decodes: by its tag when discriminated, else by its one fit.

msgspec decodes a union of structs only when every struct is tagged. The generator tags the
members of a discriminated ``oneOf`` (``generator_input.py``) and types an untagged one as
``one_of(...)`` (``types.py``): the body is kept as the one shape it matches, as ``oneOf``
says, and a body that matches none or several is an ``UnexpectedBody`` naming its path. These
models are written as the templates write them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, TypeAlias

import msgspec
import pytest

from payments_sdk_generated.errors import UnexpectedBody
from payments_sdk_generated.types import Model, decode_response, one_of


class Card(Model, tag_field="type", tag="card"):
    """A tagged member, as model.py.jinja writes it."""

    @property
    def type(self) -> Literal["card"]:
        return "card"

    last4: str
    brand: str | None = None


class Bank(Model, tag_field="type", tag="bank_transfer"):
    @property
    def type(self) -> Literal["bank_transfer"]:
        return "bank_transfer"

    bank_name: str


class Paid(Model):
    id: str
    method: Card | Bank | None = None


class ToCard(Model):
    card_last4: str


class ToBank(Model):
    iban: str


if TYPE_CHECKING:
    _Destination: TypeAlias = ToCard | ToBank
else:
    _Destination = one_of(ToCard, ToBank)


class Refunded(Model):
    id: str
    destination: _Destination | None = None
    history: list[_Destination] | None = None


class _Answer:
    status_code = 200

    def __init__(self, content: bytes) -> None:
        self.content = content
        self.headers: dict[str, str] = {}


def _decode(body: object, model: type) -> object:
    return decode_response(_Answer(msgspec.json.encode(body)), model)


def test_a_discriminated_member_is_chosen_by_its_tag() -> None:
    """``type: card`` is a Card, ``type: bank_transfer`` a Bank; the tag reads back."""
    card = _decode({"id": "p", "method": {"type": "card", "last4": "4242"}}, Paid)
    bank = _decode({"id": "p", "method": {"type": "bank_transfer", "bank_name": "B"}}, Paid)
    assert isinstance(card, Paid) and isinstance(card.method, Card)
    assert card.method.type == "card" and card.method.last4 == "4242"
    assert isinstance(bank, Paid) and isinstance(bank.method, Bank)
    assert _decode({"id": "p"}, Paid) == Paid(id="p")


def test_a_tagged_member_keeps_its_undeclared_fields_and_writes_its_tag() -> None:
    """The lenient path strips by the tag's member; to_dict() and encoding carry the tag."""
    paid = _decode({"id": "p", "method": {"type": "card", "last4": "1", "wallet": "w"}}, Paid)
    assert isinstance(paid, Paid) and isinstance(paid.method, Card)
    assert paid.method["wallet"] == "w"
    assert paid.to_dict()["method"] == {"wallet": "w", "type": "card", "last4": "1"}
    assert msgspec.json.decode(msgspec.json.encode(Card(last4="9"))) == {
        "type": "card",
        "last4": "9",
    }
    assert Paid.from_dict({"id": "p", "method": {"type": "card", "last4": "2"}}).method == Card(
        last4="2"
    )


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ({"type": "cash"}, "$.method.type"),
        ({"type": "card"}, "$.method.last4"),
        ({"last4": "4242"}, "$.method"),
    ],
)
def test_a_tag_that_names_no_member_is_an_unexpected_body(method: object, path: str) -> None:
    """An unknown or missing tag, or a member missing its fields, names the JSON path."""
    with pytest.raises(UnexpectedBody) as caught:
        _decode({"id": "p", "method": method}, Paid)
    assert str(caught.value).startswith(path), caught.value


def test_an_untagged_union_keeps_the_one_shape_that_fits() -> None:
    """Each shape decodes as itself, in a field and in a list; undeclared fields are kept."""
    card = _decode({"id": "r", "destination": {"card_last4": "4242"}}, Refunded)
    bank = _decode({"id": "r", "destination": {"iban": "GB33"}}, Refunded)
    assert isinstance(card, Refunded) and card.destination == ToCard(card_last4="4242")
    assert isinstance(bank, Refunded) and bank.destination == ToBank(iban="GB33")
    both = _decode(
        {"id": "r", "history": [{"iban": "X"}, {"card_last4": "1", "note": "n"}]}, Refunded
    )
    assert isinstance(both, Refunded) and both.history is not None
    assert both.history[0] == ToBank(iban="X")
    assert isinstance(both.history[1], ToCard) and both.history[1]["note"] == "n"
    assert Refunded.from_dict({"id": "r", "destination": {"iban": "Y"}}).destination == ToBank(
        iban="Y"
    )


@pytest.mark.parametrize(
    ("destination", "words"),
    [
        ({"card_last4": 4242}, "$.destination: matches none of ToCard, ToBank"),
        (
            {"card_last4": "1", "iban": "2"},
            "$.destination: matches more than one of ToCard, ToBank",
        ),
        ("GB33", "$.destination: expected an object (one of ToCard, ToBank)"),
        ({}, "$.destination: matches none of ToCard, ToBank"),
    ],
)
def test_an_untagged_union_that_fits_no_shape_or_several_is_an_unexpected_body(
    destination: object, words: str
) -> None:
    """``oneOf`` means exactly one: none or several is an error naming the path."""
    with pytest.raises(UnexpectedBody) as caught:
        _decode({"id": "r", "destination": destination}, Refunded)
    assert str(caught.value) == words
