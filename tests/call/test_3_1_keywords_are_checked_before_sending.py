"""Arguments are checked against the OpenAPI 3.1 keywords of their schema before any request.

- ``readOnly``: a field the service sets is neither demanded nor accepted in a request;
- ``format: date``: a ``datetime.date`` or an ISO 8601 date string, sent as ``YYYY-MM-DD``;
  a datetime, another text or another type is refused naming the field;
- ``allOf``: the fields and required fields of every part;
- ``discriminator``: its value picks the ``oneOf`` shape, and an unknown value is refused;
- ``deprecated``: a ``DeprecationWarning`` at the caller's own line;
- ``multipleOf`` and ``uniqueItems`` on the value as sent (Money in minor units, enum members as
  their values). Each assertion is held to the engine's verdict in
  ``tests/contract/test_schema_keywords_get_one_verdict.py``;
- a schema with no ``type``, a free-form map and a union take only what JSON carries exactly.
"""

from __future__ import annotations

import datetime
import decimal
import inspect
import io
import warnings
from typing import Any

import pytest

from payments_sdk import InvalidParameterError
from payments_sdk._checks import check
from payments_sdk._deprecation import warn_deprecated

_HOOK = {
    "type": "object",
    "required": ["id", "url", "secret"],
    "properties": {
        "id": {"type": "string", "readOnly": True},
        "url": {"type": "string"},
        "secret": {"type": "string", "writeOnly": True},
    },
    "additionalProperties": False,
}


def _refused(value: Any, schema: dict[str, Any], where: str = "x") -> InvalidParameterError:
    with pytest.raises(InvalidParameterError) as caught:
        check(value, schema, where)
    return caught.value


def test_a_read_only_field_is_not_demanded_and_not_sent() -> None:
    """``id`` is required and readOnly: a request goes without it, and may not carry it."""
    assert check({"url": "u", "secret": "s"}, _HOOK, "") == {"url": "u", "secret": "s"}
    error = _refused({"id": "whk_1", "url": "u", "secret": "s"}, _HOOK, "")
    assert (error.field, error.problem) == (
        "id",
        "is read-only: the service sets it, so it is never sent",
    )
    assert _refused({"url": "u"}, _HOOK, "").field == "secret"  # writeOnly: still required


@pytest.mark.parametrize(
    ("value", "sent"),
    [
        (datetime.date(2026, 11, 30), datetime.date(2026, 11, 30)),
        ("2026-11-30", datetime.date(2026, 11, 30)),
        ("0001-01-01", datetime.date(1, 1, 1)),
    ],
)
def test_a_date_is_a_date_or_its_iso_text(value: object, sent: datetime.date) -> None:
    """Both forms become a ``date``, which is sent as YYYY-MM-DD."""
    assert check(value, {"type": "string", "format": "date"}, "value_date") == sent


@pytest.mark.parametrize(
    ("value", "words"),
    [
        (datetime.datetime(2026, 11, 30, tzinfo=datetime.UTC), "must be a date, not a datetime"),
        ("2026-13-01", "is not an ISO 8601 date (YYYY-MM-DD)"),
        ("2026-11-30T00:00:00Z", "is not an ISO 8601 date (YYYY-MM-DD)"),
        ("20261130", "is not an ISO 8601 date (YYYY-MM-DD)"),
        (20261130, "must be a date or an ISO 8601 date string"),
        (None, "must be a date or an ISO 8601 date string"),
    ],
)
def test_anything_else_is_refused_naming_the_field(value: object, words: str) -> None:
    """A datetime (which is a date too), an invalid day or another type never reaches the wire."""
    error = _refused(value, {"type": "string", "format": "date"}, "value_date")
    assert error.field == "value_date" and error.problem.startswith(words), error


def test_an_all_of_composition_takes_the_fields_of_every_part() -> None:
    """A base's required field is required, an own field is checked, an unknown one refused."""
    schema = {
        "allOf": [
            {
                "type": "object",
                "required": ["payment_id"],
                "properties": {"payment_id": {"type": "string"}},
            },
            {
                "type": "object",
                "required": ["reason"],
                "properties": {"reason": {"type": "string", "minLength": 1}},
            },
        ],
        "additionalProperties": False,
    }
    assert check({"payment_id": "p", "reason": "r"}, schema, "") == {
        "payment_id": "p",
        "reason": "r",
    }
    assert _refused({"reason": "r"}, schema, "").field == "payment_id"
    assert _refused({"payment_id": "p", "reason": ""}, schema, "").field == "reason"
    assert _refused({"payment_id": "p", "reason": "r", "other": 1}, schema, "").field == "other"


_METHOD = {
    "oneOf": [
        {
            "type": "object",
            "x-model": "Card",
            "required": ["type", "last4"],
            "properties": {"type": {"const": "card"}, "last4": {"type": "string"}},
        },
        {
            "type": "object",
            "x-model": "Bank",
            "required": ["type"],
            "properties": {"type": {"const": "bank_transfer"}, "last4": {"type": "string"}},
        },
    ],
    "discriminator": {"propertyName": "type", "mapping": {"card": "#/components/schemas/Card"}},
}


def test_the_discriminator_picks_the_shape() -> None:
    """Both shapes take ``last4``: the ``type`` decides which one the value is checked as."""
    assert check({"type": "card", "last4": "1"}, _METHOD, "m") == {"type": "card", "last4": "1"}
    assert check({"type": "bank_transfer"}, _METHOD, "m") == {"type": "bank_transfer"}
    assert _refused({"type": "card"}, _METHOD, "m").field == "m.last4"
    error = _refused({"type": "cash"}, _METHOD, "m")
    assert (error.field, error.problem) == (
        "m.type",
        "must be one of card, bank_transfer, got 'cash'",
    )


def test_a_deprecation_warning_points_at_the_callers_line() -> None:
    """Called from the SDK's own modules, the warning names the first frame outside them."""
    namespace: dict[str, Any] = {
        "__name__": "payments_sdk.resources.example",
        "warn": warn_deprecated,
    }
    exec("def method():\n    warn('client.example.method()')\n", namespace)
    frame = inspect.currentframe()
    assert frame is not None
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        line = frame.f_lineno + 1
        namespace["method"]()
    (warning,) = caught
    assert warning.category is DeprecationWarning
    assert str(warning.message) == (
        "client.example.method() is deprecated in the API description (deprecated: true)"
    )
    assert (warning.filename, warning.lineno) == (__file__, line)


_WHOLE_UNITS = {
    "type": "object",
    "properties": {
        "amount": {"type": "integer", "multipleOf": 100, "x-currency-field": "currency"},
        "currency": {"type": "string"},
        "tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": True},
    },
}


def test_money_is_checked_in_the_minor_units_it_is_sent_as() -> None:
    """``multipleOf: 100`` on an amount: 15.00 USD (1500) passes, 1.50 USD (150) does not."""
    from payments_sdk import Money

    sent = check({"amount": Money.of("15.00", "USD")}, _WHOLE_UNITS, "")
    assert sent == {"amount": 1500, "currency": "USD"}
    error = _refused({"amount": Money.of("1.50", "USD")}, _WHOLE_UNITS, "")
    assert (error.field, error.problem) == ("amount", "must be a multiple of 100, got 150")


def test_unique_items_compare_what_is_sent() -> None:
    """An enum member and its value are the same item once sent."""
    import enum

    class Tag(enum.Enum):
        LATE = "late"

    error = _refused({"tags": [Tag.LATE, "late"]}, _WHOLE_UNITS, "")
    assert (error.field, error.problem) == ("tags", "must not hold the same item twice")


def test_an_enum_of_integers_is_checked_before_sending() -> None:
    """``{type: integer, enum: [1, 3, 7]}``: a member or its value is sent, another refused."""
    import enum

    schema = {"type": "integer", "enum": [1, 3, 7]}
    assert check(3, schema, "reminder_days") == 3

    class Days(enum.IntEnum):
        THREE = 3

    assert check(Days.THREE, schema, "reminder_days") == 3
    error = _refused(2, schema, "reminder_days")
    assert (error.field, error.problem) == ("reminder_days", "must be one of 1, 3, 7, got 2")


@pytest.mark.parametrize(
    ("schema", "value", "where"),
    [
        ({}, io.StringIO(), "x"),
        ({"description": "The bank's raw answer."}, {1, 2}, "x"),
        ({"type": "object"}, {"key": io.BytesIO()}, "x.key"),
        ({"type": "object"}, {"key": [0.5]}, "x.key[0]"),
        ({"type": ["string", "null"]}, io.StringIO(), "x"),
        ({"anyOf": [{"type": "string"}, {"type": "null"}]}, io.StringIO(), "x"),
        ({"oneOf": [{"type": "string"}, {"type": "integer"}]}, io.StringIO(), "x"),
    ],
)
def test_a_value_that_is_not_json_is_refused_naming_where_it_is(
    schema: dict[str, Any], value: Any, where: str
) -> None:
    """A schema with no type, a free-form map or a union still takes only JSON (no float).

    Such a value once reached the encoder, and its TypeError escaped the call.
    """
    assert _refused(value, schema).field == where


def test_a_free_form_map_takes_any_key_and_any_json_value() -> None:
    """An object that names no field has none to misspell: every key is the caller's."""
    value = {"order": "o_1", "tags": ["a", 1, None, True], "rate": decimal.Decimal("0.5")}
    assert check(value, {"type": "object"}, "metadata") == value


def test_none_sends_null_only_for_a_field_that_takes_null() -> None:
    """``None`` is "not sent", except where the schema takes null; ``NOT_GIVEN`` is never sent.

    A generated method's optional field that takes null defaults to ``NOT_GIVEN``, so that
    ``None`` can clear it (``type: ["string", "null"]``, or a union with a null shape).
    """
    from payments_sdk._options import NOT_GIVEN
    from payments_sdk.resources._resource import Resource

    schema = {
        "type": "object",
        "properties": {
            "note": {"type": ["string", "null"]},
            "ref": {"anyOf": [{"type": "string"}, {"type": "null"}]},
            "memo": {"type": "string"},
            "label": {"type": ["string", "null"]},
        },
    }
    given = {"note": None, "ref": None, "memo": None, "label": NOT_GIVEN}
    assert Resource._body(schema, given) == {"note": None, "ref": None}
    nested = {"type": "object", "properties": {"inner": schema}}
    assert check({"inner": {"note": None, "memo": None}}, nested, "") == {"inner": {"note": None}}
