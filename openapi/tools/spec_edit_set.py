"""The realistic edits of the bundle that prove the pipeline carries a changing service.

One list, :data:`EDITS`, shared by ``make spec-edits`` (``spec_edits.py``: each edit alone, and
all compatible ones together, in a scratch clone that runs the whole ``make test``) and by the
cheap guard in ``make test`` (``tests/spec/test_compatible_spec_edits_are_carried.py``: every
compatible edit applied together to a scratch copy, regenerated, and each driven through the SDK
and the sandbox). Each edit is:

- ``apply``: a function over the loaded ``openapi/payments.yaml`` (the provider's bundle, "their
  file") that makes the change. Every ``apply`` is idempotent (applying it twice is applying it
  once), so an edit can be applied on top of a bundle that already carries it (the guard runs
  inside a replayed clone too). Our overlay (``openapi/overlay.yaml``) applies on top of the
  edited bundle, as ``make generate`` applies it;
- ``overlay``: for an edit that takes away what an action of our overlay targets (``make
  generate`` then fails, naming the action), the change a maintainer makes to the overlay with
  it (:func:`drop_overlay_actions`); none for most edits;
- ``kind``: ``compatible`` (must pass the whole ``make test`` after ``make generate``, with only
  ``openapi/`` changed, plus ``facts`` where the service description itself changes),
  ``breaking`` (``make api-diff`` must print each line of ``flags`` and the semver rule),
  ``doc-only`` (flagged by nothing: api-diff reports no change, ``make generate`` changes
  docstrings only, ``make test`` passes), or ``unsupported`` (``make generate`` must fail, naming
  the feature and the place, with ``flags`` in its output);
- ``feature``: the row of docs/development.md's table of OpenAPI 3.1 features it exercises;
- ``facts``: text replacements ``(old, new)`` in ``tests/support/description_facts.py`` for an
  edit that changes what the service description says (a new operation, a new bound); a
  ``new`` that starts with its ``old`` inserts lines after that anchor;
- ``drive``: for a compatible edit, a coroutine the guard runs against the SDK generated from
  the edited bundle and a sandbox built from it (see :class:`Drive`);
- ``pending``: why the edit is expected to fail until the feature it needs lands (empty when
  it is expected to pass);
- ``released``: edits the last release already carried, applied to the baseline api-diff
  compares with (``openapi/baseline/payments.json``), for a change of something the bundle does
  not have yet (a parameter's style).

Nothing here imports the SDK at import time: the drives import it when they run, in the
interpreter that has the edited SDK on its path.
"""

from __future__ import annotations

import copy
import datetime
import json
import re
import warnings
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any, Literal

from bundle_edits import (
    add_parameter,
    add_path,
    add_schema,
    field_of,
    operation,
    parameter_of,
    properties_of,
    remove_field,
    required_of,
    resolve,
    schemas,
)
from overlay import OVERLAY, apply_overlay, load_document

__all__ = [
    "EDITS",
    "Drive",
    "Edit",
    "Spec",
    "apply_edits",
    "by_name",
    "drop_overlay_actions",
    "edited_bundle",
    "facts_after",
    "overlay_after",
    "released_baseline",
]

Spec = dict[str, Any]
Kind = Literal["compatible", "breaking", "doc-only", "unsupported"]


class Drive:
    """What a drive gets: an SDK client on the edited sandbox, the requests it sent, helpers.

    ``client`` is an ``AsyncPaymentsClient`` whose calls reach a sandbox built from the edited
    bundle (in process, over ``httpx.ASGITransport``); ``sent`` holds every request it sent, in
    order; ``document`` is the edited bundle, folded. ``answering(status, body, content_type)``
    returns a client whose every call gets that answer (for what the sandbox cannot be asked to
    produce, such as an error status); ``control(path, body, method)`` calls a sandbox control.
    """

    client: Any
    sent: list[Any]
    document: Spec

    def customer_jwt(self) -> str:  # pragma: no cover - implemented by the guard
        """Return a token the sandbox takes as a customer's JWT."""
        raise NotImplementedError

    def virtual_account(self) -> dict[str, Any]:  # pragma: no cover - the guard's
        """Return the arguments of a virtual account the sandbox creates."""
        raise NotImplementedError

    async def answering(
        self, status: int, body: bytes, content_type: str = "application/json"
    ) -> Any:  # pragma: no cover - implemented by the guard
        """Return a client whose every call is answered ``status`` with ``body``."""
        raise NotImplementedError

    async def control(
        self, path: str, body: Any, method: str = "POST"
    ) -> Any:  # pragma: no cover - the guard's
        """Send ``body`` to the sandbox control ``path`` (``/_sandbox/...``); return its JSON."""
        raise NotImplementedError


DriveFunction = Callable[[Drive], Awaitable[None]]


@dataclass(frozen=True)
class Edit:
    """One edit of the bundle, what it is, and how to see that it is carried or flagged."""

    name: str
    kind: Kind
    feature: str
    apply: Callable[[Spec], None]
    flags: tuple[str, ...] = ()
    facts: tuple[tuple[str, str], ...] = ()
    drive: DriveFunction | None = None
    pending: str = ""
    released: tuple[str, ...] = ()
    """Edits the last release already had (applied to ``openapi/baseline/payments.json`` too)."""
    overlay: Callable[[Spec], None] | None = None
    """Our overlay's change that goes with the edit (its loaded ``openapi/overlay.yaml``)."""

    @property
    def summary(self) -> str:
        """The first line of ``apply``'s docstring: what the edit changes."""
        return (self.apply.__doc__ or self.name).strip().splitlines()[0]


def drop_overlay_actions(*targets: str) -> Callable[[Spec], None]:
    """Return the overlay change that removes the actions whose target is one of ``targets``."""

    def drop(overlay: Spec) -> None:
        overlay["actions"] = [a for a in overlay["actions"] if a.get("target") not in targets]

    drop.__doc__ = "Drop the overlay's actions on " + ", ".join(targets) + "."
    return drop


# -- helpers over the loaded YAML ------------------------------------------------------------------


_schemas = schemas
_operation = operation


def _errors(*statuses: str) -> dict[str, Any]:
    names = {"400": "BadRequest", "401": "Unauthorized", "404": "NotFound"}
    return {status: {"$ref": f"#/components/responses/{names[status]}"} for status in statuses}


def _json(schema: str, description: str) -> dict[str, Any]:
    return {
        "description": description,
        "content": {"application/json": {"schema": {"$ref": f"#/components/schemas/{schema}"}}},
    }


def _add_enum_value(schema: dict[str, Any], value: str) -> None:
    if value not in schema["enum"]:
        schema["enum"].append(value)


def _added(table: str, *routes: tuple[str, str]) -> tuple[str, str]:
    """Return a ``facts`` insertion that adds ``routes`` to the description's set ``table``."""
    anchor = f"{table} = {{\n"
    return anchor, anchor + "".join(f'    ("{verb}", "{path}"),\n' for verb, path in routes)


async def _paid(drive: Drive, *, skip: int = 0) -> str:
    """Return the id of a payment in ``success`` the sandbox seeded."""
    page = await drive.client.payments.list(per_page=100)
    paid = [p.id for p in page.data if p.status == "success"]
    return str(paid[skip])


def _field(record: Any, name: str) -> Any:
    """Return a record's field, declared (an attribute) or not (its ``additional_properties``)."""
    value = getattr(record, name, None)
    if value is None and hasattr(record, "additional_properties"):
        value = record.additional_properties.get(name)
    return value


def _one_page(count: int) -> dict[str, Any]:
    """Return the ``page_meta`` of a list answer that fits on one page."""
    return {
        "current": 1,
        "previous": None,
        "next": None,
        "per_page": 20,
        "pages": 1,
        "count": count,
    }


def _check(condition: bool, what: Any) -> None:
    if not condition:
        raise AssertionError(what)


async def _refused(call: Callable[[], Awaitable[Any]], field_name: str) -> None:
    """``call()`` must fail before sending, as InvalidParameterError naming ``field_name``."""
    from payments_sdk import InvalidParameterError

    try:
        await call()
    except InvalidParameterError as exc:
        _check(field_name in str(exc), exc)
    else:
        raise AssertionError(f"{field_name}: a value the bundle refuses was sent")


# -- compatible: the simple edits -----------------------------------------------------------------


def header_parameter(spec: Spec) -> None:
    """POST /refunds takes an optional `Idempotency-Key` header."""
    add_parameter(
        spec,
        "/refunds",
        "post",
        {
            "name": "Idempotency-Key",
            "in": "header",
            "required": False,
            "description": "Makes a retried create safe.",
            "schema": {"type": "string", "minLength": 1, "maxLength": 64},
        },
    )


async def drive_header_parameter(drive: Drive) -> None:
    await drive.client.refunds.create(payment_id=await _paid(drive, skip=2), idempotency_key="k-1")
    _check(drive.sent[-1].headers["Idempotency-Key"] == "k-1", drive.sent[-1].headers)
    await _refused(
        lambda: drive.client.refunds.create(payment_id="payt_x", idempotency_key=""), "idem"
    )


def raised_bound(spec: Spec) -> None:
    """Raise the common `per_page` bound to 200 (was 100)."""
    spec["components"]["parameters"]["PerPage"]["schema"]["maximum"] = 200


async def drive_raised_bound(drive: Drive) -> None:
    page = await drive.client.payments.list(per_page=150)
    _check(drive.sent[-1].url.params["per_page"] == "150", drive.sent[-1].url)
    _check(len(page.data) >= 1, page)
    await _refused(lambda: drive.client.payments.list(per_page=201), "per_page")


def new_filter(spec: Spec) -> None:
    """GET /refunds takes an optional `status` filter."""
    add_parameter(
        spec,
        "/refunds",
        "get",
        {
            "name": "status",
            "in": "query",
            "required": False,
            "description": "Only refunds in this status.",
            "schema": {"$ref": "#/components/schemas/RefundStatus"},
        },
    )


async def drive_new_filter(drive: Drive) -> None:
    refund = await drive.client.refunds.create(payment_id=await _paid(drive, skip=0))
    await drive.client.refunds.mock_update_status(refund.id)
    await drive.client.refunds.create(payment_id=await _paid(drive, skip=1))
    done = await drive.client.refunds.list(status="success")
    _check([r.id for r in done.data] == [refund.id], done.data)
    _check(drive.sent[-1].url.params["status"] == "success", drive.sent[-1].url)
    await _refused(lambda: drive.client.refunds.list(status="lost"), "status")


def _widget_schemas(spec: Spec) -> None:
    add_schema(
        spec,
        "Widget",
        {
            "type": "object",
            "description": "A card reader lent to a merchant.",
            "required": ["id", "colour"],
            "properties": {
                "id": {"type": "string", "pattern": "^wdg_[A-Za-z0-9_-]+$"},
                "colour": {"type": "string", "minLength": 1, "examples": ["blue"]},
                "created_at": {"$ref": "#/components/schemas/Timestamp"},
            },
            "additionalProperties": True,
        },
    )
    add_schema(
        spec,
        "WidgetCreateRequest",
        {
            "type": "object",
            "description": "The reader to lend.",
            "required": ["colour"],
            "properties": {"colour": {"type": "string", "minLength": 1}},
            "additionalProperties": False,
        },
    )
    add_schema(
        spec,
        "WidgetList",
        {
            "type": "object",
            "description": "A page of readers.",
            "required": ["data", "page_meta"],
            "properties": {
                "data": {"type": "array", "items": {"$ref": "#/components/schemas/Widget"}},
                "page_meta": {"$ref": "#/components/schemas/PageMeta"},
            },
        },
    )


def new_resource(spec: Spec) -> None:
    """Add a resource, /widgets: create, list and retrieve."""
    _widget_schemas(spec)
    pages = [
        {"$ref": f"#/components/parameters/{n}"} for n in ("Before", "After", "PerPage", "Page")
    ]
    add_path(
        spec,
        "/widgets",
        {
            "post": {
                "operationId": "createWidget",
                "tags": ["Payin"],
                "summary": "Lend a reader",
                "description": "Creates a reader record.",
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {"$ref": "#/components/schemas/WidgetCreateRequest"}
                        }
                    },
                },
                "responses": {"201": _json("Widget", "The reader."), **_errors("400", "401")},
            },
            "get": {
                "operationId": "listWidgets",
                "tags": ["Payin"],
                "summary": "List readers",
                "description": "Lists readers, newest first.",
                "parameters": pages,
                "responses": {
                    "200": _json("WidgetList", "A page of readers."),
                    "400": {"$ref": "#/components/responses/InvalidListParameter"},
                    **_errors("401"),
                },
            },
        },
    )
    add_path(
        spec,
        "/widgets/{id}",
        {
            "get": {
                "operationId": "getWidget",
                "tags": ["Payin"],
                "summary": "Retrieve a reader",
                "description": "Returns one reader by its id.",
                "parameters": [{"$ref": "#/components/parameters/ResourceId"}],
                "responses": {
                    "200": _json("Widget", "The reader."),
                    **_errors("400", "401", "404"),
                },
            }
        },
    )


async def drive_new_resource(drive: Drive) -> None:
    from payments_sdk import NotFoundError

    made = await drive.client.widgets.create(colour="blue")
    _check(made.id.startswith("wdg_") and made.colour == "blue", made)
    again = await drive.client.widgets.retrieve(made.id)
    _check(again.id == made.id, again)
    page = await drive.client.widgets.list()
    _check([w.id for w in page.data] == [made.id], page)
    try:
        await drive.client.widgets.retrieve("wdg_none")
    except NotFoundError:
        pass
    else:
        raise AssertionError("a reader that does not exist was found")
    await _refused(lambda: drive.client.widgets.create(colour=""), "colour")
    raw = await drive.client.with_raw_response.widgets.list()
    _check(raw.status_code == 200, raw)


def operation_id_rename(spec: Spec) -> None:
    """POST /refunds's operationId becomes `refundPayment` (the SDK method stays)."""
    _operation(spec, "/refunds", "post")["operationId"] = "refundPayment"


async def drive_operation_id_rename(drive: Drive) -> None:
    refund = await drive.client.refunds.create(payment_id=await _paid(drive, skip=3))
    _check(refund.payment_id, refund)


def new_default(spec: Spec) -> None:
    """Make the common `per_page` default 50 (was 20)."""
    spec["components"]["parameters"]["PerPage"]["schema"]["default"] = 50


async def drive_new_default(drive: Drive) -> None:
    import inspect

    signature = inspect.signature(drive.client.refunds.list)
    _check(signature.parameters["per_page"].default == 50, signature)
    await drive.client.refunds.list()
    _check(drive.sent[-1].url.params["per_page"] == "50", drive.sent[-1].url)


def new_request_field(spec: Spec) -> None:
    """POST /refunds takes an optional `reason`, which the refund record carries."""
    properties_of(spec, "RefundCreateRequest")["reason"] = {
        "type": "string",
        "minLength": 1,
        "maxLength": 200,
        "description": "Why the payment is refunded.",
    }
    properties_of(spec, "Refund")["reason"] = {
        "type": "string",
        "description": "Why the payment was refunded, as given.",
    }


async def drive_new_request_field(drive: Drive) -> None:
    refund = await drive.client.refunds.create(
        payment_id=await _paid(drive, skip=4), reason="duplicate"
    )
    _check(json.loads(drive.sent[-1].content)["reason"] == "duplicate", drive.sent[-1].content)
    _check(_field(refund, "reason") == "duplicate", refund)
    await _refused(lambda: drive.client.refunds.create(payment_id="payt_x", reason=""), "reason")


def new_response_field(spec: Spec) -> None:
    """Give a payment an optional response field, `statement_descriptor`."""
    properties_of(spec, "Payment")["statement_descriptor"] = {
        "type": "string",
        "maxLength": 22,
        "description": "The text on the customer's statement.",
        "examples": ["ACME*ORDER 123"],
    }


async def drive_new_response_field(drive: Drive) -> None:
    paid = await _paid(drive)
    # The sandbox sets any value the bundle allows: the new field reaches the SDK's model.
    fields = {"statement_descriptor": "ACME*ORDER 9"}
    await drive.control(f"/_sandbox/records/payments/{paid}", fields, "PATCH")
    page = await drive.client.payments.list(per_page=100)
    payment = next(p for p in page.data if p.id == paid)
    _check(payment.statement_descriptor == "ACME*ORDER 9", payment)


def new_enum_value(spec: Spec) -> None:
    """Add the value `failed` to RefundStatus (a response enum)."""
    _add_enum_value(_schemas(spec)["RefundStatus"], "failed")


async def drive_new_enum_value(drive: Drive) -> None:
    refund = await drive.client.refunds.create(payment_id=await _paid(drive, skip=7))
    # The sandbox sets any value the bundle allows: the new one reaches the SDK as it is.
    await drive.control(f"/_sandbox/records/refunds/{refund.id}", {"status": "failed"}, "PATCH")
    again = await drive.client.refunds.retrieve(refund.id)
    _check(str(getattr(again.status, "value", again.status)) == "failed", again)


def new_request_enum_value(spec: Spec) -> None:
    """Balances convert to and from AED too (a new value of ConversionCurrency)."""
    _add_enum_value(_schemas(spec)["ConversionCurrency"], "AED")


async def drive_new_request_enum_value(drive: Drive) -> None:
    from payments_sdk import APIStatusError

    try:
        rate = await drive.client.fx_rates.retrieve(source_currency="AED", target_currency="USD")
    except APIStatusError as exc:  # the sandbox may not know the rate: a 4xx, never a 5xx
        _check(exc.status_code < 500, exc)
    else:
        _check(rate is not None, rate)
    _check(drive.sent[-1].url.params["source_currency"] == "AED", drive.sent[-1].url)


def nested_object(spec: Spec) -> None:
    """Give a payment an optional `payer` object (a new nested schema, PayerDetails)."""
    add_schema(
        spec,
        "PayerDetails",
        {
            "type": "object",
            "description": "Who paid, as the paying bank reported it.",
            "properties": {
                "name": {"type": "string"},
                "country": {"$ref": "#/components/schemas/CountryCode"},
                "bank": {
                    "type": "object",
                    "properties": {"bic": {"type": "string"}, "name": {"type": "string"}},
                },
            },
            "additionalProperties": True,
        },
    )
    properties_of(spec, "Payment")["payer"] = {"$ref": "#/components/schemas/PayerDetails"}


async def drive_nested_object(drive: Drive) -> None:
    from payments_sdk import types

    _check(hasattr(types, "PayerDetails"), "PayerDetails is not in payments_sdk.types")
    body = {
        "data": [
            {
                "id": "payt_1",
                "status": "success",
                "currency": "USD",
                "amount": 100,
                "created_at": "2026-01-01T00:00:00Z",
                "payer": {"name": "Ada", "country": "GB", "bank": {"bic": "BARCGB22"}},
            }
        ],
        "page_meta": _one_page(1),
    }
    client = await drive.answering(200, json.dumps(body).encode())
    page = await client.payments.list()
    _check(page.data[0].payer.name == "Ada", page.data[0])


def new_error_body(spec: Spec) -> None:
    """POST /refunds may answer 409 with a new ConflictBody."""
    add_schema(
        spec,
        "ConflictBody",
        {
            "type": "object",
            "description": "The 409 body: the request conflicts with the resource's state.",
            "required": ["error", "message"],
            "properties": {
                "error": {"type": "string", "const": "Conflict"},
                "message": {"type": "string"},
                "conflicting_id": {"type": "string"},
            },
        },
    )
    _operation(spec, "/refunds", "post")["responses"]["409"] = {
        "description": "Another refund of this payment is being created.",
        "content": {"application/json": {"schema": {"$ref": "#/components/schemas/ConflictBody"}}},
    }


async def drive_new_error_body(drive: Drive) -> None:
    from payments_sdk import APIStatusError, types

    _check(hasattr(types, "ConflictBody"), "ConflictBody is not in payments_sdk.types")
    body = {"error": "Conflict", "message": "being created", "conflicting_id": "rf_1"}
    client = await drive.answering(409, json.dumps(body).encode())
    try:
        await client.refunds.create(payment_id="payt_1")
    except APIStatusError as exc:
        _check(exc.status_code == 409 and "being created" in str(exc), exc)
    else:
        raise AssertionError("a 409 was not raised")


def new_operation(spec: Spec) -> None:
    """Add an operation to an existing resource: GET /payments/{id}."""
    add_path(
        spec,
        "/payments/{id}",
        {
            "get": {
                "operationId": "getPayment",
                "summary": "Retrieve a payment",
                "description": "Returns one payment by its id.",
                "tags": ["Payin"],
                "parameters": [{"$ref": "#/components/parameters/ResourceId"}],
                "responses": {
                    "200": _json("Payment", "The payment."),
                    **_errors("400", "401", "404"),
                },
            }
        },
    )


async def drive_new_operation(drive: Drive) -> None:
    paid = await _paid(drive)
    payment = await drive.client.payments.retrieve(paid)
    _check(payment.id == paid, payment)


def nested_list(spec: Spec) -> None:
    """Add a paged list under one record, by a path parameter not named id: a payment's events."""
    add_schema(
        spec,
        "PaymentEvent",
        {
            "type": "object",
            "description": "Something that happened to a payment.",
            "required": ["id", "type"],
            "properties": {
                "id": {"type": "string", "pattern": "^pev_[A-Za-z0-9_-]+$"},
                "type": {"type": "string", "enum": ["created", "settled", "failed"]},
                "created_at": {"$ref": "#/components/schemas/Timestamp"},
            },
        },
    )
    add_schema(
        spec,
        "PaymentEventList",
        {
            "type": "object",
            "description": "A page of a payment's events.",
            "required": ["data", "page_meta"],
            "properties": {
                "data": {"type": "array", "items": {"$ref": "#/components/schemas/PaymentEvent"}},
                "page_meta": {"$ref": "#/components/schemas/PageMeta"},
            },
        },
    )
    pages = [
        {"$ref": f"#/components/parameters/{n}"} for n in ("Before", "After", "PerPage", "Page")
    ]
    add_path(
        spec,
        "/payments/{payment_id}/events",
        {
            "get": {
                "operationId": "listPaymentEvents",
                "summary": "List a payment's events",
                "description": "Lists the events of one payment, newest first.",
                "tags": ["Payin"],
                "parameters": [
                    {
                        "name": "payment_id",
                        "in": "path",
                        "required": True,
                        "description": "The payment.",
                        "schema": {"$ref": "#/components/schemas/PaymentId"},
                    },
                    *pages,
                ],
                "responses": {
                    "200": _json("PaymentEventList", "A page of the payment's events."),
                    **_errors("400", "401", "404"),
                },
            }
        },
    )


async def drive_nested_list(drive: Drive) -> None:
    from payments_sdk import NotFoundError

    paid = await _paid(drive)
    first = await drive.client.payments.events(paid, per_page=5)
    _check(first.data == [] and first.page_meta.count == 0, first)
    _check([event async for event in drive.client.payments.events(paid)] == [], "walked")
    sent = drive.sent[-1]
    _check(sent.url.path.endswith(f"/payments/{paid}/events"), sent.url)
    # An event the service would record, added under the payment through the records control.
    event = {"payment_id": paid, "type": "settled"}
    await drive.control("/_sandbox/records/payments.events", event)
    listed = [e async for e in drive.client.payments.events(paid)]
    _check([(e.type_, e.id[:4]) for e in listed] == [("settled", "pev_")], listed)
    other = await _paid(drive, skip=1)
    _check((await drive.client.payments.events(other)).data == [], "another payment's events")
    try:
        await drive.client.payments.events("payt_nosuchpayment")
    except NotFoundError:
        pass
    else:
        raise AssertionError("the events of a payment that does not exist were listed")


def record_action(spec: Spec) -> None:
    """Add an action under a record that no business rule knows: POST /payments/{id}/capture."""
    add_path(
        spec,
        "/payments/{id}/capture",
        {
            "post": {
                "operationId": "capturePayment",
                "summary": "Capture a payment",
                "description": "Captures an authorised payment; answers the payment.",
                "tags": ["Payin"],
                "parameters": [{"$ref": "#/components/parameters/ResourceId"}],
                "responses": {
                    "200": _json("Payment", "The payment."),
                    **_errors("400", "401", "404"),
                },
            }
        },
    )


async def drive_record_action(drive: Drive) -> None:
    from payments_sdk import NotFoundError

    paid = await _paid(drive)
    captured = await drive.client.payments.capture(paid)
    _check(captured.id == paid, captured)
    _check(drive.sent[-1].url.path.endswith(f"/payments/{paid}/capture"), drive.sent[-1].url)
    try:
        await drive.client.payments.capture("payt_nosuchpayment")
    except NotFoundError:
        pass
    else:
        raise AssertionError("a payment that does not exist was captured")


# -- compatible: the OpenAPI 3.1 features ---------------------------------------------------------


def discriminated_one_of(spec: Spec) -> None:
    """Give a payment an optional `source`, card or bank transfer (a discriminated oneOf)."""
    add_schema(
        spec,
        "CardSource",
        {
            "type": "object",
            "description": "Paid by card.",
            "required": ["type", "last4"],
            "properties": {
                "type": {"type": "string", "const": "card"},
                "last4": {"type": "string", "pattern": "^[0-9]{4}$"},
                "brand": {"type": "string"},
            },
        },
    )
    add_schema(
        spec,
        "BankTransferSource",
        {
            "type": "object",
            "description": "Paid by bank transfer.",
            "required": ["type"],
            "properties": {
                "type": {"type": "string", "const": "bank_transfer"},
                "reference": {"type": "string"},
            },
        },
    )
    add_schema(
        spec,
        "PaymentSource",
        {
            "description": "How the customer paid.",
            "oneOf": [
                {"$ref": "#/components/schemas/CardSource"},
                {"$ref": "#/components/schemas/BankTransferSource"},
            ],
            "discriminator": {
                "propertyName": "type",
                "mapping": {
                    "card": "#/components/schemas/CardSource",
                    "bank_transfer": "#/components/schemas/BankTransferSource",
                },
            },
        },
    )
    properties_of(spec, "Payment")["source"] = {"$ref": "#/components/schemas/PaymentSource"}


async def drive_discriminated_one_of(drive: Drive) -> None:
    from payments_sdk import types

    await drive.client.payments.list()  # the field absent: every call still works
    body = {
        "data": [
            {
                "id": f"payt_{n}",
                "status": "success",
                "currency": "USD",
                "amount": 100,
                "created_at": "2026-01-01T00:00:00Z",
                "source": source,
            }
            for n, source in enumerate(
                [{"type": "card", "last4": "4242"}, {"type": "bank_transfer", "reference": "r"}]
            )
        ],
        "page_meta": _one_page(2),
    }
    client = await drive.answering(200, json.dumps(body).encode())
    page = await client.payments.list()
    card, bank = (payment.source for payment in page.data)
    _check(isinstance(card, vars(types)["CardSource"]) and card.last4 == "4242", card)
    _check(isinstance(bank, vars(types)["BankTransferSource"]), bank)


def all_of_record(spec: Spec) -> None:
    """Add a resource, /payouts, whose record is allOf a shared base and its own fields."""
    add_schema(
        spec,
        "RecordBase",
        {
            "type": "object",
            "description": "What every record has.",
            "required": ["id"],
            "properties": {
                "id": {"type": "string", "pattern": "^po_[A-Za-z0-9_-]+$"},
                "created_at": {"$ref": "#/components/schemas/Timestamp"},
            },
        },
    )
    add_schema(
        spec,
        "Payout",
        {
            "description": "Money sent to a beneficiary.",
            "allOf": [
                {"$ref": "#/components/schemas/RecordBase"},
                {
                    "type": "object",
                    "required": ["amount", "currency"],
                    "properties": {
                        "amount": {
                            "$ref": "#/components/schemas/MinorAmount",
                            "x-currency-field": "currency",
                        },
                        "currency": {"$ref": "#/components/schemas/CurrencyCode"},
                        "beneficiary_id": {"type": "string"},
                    },
                },
            ],
        },
    )
    add_schema(
        spec,
        "PayoutCreateRequest",
        {
            "type": "object",
            "description": "The payout to make.",
            "required": ["amount", "currency"],
            "properties": {
                "amount": {
                    "$ref": "#/components/schemas/MinorAmount",
                    "x-currency-field": "currency",
                },
                "currency": {"$ref": "#/components/schemas/CurrencyCode"},
                "beneficiary_id": {"type": "string", "minLength": 1},
            },
            "additionalProperties": False,
        },
    )
    add_path(
        spec,
        "/payouts",
        {
            "post": {
                "operationId": "createPayout",
                "tags": ["Payout"],
                "summary": "Make a payout",
                "description": "Sends money to a beneficiary.",
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {"$ref": "#/components/schemas/PayoutCreateRequest"}
                        }
                    },
                },
                "responses": {"201": _json("Payout", "The payout."), **_errors("400", "401")},
            }
        },
    )
    add_path(
        spec,
        "/payouts/{id}",
        {
            "get": {
                "operationId": "getPayout",
                "tags": ["Payout"],
                "summary": "Retrieve a payout",
                "description": "Returns one payout by its id.",
                "parameters": [{"$ref": "#/components/parameters/ResourceId"}],
                "responses": {
                    "200": _json("Payout", "The payout."),
                    **_errors("400", "401", "404"),
                },
            }
        },
    )


async def drive_all_of_record(drive: Drive) -> None:
    payout = await drive.client.payouts.create(amount=1500, currency="EUR", beneficiary_id="b1")
    _check(payout.id.startswith("po_") and payout.amount == 1500, payout)
    again = await drive.client.payouts.retrieve(payout.id)
    _check(again.currency == "EUR", again)
    await _refused(lambda: drive.client.payouts.create(amount=0, currency="EUR"), "amount")


def csv_response(spec: Spec) -> None:
    """Add an operation that answers text/csv: GET /payments/export."""
    add_path(
        spec,
        "/payments/export",
        {
            "get": {
                "operationId": "exportPayments",
                "x-sdk-method": "export",
                "tags": ["Payin"],
                "summary": "Export payments as CSV",
                "description": "Every payment as one CSV row, newest first.",
                "responses": {
                    "200": {
                        "description": "The CSV file.",
                        "content": {
                            "text/csv": {
                                "schema": {"type": "string"},
                                "example": "id,status,currency,amount\npayt_1,success,USD,100\n",
                            }
                        },
                    },
                    **_errors("400", "401"),
                },
            }
        },
    )


async def drive_csv_response(drive: Drive) -> None:
    text = await drive.client.payments.export()
    _check(isinstance(text, str) and text.startswith("id,"), text)


def binary_response(spec: Spec) -> None:
    """Add an operation that answers a PDF: GET /document/{document_id}/content."""
    add_path(
        spec,
        "/document/{document_id}/content",
        {
            "get": {
                "operationId": "downloadDocument",
                "tags": ["Document"],
                "summary": "Download a document's file",
                "description": "The uploaded file itself.",
                "parameters": [
                    {
                        "name": "document_id",
                        "in": "path",
                        "required": True,
                        "description": "The document's id.",
                        "schema": {"$ref": "#/components/schemas/DocumentId"},
                    }
                ],
                "responses": {
                    "200": {
                        "description": "The file.",
                        "content": {
                            "application/pdf": {
                                "schema": {"type": "string", "contentMediaType": "application/pdf"}
                            }
                        },
                    },
                    **_errors("400", "401", "404"),
                },
            }
        },
    )


async def drive_binary_response(drive: Drive) -> None:
    client = await drive.answering(200, b"%PDF-1.7 binary \x00\xff", "application/pdf")
    content = await client.documents.content("doc_1")
    _check(isinstance(content, bytes) and content.startswith(b"%PDF"), content)


def read_write_only(spec: Spec) -> None:
    """Add a resource whose one schema is sent and received (readOnly id, writeOnly secret)."""
    add_schema(
        spec,
        "WebhookEndpoint",
        {
            "type": "object",
            "description": "Where the service posts events.",
            "required": ["id", "url", "secret"],
            "properties": {
                "id": {"type": "string", "readOnly": True, "pattern": "^we_[A-Za-z0-9_-]+$"},
                "url": {"type": "string", "format": "uri", "minLength": 1},
                "secret": {"type": "string", "writeOnly": True, "minLength": 16},
                "created_at": {"$ref": "#/components/schemas/Timestamp", "readOnly": True},
            },
        },
    )
    endpoint = {"$ref": "#/components/schemas/WebhookEndpoint"}
    add_path(
        spec,
        "/webhook_endpoints",
        {
            "post": {
                "operationId": "createWebhookEndpoint",
                "tags": ["Payin"],
                "summary": "Register a webhook endpoint",
                "description": (
                    "Registers a URL for events; the secret signs them and is never shown."
                ),
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": endpoint}},
                },
                "responses": {
                    "201": _json("WebhookEndpoint", "The endpoint."),
                    **_errors("400", "401"),
                },
            }
        },
    )


async def drive_read_write_only(drive: Drive) -> None:
    endpoint = await drive.client.webhook_endpoints.create(
        url="https://example.com/hook", secret="s" * 20
    )
    _check(
        json.loads(drive.sent[-1].content)
        == {"url": "https://example.com/hook", "secret": "s" * 20},
        drive.sent[-1].content,
    )
    _check(endpoint.id.startswith("we_") and _field(endpoint, "secret") is None, endpoint)


def read_only_nested(spec: Spec) -> None:
    """Add /customers, one schema both ways: readOnly required id, a nested readOnly field."""
    add_schema(
        spec,
        "CustomerAddress",
        {
            "type": "object",
            "description": "A postal address.",
            "required": ["line1", "country"],
            "properties": {
                "line1": {"type": "string", "minLength": 1},
                "country": {"$ref": "#/components/schemas/CountryCode"},
                "verified_at": {"$ref": "#/components/schemas/Timestamp", "readOnly": True},
            },
        },
    )
    add_schema(
        spec,
        "Customer",
        {
            "type": "object",
            "description": "A customer of the account.",
            "required": ["id", "created_at", "name"],
            "properties": {
                "id": {"type": "string", "readOnly": True},
                "created_at": {"$ref": "#/components/schemas/Timestamp", "readOnly": True},
                "name": {"type": "string", "minLength": 1, "maxLength": 140},
                "national_id": {"type": "string", "writeOnly": True, "minLength": 4},
                "address": {"$ref": "#/components/schemas/CustomerAddress"},
            },
        },
    )
    customer = {"$ref": "#/components/schemas/Customer"}
    add_path(
        spec,
        "/customers",
        {
            "post": {
                "operationId": "createCustomer",
                "tags": ["KYC"],
                "summary": "Create a customer",
                "description": "Creates a customer.",
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": customer}},
                },
                "responses": {"201": _json("Customer", "The customer."), **_errors("400", "401")},
            }
        },
    )
    add_path(
        spec,
        "/customers/{id}",
        {
            "get": {
                "operationId": "getCustomer",
                "tags": ["KYC"],
                "summary": "Retrieve a customer",
                "description": "Returns one customer by its id.",
                "parameters": [{"$ref": "#/components/parameters/ResourceId"}],
                "responses": {
                    "200": _json("Customer", "The customer."),
                    **_errors("401", "404"),
                },
            }
        },
    )


async def drive_read_only_nested(drive: Drive) -> None:
    create = drive.client.customers.create
    address = {"line1": "1 Main St", "country": "GBR"}
    customer = await create(name="Ada", national_id="AB123456", address=address)
    _check(json.loads(drive.sent[-1].content)["address"] == address, drive.sent[-1].content)
    _check(customer.id and _field(customer, "national_id") is None, customer)
    again = await drive.client.customers.retrieve(customer.id)
    _check(again.name == "Ada" and again.address.line1 == "1 Main St", again)
    late = {**address, "verified_at": "2026-01-01T00:00:00Z"}
    await _refused(lambda: create(name="Ada", address=late), "verified_at")
    await _sandbox_refuses(
        lambda: create(name="Ada", extra_body={"address": late}), "address.verified_at"
    )


def deep_object_parameter(spec: Spec) -> None:
    """GET /payments filters on `metadata` keys: a deepObject query parameter."""
    add_parameter(
        spec,
        "/payments",
        "get",
        {
            "name": "metadata",
            "in": "query",
            "required": False,
            "style": "deepObject",
            "explode": True,
            "description": "Only payments whose metadata has these values.",
            "schema": {"type": "object", "additionalProperties": {"type": "string"}},
        },
    )


async def drive_deep_object_parameter(drive: Drive) -> None:
    await drive.client.payments.list(metadata={"order": "42"})
    _check(drive.sent[-1].url.params["metadata[order]"] == "42", drive.sent[-1].url)


def form_no_explode_parameter(spec: Spec) -> None:
    """GET /orders filters on several ids at once: `ids=a,b` (form, explode false)."""
    add_parameter(
        spec,
        "/orders",
        "get",
        {
            "name": "ids",
            "in": "query",
            "required": False,
            "style": "form",
            "explode": False,
            "description": "Only these orders.",
            "schema": {
                "type": "array",
                "items": {"type": "string", "minLength": 1},
                "maxItems": 50,
            },
        },
    )


async def drive_form_no_explode_parameter(drive: Drive) -> None:
    page = await drive.client.orders.list(ids=["ord_a", "ord_b"])
    _check(drive.sent[-1].url.params["ids"] == "ord_a,ord_b", drive.sent[-1].url)
    _check(page.data == [], page)


def pipe_delimited_parameter(spec: Spec) -> None:
    """GET /balance_conversions filters on statuses: `status=a|b` (pipeDelimited)."""
    add_parameter(
        spec,
        "/balance_conversions",
        "get",
        {
            "name": "status",
            "in": "query",
            "required": False,
            "style": "pipeDelimited",
            "explode": False,
            "description": "Only conversions in one of these statuses.",
            "schema": {"type": "array", "items": {"type": "string", "minLength": 1}},
        },
    )


async def drive_pipe_delimited_parameter(drive: Drive) -> None:
    await drive.client.balance_conversions.list(status=["pending", "done"])
    _check(drive.sent[-1].url.params["status"] == "pending|done", drive.sent[-1].url)


def array_filter(spec: Spec) -> None:
    """GET /refunds filters on several payments: `payment_id=a&payment_id=b` (exploded array)."""
    add_parameter(
        spec,
        "/refunds",
        "get",
        {
            "name": "payment_id",
            "in": "query",
            "required": False,
            "explode": True,
            "description": "Only refunds of these payments.",
            "schema": {"type": "array", "items": {"$ref": "#/components/schemas/PaymentId"}},
        },
    )


async def drive_array_filter(drive: Drive) -> None:
    first = await drive.client.refunds.create(payment_id=await _paid(drive, skip=5))
    await drive.client.refunds.create(payment_id=await _paid(drive, skip=6))
    one = await drive.client.refunds.list(payment_id=[first.payment_id])
    _check([r.id for r in one.data] == [first.id], one)
    _check(
        drive.sent[-1].url.params.get_list("payment_id") == [first.payment_id], drive.sent[-1].url
    )
    both = await drive.client.refunds.list(payment_id=[first.payment_id, "payt_none"])
    _check([r.id for r in both.data] == [first.id], both)


def date_format(spec: Spec) -> None:
    """Give a payment a `value_date` (format: date) and GET /payments a filter on it."""
    properties_of(spec, "Payment")["value_date"] = {
        "type": "string",
        "format": "date",
        "description": "The day the funds were credited.",
    }
    add_parameter(
        spec,
        "/payments",
        "get",
        {
            "name": "value_date",
            "in": "query",
            "required": False,
            "description": "Only payments credited on this day.",
            "schema": {"type": "string", "format": "date"},
        },
    )


async def drive_date_format(drive: Drive) -> None:
    await drive.client.payments.list(value_date=datetime.date(2026, 1, 2))
    _check(drive.sent[-1].url.params["value_date"] == "2026-01-02", drive.sent[-1].url)
    await _refused(lambda: drive.client.payments.list(value_date="2 January"), "value_date")


def deprecated_operation(spec: Spec) -> None:
    """GET /fx-rate is deprecated."""
    _operation(spec, "/fx-rate", "get")["deprecated"] = True


async def drive_deprecated_operation(drive: Drive) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        await drive.client.fx_rates.retrieve(source_currency="USD", target_currency="EUR")
    _check(any(issubclass(w.category, DeprecationWarning) for w in caught), caught)
    _check("deprecated" in (drive.client.fx_rates.retrieve.__doc__ or "").lower(), "docstring")


def deprecated_parameter(spec: Spec) -> None:
    """GET /rfis's `search` parameter is deprecated."""
    parameter_of(spec, "/rfis", "get", "search")["deprecated"] = True


async def drive_deprecated_parameter(drive: Drive) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        await drive.client.rfis.list(search="x")
    _check(any(issubclass(w.category, DeprecationWarning) for w in caught), caught)
    with warnings.catch_warnings():
        warnings.simplefilter("error", DeprecationWarning)
        await drive.client.rfis.list()  # not passing it does not warn


def request_one_of_variant(spec: Spec) -> None:
    """Let an order be created from a saved template (a third oneOf variant of the request)."""
    schemas = _schemas(spec)
    add_schema(
        spec,
        "OrderCreateFromTemplate",
        {
            "type": "object",
            "title": "OrderCreateFromTemplate",
            "description": "An order from a saved template.",
            "required": ["template_id"],
            "properties": {
                "template_id": {"type": "string", "minLength": 1},
                "split_ids": {"$ref": "#/components/schemas/SplitIds"},
            },
            "additionalProperties": False,
        },
    )
    branches = schemas["OrderCreateRequest"]["oneOf"]
    new = {"$ref": "#/components/schemas/OrderCreateFromTemplate"}
    if new not in branches:
        branches.append(new)


async def drive_request_one_of_variant(drive: Drive) -> None:
    from payments_sdk import APIStatusError

    try:
        await drive.client.orders.create(template_id="tpl_1")
    except APIStatusError as exc:  # a business rule may refuse it: a 4xx, never a 5xx
        _check(exc.status_code < 500, exc)
    _check(json.loads(drive.sent[-1].content) == {"template_id": "tpl_1"}, drive.sent[-1].content)


def second_security_scheme(spec: Spec) -> None:
    """Let a customer create a virtual account with their own JWT (a second security scheme)."""
    spec["components"]["securitySchemes"].setdefault(
        "CustomerJWT",
        {
            "type": "http",
            "scheme": "bearer",
            "bearerFormat": "JWT",
            "description": "The customer's own JWT, for the operations a customer makes.",
        },
    )
    _operation(spec, "/v2/virtual-accounts", "post")["security"] = [
        {"CustomerJWT": []},
        {"JWT": []},
    ]


async def drive_second_security_scheme(drive: Drive) -> None:
    import inspect

    from payments_sdk import APIStatusError, UnauthorizedError

    create = drive.client.virtual_accounts.create
    _check("customer_jwt" in inspect.signature(create).parameters, inspect.signature(create))
    page = await drive.client.virtual_accounts.list()  # the key still works
    _check(isinstance(page.data, list), page)
    try:  # a business refusal (a 4xx) is fine: the token was taken
        await create(customer_jwt=drive.customer_jwt(), **drive.virtual_account())
    except APIStatusError as exc:
        _check(exc.status_code not in (401, 403) and exc.status_code < 500, exc)
    # A token the sandbox never issued is refused: the call sent it, not the client's key.
    unknown = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJjdXN0In0.c2lnbmF0dXJlLW5vdC1pc3N1ZWQ"
    try:
        await create(customer_jwt=unknown, **drive.virtual_account())
    except UnauthorizedError:
        pass
    else:
        raise AssertionError("the customer's JWT was not what the call sent")


def api_key_scheme(spec: Spec) -> None:
    """Let a partner create KYC links with its own key in a header (an apiKey scheme)."""
    spec["components"]["securitySchemes"].setdefault(
        "PartnerKey",
        {
            "type": "apiKey",
            "in": "header",
            "name": "X-Partner-Key",
            "description": "A partner's key, for the KYC links it makes for its customers.",
        },
    )
    _operation(spec, "/kyc-links", "post")["security"] = [{"JWT": []}, {"PartnerKey": []}]


async def drive_api_key_scheme(drive: Drive) -> None:
    from payments_sdk import UnauthorizedError

    create = drive.client.kyc_links.create
    await create(customer_id="cust_42")  # the client's key still works
    partner_key = drive.customer_jwt()  # once: a key issued a second later is another key
    await create(customer_id="cust_42", partner_key=partner_key)
    sent = drive.sent[-1]
    _check(sent.headers.get("x-partner-key") == partner_key, sent.headers)
    _check("authorization" not in sent.headers, "the client's key was sent too")
    try:  # a key the sandbox never issued is refused: the call sent it, in its header
        await create(customer_id="cust_42", partner_key="not-a-key-this-sandbox-issued")
    except UnauthorizedError as exc:
        _check("not-a-key" not in str(exc), "the partner key was shown")
    else:
        raise AssertionError("the partner key was not what the call sent")


def public_operation(spec: Spec) -> None:
    """GET /fx-rate needs no credential (`security: []`): the rates are public."""
    _operation(spec, "/fx-rate", "get")["security"] = []


async def drive_public_operation(drive: Drive) -> None:
    rate = await drive.client.fx_rates.retrieve(source_currency="USD", target_currency="EUR")
    _check(rate.source_currency == "USD", rate)  # a client that sends its key is still served


def delete_and_replace(spec: Spec) -> None:
    """Let a document be replaced (PUT) and deleted (DELETE answers the deleted record)."""
    add_schema(
        spec,
        "DocumentReplaceRequest",
        {
            "type": "object",
            "description": "The document's new details.",
            "required": ["type"],
            "properties": {
                "type": {"type": "string", "minLength": 1},
                "file_name": {"type": "string", "maxLength": 255},
            },
        },
    )
    item = next(
        (path for path in spec["paths"] if re.fullmatch(r"/document/\{[^{}/]+\}", path)), None
    )
    if item is None:
        return
    (name,) = re.findall(r"\{([^{}/]+)\}", item)
    parameter = {
        "name": name,
        "in": "path",
        "required": True,
        "description": "The document's id.",
        "schema": {"$ref": "#/components/schemas/DocumentId"},
    }
    tags = _operation(spec, item, "get").get("tags", [])
    add_path(
        spec,
        item,
        {
            "delete": {
                "operationId": "deleteDocument",
                "tags": tags,
                "summary": "Delete a document",
                "description": "Deletes a document; answers it as it was.",
                "parameters": [parameter],
                "responses": {
                    "200": _json("Document", "The deleted document."),
                    **_errors("401", "404"),
                },
            },
            "put": {
                "operationId": "replaceDocument",
                "tags": tags,
                "summary": "Replace a document's details",
                "description": "Replaces what is said about the document.",
                "parameters": [parameter],
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {"$ref": "#/components/schemas/DocumentReplaceRequest"}
                        }
                    },
                },
                "responses": {
                    "200": _json("Document", "The document."),
                    **_errors("400", "401", "404"),
                },
            },
        },
    )


async def drive_delete_and_replace(drive: Drive) -> None:
    from payments_sdk import NotFoundError

    document = await drive.client.documents.upload(file=b"%PDF-1.7 proof", type="passport")
    replaced = await drive.client.documents.update(document.id, type="id_card")
    _check(drive.sent[-1].method == "PUT" and replaced.id == document.id, drive.sent[-1])
    deleted = await drive.client.documents.delete(document.id)
    _check(deleted.id == document.id, deleted)
    try:
        await drive.client.documents.retrieve(document.id)
    except NotFoundError:
        pass
    else:
        raise AssertionError("a deleted document was found")


def _fill_examples(spec: Spec, schema_name: str, field: str, value: Any) -> None:
    """Give each example of a ``schema_name`` object in the bundle ``field``, if it lacks it.

    A required field the bundle gains is in its examples too, or the bundle's own lint (and
    the examples a test mocks with) would fail: the edit does what the maintainer does.
    """
    wanted = f"#/components/schemas/{schema_name}"

    def walk(schema: Any, example: Any, depth: int = 0) -> None:
        if depth > 30 or not isinstance(schema, dict):
            return
        if schema.get("$ref") == wanted and isinstance(example, dict):
            example.setdefault(field, value)
        schema = resolve(spec, schema)
        if isinstance(example, dict):
            for part in schema.get("allOf", []) + schema.get("oneOf", []) + schema.get("anyOf", []):
                walk(part, example, depth + 1)
            for name, sub in schema.get("properties", {}).items():
                if name in example:
                    walk(sub, example[name], depth + 1)
        elif isinstance(example, list) and isinstance(schema.get("items"), dict):
            for item in example:
                walk(schema["items"], item, depth + 1)

    media_types = []
    for item in spec["paths"].values():
        for op in item.values():
            if not isinstance(op, dict):
                continue
            body = resolve(spec, op.get("requestBody", {}))
            media_types += list(body.get("content", {}).values())
            for response in op.get("responses", {}).values():
                media_types += list(resolve(spec, response).get("content", {}).values())
    for media in media_types:
        schema = media.get("schema")
        examples = [media["example"]] if "example" in media else []
        examples += [resolve(spec, e).get("value") for e in media.get("examples", {}).values()]
        for example in examples:
            walk(schema, example)


def integer_enum_field(spec: Spec) -> None:
    """KYC links take `reminder_days` (1, 3 or 7); a payment has a `risk_level` (1 to 3)."""
    properties_of(spec, "KycLinkCreateRequest")["reminder_days"] = {
        "type": "integer",
        "enum": [1, 3, 7],
        "description": "Days between the reminders sent to the customer.",
    }
    properties_of(spec, "Payment")["risk_level"] = {
        "type": "integer",
        "enum": [1, 2, 3],
        "description": "The payment's risk level, from 1 (low) to 3 (high).",
    }


async def drive_integer_enum_field(drive: Drive) -> None:
    await drive.client.kyc_links.create(customer_id="cust_42", reminder_days=3)
    _check(json.loads(drive.sent[-1].content)["reminder_days"] == 3, drive.sent[-1].content)
    await _refused(
        lambda: drive.client.kyc_links.create(customer_id="cust_42", reminder_days=2),
        "reminder_days",
    )
    paid = await _paid(drive)
    await drive.control(f"/_sandbox/records/payments/{paid}", {"risk_level": 2}, "PATCH")
    page = await drive.client.payments.list(per_page=100)
    payment = next(p for p in page.data if p.id == paid)
    _check(int(payment.risk_level) == 2, payment)


def multi_type_field(spec: Spec) -> None:
    """Give orders a `merchant_ref` of text or a number (`type: [string, integer]`)."""
    for name in ("OrderCreateInline", "Order"):
        properties_of(spec, name)["merchant_ref"] = {
            "type": ["string", "integer"],
            "maxLength": 35,
            "minimum": 0,
            "description": "Your own reference of the order, as text or as a number.",
        }


async def drive_multi_type_field(drive: Drive) -> None:
    create = drive.client.orders.create
    for ref in (42, "INV-7"):
        order = await create(amount=100, currency="USD", payment_methods=["card"], merchant_ref=ref)
        _check(json.loads(drive.sent[-1].content)["merchant_ref"] == ref, drive.sent[-1].content)
        _check(_field(order, "merchant_ref") == ref, order)
    for bad in (1.5, True, -1, "x" * 36):
        await _refused(
            lambda bad=bad: create(
                amount=100, currency="USD", payment_methods=["card"], merchant_ref=bad
            ),
            "merchant_ref",
        )


def nullable_response_fields(spec: Spec) -> None:
    """Give a payment a nullable `failure_code` and an `external_ref` of text or a number."""
    properties = _schemas(spec)["Payment"]["properties"]
    properties["failure_code"] = {
        "type": ["string", "null"],
        "maxLength": 40,
        "description": "Why the payment failed, or null.",
        "examples": ["insufficient_funds"],
    }
    properties["external_ref"] = {
        "oneOf": [{"type": "string", "maxLength": 35}, {"type": "integer", "minimum": 0}],
        "description": "The payer's own reference, as text or as a number.",
    }


async def drive_nullable_response_fields(drive: Drive) -> None:
    paid = await _paid(drive)
    for fields in ({"failure_code": None, "external_ref": 42}, {"external_ref": "INV-7"}):
        await drive.control(f"/_sandbox/records/payments/{paid}", fields, "PATCH")
        page = await drive.client.payments.list(per_page=100)
        payment = next(p for p in page.data if p.id == paid)
        for name, value in fields.items():
            _check(_field(payment, name) == value, (name, payment))


def shared_parameter_and_response(spec: Spec) -> None:
    """GET /refunds takes a shared `currency` filter; update-rfi may answer a shared 409."""
    spec["components"]["parameters"]["RefundCurrency"] = {
        "name": "currency",
        "in": "query",
        "required": False,
        "description": "Only refunds in this currency.",
        "schema": {"$ref": "#/components/schemas/CurrencyCode"},
    }
    parameters = _operation(spec, "/refunds", "get").setdefault("parameters", [])
    shared = {"$ref": "#/components/parameters/RefundCurrency"}
    if shared not in parameters:
        parameters.insert(0, shared)
    _schemas(spec)["StateConflictBody"] = {
        "type": "object",
        "description": "The 409 body: the resource is not in a state that allows the request.",
        "required": ["error", "message"],
        "properties": {
            "error": {"type": "string", "const": "Conflict"},
            "message": {"type": "string"},
        },
    }
    spec["components"]["responses"]["StateConflict"] = {
        "description": "The resource is not in a state that allows the request.",
        "content": {
            "application/json": {
                "schema": {"$ref": "#/components/schemas/StateConflictBody"},
                "example": {"error": "Conflict", "message": "the RFI is already under review"},
            }
        },
    }
    responses = _operation(spec, "/orders/{id}/update-rfi", "patch")["responses"]
    responses["409"] = {"$ref": "#/components/responses/StateConflict"}


async def drive_shared_parameter_and_response(drive: Drive) -> None:
    from payments_sdk import APIStatusError

    refund = await drive.client.refunds.create(payment_id=await _paid(drive, skip=2))
    page = await drive.client.refunds.list(currency=refund.currency)
    _check(drive.sent[-1].url.params["currency"] == refund.currency, drive.sent[-1].url)
    _check([r.id for r in page.data] == [refund.id], page.data)
    await _refused(lambda: drive.client.refunds.list(currency="usd"), "currency")
    body = {"error": "Conflict", "message": "the RFI is already under review"}
    client = await drive.answering(409, json.dumps(body).encode())
    try:
        documents = [{"id": "doc_1", "rfi_doc_id": "rfidoc_1"}]
        await client.orders.update_rfi("ord_1", documents=documents)
    except APIStatusError as exc:
        _check(exc.status_code == 409 and "already under review" in str(exc), exc)
    else:
        raise AssertionError("a 409 was not raised")


def item_beside_single_record(spec: Spec) -> None:
    """Add GET /balances/{currency}: one balance, beside GET /balances (all of them)."""
    add_path(
        spec,
        "/balances/{currency}",
        {
            "get": {
                "operationId": "getBalance",
                "tags": _operation(spec, "/balances", "get").get("tags", []),
                "summary": "Retrieve one balance",
                "description": "Returns the balance in one currency.",
                "parameters": [
                    {
                        "name": "currency",
                        "in": "path",
                        "required": True,
                        "description": "The balance's currency.",
                        "schema": {"$ref": "#/components/schemas/CurrencyCode"},
                    }
                ],
                "responses": {
                    "200": _json("Balance", "The balance."),
                    **_errors("400", "401", "404"),
                },
            }
        },
    )


async def drive_item_beside_single_record(drive: Drive) -> None:
    import contextlib

    from payments_sdk import NotFoundError

    every = await drive.client.balances.retrieve()  # the single record keeps its name
    _check(len(every.data) > 0, every)
    with contextlib.suppress(NotFoundError):  # no balance record by id: a 404, never a 5xx
        await drive.client.balances.retrieve_by_currency("USD")


def resource_action(spec: Spec) -> None:
    """Add GET /payments/summary: an action on the resource, named by its last segment."""
    add_path(
        spec,
        "/payments/summary",
        {
            "get": {
                "operationId": "summarisePayments",
                "tags": _operation(spec, "/payments", "get").get("tags", []),
                "summary": "Summarise payments",
                "description": "Returns how many payments the account received.",
                "responses": {
                    "200": {
                        "description": "The summary.",
                        "content": {
                            "application/json": {
                                "schema": {
                                    "type": "object",
                                    "required": ["count"],
                                    "properties": {"count": {"type": "integer", "minimum": 0}},
                                }
                            }
                        },
                    },
                    **_errors("401"),
                },
            }
        },
    )


async def drive_resource_action(drive: Drive) -> None:
    summary = await drive.client.payments.summary()
    _check(summary.count >= 0, summary)


def no_content_action(spec: Spec) -> None:
    """Add an action that answers 204 with no body: POST /kyc-links/{id}/revoke."""
    add_path(
        spec,
        "/kyc-links/{id}/revoke",
        {
            "post": {
                "operationId": "revokeKycLink",
                "tags": _operation(spec, "/kyc-links/{id}", "get").get("tags", []),
                "summary": "Revoke a KYC link",
                "description": "Makes the link unusable; the customer can no longer open it.",
                "parameters": [{"$ref": "#/components/parameters/ResourceId"}],
                "responses": {"204": {"description": "Revoked."}, **_errors("400", "401", "404")},
            }
        },
    )


async def drive_no_content_action(drive: Drive) -> None:
    from payments_sdk import NotFoundError

    link = await drive.client.kyc_links.create(customer_id="cust_42")
    _check(await drive.client.kyc_links.revoke(link.id) is None, "revoke answered a body")
    _check(drive.sent[-1].url.path.endswith(f"/kyc-links/{link.id}/revoke"), drive.sent[-1].url)
    raw = await drive.client.with_raw_response.kyc_links.revoke(link.id)
    _check(raw.status_code == 204, raw)
    try:
        await drive.client.kyc_links.revoke("kyc_none")
    except NotFoundError:
        pass
    else:
        raise AssertionError("a link that does not exist was revoked")


def accepted_status(spec: Spec) -> None:
    """POST /refunds may answer 202 (processed later) with the same body as its 201."""
    responses = _operation(spec, "/refunds", "post")["responses"]
    if "202" not in responses:
        responses["202"] = {
            **copy.deepcopy(responses["201"]),
            "description": "Accepted: the refund is processed later.",
        }


async def drive_accepted_status(drive: Drive) -> None:
    refund = await drive.client.refunds.create(payment_id=await _paid(drive, skip=1))
    _check(refund.payment_id, refund)
    body = {"id": "rfnd_1", "status": "pending", "payment_id": "payt_1"}
    client = await drive.answering(202, json.dumps(body).encode())
    accepted = await client.refunds.create(payment_id="payt_1")
    _check((accepted.id, accepted.payment_id) == ("rfnd_1", "payt_1"), accepted)


def required_response_field(spec: Spec) -> None:
    """Give every refund the bank's `reference` (a new required response field)."""
    properties_of(spec, "Refund")["reference"] = {
        "type": "string",
        "minLength": 6,
        "maxLength": 35,
        "pattern": "^RF[0-9A-Z]+$",
        "description": "The bank's reference of the refund.",
    }
    if "reference" not in required_of(spec, "Refund"):
        required_of(spec, "Refund").append("reference")
    _fill_examples(spec, "Refund", "reference", "RF7QK2M9")


async def drive_required_response_field(drive: Drive) -> None:
    import re

    pattern = re.compile(field_of(drive.document, "Refund", "reference")["pattern"])
    refund = await drive.client.refunds.create(payment_id=await _paid(drive, skip=5))
    _check(bool(pattern.match(refund.reference)), refund)
    done = await drive.client.refunds.mock_update_status(refund.id)
    _check(done.reference == refund.reference, done)
    again = await drive.client.refunds.retrieve(refund.id)
    _check(again.reference == refund.reference, again)


def required_nested_response_field(spec: Spec) -> None:
    """Give an order's `rfi` a required `raised_at` (a required field of a nested object)."""
    properties_of(spec, "RfiReference")["raised_at"] = {
        "$ref": "#/components/schemas/Timestamp",
        "description": "When the RFI was raised.",
    }
    if "raised_at" not in required_of(spec, "RfiReference"):
        required_of(spec, "RfiReference").append("raised_at")
    _fill_examples(spec, "RfiReference", "raised_at", "2026-11-22T10:00:00Z")


async def drive_required_nested_response_field(drive: Drive) -> None:
    from payments_sdk.sandbox.rules import SANCTIONS_THRESHOLD

    order = await drive.client.orders.create(
        amount=SANCTIONS_THRESHOLD, currency="USD", payment_methods=["bank_transfer"]
    )
    _check(order.rfi is not None and isinstance(order.rfi.raised_at, datetime.datetime), order)
    again = await drive.client.orders.retrieve(order.id)
    _check(again.rfi.raised_at == order.rfi.raised_at, again)


_VERBS = ("get", "put", "post", "patch", "delete")


def path_level_params(spec: Spec) -> None:
    """Declare the `{id}` of the refund and order paths once, on the path item, for every verb."""
    for path in ("/refunds/{id}", "/refunds/{id}/mock_update_status", "/orders/{id}"):
        item = spec["paths"].get(path, {})
        operations = [item[verb] for verb in _VERBS if isinstance(item.get(verb), dict)]
        if not operations:
            continue
        declared = item.setdefault("parameters", [])
        texts = [json.dumps(p, sort_keys=True) for p in declared]
        for op in operations:
            for parameter in op.get("parameters", []):
                shared = all(parameter in other.get("parameters", []) for other in operations)
                is_path = resolve(spec, parameter).get("in") == "path"
                if is_path and shared and json.dumps(parameter, sort_keys=True) not in texts:
                    declared.append(parameter)
                    texts.append(json.dumps(parameter, sort_keys=True))
        for op in operations:  # what the path item now says, said once
            kept = [
                p for p in op.get("parameters", []) if json.dumps(p, sort_keys=True) not in texts
            ]
            if kept:
                op["parameters"] = kept
            else:
                op.pop("parameters", None)
        if not declared:
            item.pop("parameters")


async def drive_path_level_params(drive: Drive) -> None:
    from payments_sdk import NotFoundError

    refund = await drive.client.refunds.create(payment_id=await _paid(drive, skip=3))
    again = await drive.client.refunds.retrieve(refund.id)
    _check(again.id == refund.id and again.payment_id == refund.payment_id, again)
    _check(drive.sent[-1].url.path.endswith(f"/refunds/{refund.id}"), drive.sent[-1].url)
    try:
        await drive.client.refunds.retrieve(refund.id + "x")
    except NotFoundError:
        pass
    else:
        raise AssertionError("a refund that does not exist was found")


# -- breaking --------------------------------------------------------------------------------------


def removed_field(spec: Spec) -> None:
    """Remove a refund's `created_at` (a response field)."""
    remove_field(spec, "Refund", "created_at")


def new_required_field(spec: Spec) -> None:
    """POST /refunds requires a `reason` (a new required request field)."""
    new_request_field(spec)
    required = required_of(spec, "RefundCreateRequest")
    if "reason" not in required:
        required.append("reason")


def response_field_optional(spec: Spec) -> None:
    """Let a refund's answers leave out `payment_id` (no longer required)."""
    refund = _schemas(spec)["Refund"]
    refund["required"] = [name for name in refund["required"] if name != "payment_id"]


def removed_enum_value(spec: Spec) -> None:
    """Balances no longer convert from or to GBP (a request enum value removed)."""
    values = _schemas(spec)["ConversionCurrency"]["enum"]
    values[:] = [value for value in values if value != "GBP"]


def narrowed_bound(spec: Spec) -> None:
    """Narrow the common `per_page` bound to 50 (was 100)."""
    spec["components"]["parameters"]["PerPage"]["schema"]["maximum"] = 50


def changed_parameter_style(spec: Spec) -> None:
    """GET /orders's `ids` filter is sent pipe-delimited instead of comma-separated."""
    form_no_explode_parameter(spec)
    parameter_of(spec, "/orders", "get", "ids")["style"] = "pipeDelimited"


def removed_operation(spec: Spec) -> None:
    """DELETE /virtual-accounts is removed."""
    spec["paths"]["/virtual-accounts"].pop("delete", None)


def required_filter(spec: Spec) -> None:
    """GET /payments requires a `currency` query parameter (a new required parameter)."""
    add_parameter(
        spec,
        "/payments",
        "get",
        {
            "name": "currency",
            "in": "query",
            "required": True,
            "description": "Only payments in this currency.",
            "schema": {"$ref": "#/components/schemas/CurrencyCode"},
        },
    )


def renamed_request_field(spec: Spec) -> None:
    """Rename the beneficiary bank account's `local_routing_number` to `sort_code`."""
    properties = properties_of(spec, "BeneficiaryBankAccountRequest")
    if "local_routing_number" in properties:
        properties["sort_code"] = properties.pop("local_routing_number")
    _rename_in_examples(spec, "local_routing_number", "sort_code")


def _rename_in_examples(node: Any, old: str, new: str) -> None:
    if isinstance(node, dict):
        for key in list(node):
            if key == old and isinstance(node[key], str):
                node[new] = node.pop(key)
            else:
                _rename_in_examples(node[key], old, new)
    elif isinstance(node, list):
        for item in node:
            _rename_in_examples(item, old, new)


def server_move(spec: Spec) -> None:
    """GET /refunds/{id} moves to /v2 (an operation-level server under the same root)."""
    _operation(spec, "/refunds/{id}", "get")["servers"] = [
        {
            "url": "{root_url}/v2",
            "description": "Refunds are read from v2.",
            "variables": {"root_url": {"default": "https://api.payments.example"}},
        }
    ]


# -- doc-only --------------------------------------------------------------------------------------


def description_change(spec: Spec) -> None:
    """GET /payments's description is reworded."""
    _operation(spec, "/payments", "get")["description"] = (
        "Lists the payments received from customers, newest first, one page at a time."
    )


def summary_change(spec: Spec) -> None:
    """POST /refunds's summary and a field's description are reworded."""
    _operation(spec, "/refunds", "post")["summary"] = "Refund a successful payment"
    _schemas(spec)["Refund"]["description"] = "Money returned from the account to a customer."


def example_change(spec: Spec) -> None:
    """GET /refunds/{id}'s example refund and a parameter's description change."""
    example = spec["components"]["examples"]["Refund"]["value"]
    example["id"] = "rf_9Kd2Lm4N"
    spec["components"]["parameters"]["ResourceId"]["description"] = "The resource's id, as issued."


def schema_title(spec: Spec) -> None:
    """Give the refund schema a title that is not its name (readers see it; no class changes)."""
    _schemas(spec)["Refund"]["title"] = "Refund record"


def request_body_ref(spec: Spec) -> None:
    """POST /refunds's request body moves to components/requestBodies, used by `$ref`."""
    post = _operation(spec, "/refunds", "post")
    if "$ref" not in post["requestBody"]:
        spec["components"].setdefault("requestBodies", {})["RefundCreate"] = post["requestBody"]
        post["requestBody"] = {"$ref": "#/components/requestBodies/RefundCreate"}


def response_links(spec: Spec) -> None:
    """POST /refunds's 201 links to GET /refunds/{id}: the answer's `id` is the refund's id."""
    answer = resolve(spec, _operation(spec, "/refunds", "post")["responses"]["201"])
    answer["links"] = {
        "GetRefund": {
            "operationId": _operation(spec, "/refunds/{id}", "get")["operationId"],
            "parameters": {"id": "$response.body#/id"},
            "description": "The `id` of the answer is the `id` of GET /refunds/{id}.",
        }
    }


def info_version(spec: Spec) -> None:
    """info.version moves to 1.1.0 and the API's description gains a sentence."""
    spec["info"]["version"] = "1.1.0"
    text = spec["info"].get("description", "").rstrip()
    if not text.endswith("Version 1.1 adds nothing a client must change for."):
        spec["info"]["description"] = (
            text + "\n\nVersion 1.1 adds nothing a client must change for.\n"
        )


# -- webhooks: requests the service sends to the user's endpoint --------------------------------


def _webhook(operation_id: str, summary: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {
        "post": {
            "operationId": operation_id,
            "tags": ["Payin"],
            "summary": summary,
            "description": f"{summary}: the service posts this to the endpoint you registered.",
            "requestBody": {"required": True, "content": {"application/json": {"schema": schema}}},
            "responses": {"200": {"description": "Received: any 2xx acknowledges it."}},
        }
    }


def webhook_event(spec: Spec) -> None:
    """Add a `paymentSucceeded` webhook the service posts: an event component, by $ref."""
    add_schema(
        spec,
        "PaymentSucceededEvent",
        {
            "type": "object",
            "description": "Sent when a payment reaches `success`.",
            "required": ["type", "id", "created_at", "data"],
            "properties": {
                "type": {"const": "payment.succeeded"},
                "id": {"type": "string", "pattern": "^evt_[A-Za-z0-9_-]+$"},
                "created_at": {"$ref": "#/components/schemas/Timestamp"},
                "data": {"$ref": "#/components/schemas/Payment"},
            },
        },
    )
    spec.setdefault("webhooks", {})["paymentSucceeded"] = _webhook(
        "paymentSucceededWebhook",
        "A payment succeeded",
        {"$ref": "#/components/schemas/PaymentSucceededEvent"},
    )


def webhook_inline_payload(spec: Spec) -> None:
    """Add a `refund.settled` webhook the service posts, its payload schema written inline."""
    spec.setdefault("webhooks", {})["refund.settled"] = _webhook(
        "refundSettledWebhook",
        "A refund was settled",
        {
            "type": "object",
            "required": ["type", "refund_id", "amount", "settlement"],
            "properties": {
                "type": {"type": "string", "enum": ["refund.settled"]},
                "refund_id": {"type": "string", "minLength": 1},
                "amount": {"$ref": "#/components/schemas/MinorAmount"},
                "settlement": {
                    "type": "object",
                    "required": ["settled_at"],
                    "properties": {
                        "settled_at": {"$ref": "#/components/schemas/Timestamp"},
                        "reference": {"type": "string", "maxLength": 35},
                    },
                },
                "note": {"type": "string"},
            },
        },
    )


async def _drive_webhook(drive: Drive, kind: str, model: str, field: str) -> None:
    """Parse a sandbox-made payload of ``kind``; a wrong one fails naming ``field``'s path."""
    from payments_sdk import InvalidParameterError, WebhookPayloadValidationError, types, webhooks
    from payments_sdk.sandbox import webhook_body

    body = webhook_body(kind)
    event = webhooks.parse(kind, json.dumps(body).encode())
    _check(type(event) is getattr(types, model), event)
    _check(event.to_dict() == body, (event.to_dict(), body))
    if webhooks.KIND_FIELD is not None:
        _check(type(webhooks.parse_any(json.dumps(body))) is type(event), event)
    wrong = {**body, field: {"not": "a string"} if isinstance(body[field], str) else "x"}
    try:
        webhooks.parse(kind, json.dumps(wrong))
    except WebhookPayloadValidationError as exc:
        _check(f"$.{field}" in str(exc) and exc.kind == kind, exc)
    else:
        raise AssertionError("a payload of the wrong type was parsed")
    try:
        webhooks.parse("no.such.kind", b"{}")
    except InvalidParameterError as exc:
        _check(exc.field == "kind", exc)
    else:
        raise AssertionError("an unknown kind was parsed")


async def drive_webhook_event(drive: Drive) -> None:
    await _drive_webhook(drive, "paymentSucceeded", "PaymentSucceededEvent", "id")


async def drive_webhook_inline_payload(drive: Drive) -> None:
    await _drive_webhook(drive, "refund.settled", "RefundSettledWebhookEvent", "refund_id")


def webhook_removed(spec: Spec) -> None:
    """Stop sending the `paymentSucceeded` webhook the last release declared."""
    webhook_inline_payload(spec)
    spec.get("webhooks", {}).pop("paymentSucceeded", None)


def webhook_payload_field_optional(spec: Spec) -> None:
    """Make `created_at` of a `paymentSucceeded` payload optional (no longer required)."""
    if "paymentSucceeded" not in spec.get("webhooks", {}):
        webhook_event(spec)
    required = required_of(spec, "PaymentSucceededEvent")
    if "created_at" in required:
        required.remove("created_at")


# -- unsupported -----------------------------------------------------------------------------------


def foreign_server(spec: Spec) -> None:
    """GET /balances moves to another host (a server outside {root_url}: not supported)."""
    _operation(spec, "/balances", "get")["servers"] = [{"url": "https://balances.example/v1"}]


def cookie_parameter(spec: Spec) -> None:
    """Give GET /payments a cookie parameter (not supported: the generator would drop it)."""
    add_parameter(
        spec,
        "/payments",
        "get",
        {"name": "session", "in": "cookie", "required": False, "schema": {"type": "string"}},
    )


def webhook_signature_header(spec: Spec) -> None:
    """Give a webhook a signature header parameter (not supported: nothing would check it)."""
    if "paymentSucceeded" not in spec.get("webhooks", {}):
        webhook_event(spec)
    hook = spec["webhooks"]["paymentSucceeded"]["post"]
    hook["parameters"] = [
        {
            "name": "X-Signature",
            "in": "header",
            "required": True,
            "description": "Signs the payload.",
            "schema": {"type": "string"},
        }
    ]


def exclusive_maximum_added(spec: Spec) -> None:
    """Keep the common `per_page` below 100 (exclusiveMaximum on a request parameter)."""
    spec["components"]["parameters"]["PerPage"]["schema"]["exclusiveMaximum"] = 100


def multiple_of_added(spec: Spec) -> None:
    """Make an inline order's `amount` whole units (multipleOf: 100 on a request field)."""
    field_of(spec, "OrderCreateInline", "amount")["multipleOf"] = 100


def dynamic_reference(spec: Spec) -> None:
    """Give a refund a tree of `labels` through $dynamicRef (not supported: dynamic scope)."""
    add_schema(
        spec,
        "LabelTree",
        {
            "$dynamicAnchor": "node",
            "type": "object",
            "properties": {
                "name": {"type": "string"},
                "children": {"type": "array", "items": {"$dynamicRef": "#node"}},
            },
        },
    )
    properties_of(spec, "RefundCreateRequest")["labels"] = {"$dynamicRef": "#node"}


# -- compatible: JSON Schema assertions on new fields and filters ---------------------------------


async def _sandbox_refuses(call: Callable[[], Awaitable[Any]], words: str) -> None:
    """Check that the sandbox answers ``call()`` 400, its message starting with ``words``.

    ``call()`` sends, through ``extra_body``/``extra_query``, a value the SDK would refuse.
    """
    from payments_sdk import BadRequestError

    try:
        await call()
    except BadRequestError as exc:
        _check(str(exc.message).startswith(words), exc.message)
    else:
        raise AssertionError(f"the sandbox accepted what the bundle refuses ({words})")


def unicode_property_pattern(spec: Spec) -> None:
    r"""Give a beneficiary a `local_name` in any script (a \p{L} pattern: not supported)."""
    properties_of(spec, "BeneficiaryDetails")["local_name"] = {
        "type": "string",
        "maxLength": 140,
        "pattern": "^[\\p{L}][\\p{L} .'-]*$",
        "description": "The name in its own script.",
    }


def exclusive_minimum_filter(spec: Spec) -> None:
    """GET /payments takes an optional `min_amount` filter, above zero (exclusiveMinimum: 0)."""
    add_parameter(
        spec,
        "/payments",
        "get",
        {
            "name": "min_amount",
            "in": "query",
            "required": False,
            "description": "Only payments of more than this amount, in minor units.",
            "schema": {"type": "integer", "exclusiveMinimum": 0, "maximum": 1000000000000000},
        },
    )


async def drive_exclusive_minimum_filter(drive: Drive) -> None:
    await drive.client.payments.list(min_amount=1)
    _check(drive.sent[-1].url.params["min_amount"] == "1", drive.sent[-1].url)
    await _refused(lambda: drive.client.payments.list(min_amount=0), "min_amount")
    await _sandbox_refuses(
        lambda: drive.client.payments.list(extra_query={"min_amount": "0"}),
        "min_amount must be greater than 0",
    )


def unique_items_field(spec: Spec) -> None:
    """Give a refund optional `tags`, each at most once (uniqueItems: true)."""
    properties_of(spec, "RefundCreateRequest")["tags"] = {
        "type": "array",
        "description": "Labels for the refund's own bookkeeping, each at most once.",
        "items": {"type": "string", "minLength": 1, "maxLength": 40},
        "maxItems": 10,
        "uniqueItems": True,
        "examples": [["duplicate", "late"]],
    }


async def drive_unique_items_field(drive: Drive) -> None:
    await drive.client.refunds.create(payment_id=await _paid(drive, skip=7), tags=["dup", "late"])
    _check(json.loads(drive.sent[-1].content)["tags"] == ["dup", "late"], drive.sent[-1].content)
    await _refused(
        lambda: drive.client.refunds.create(payment_id="payt_x", tags=["dup", "dup"]), "tags"
    )
    paid = await _paid(drive, skip=8)
    await _sandbox_refuses(
        lambda: drive.client.refunds.create(payment_id=paid, extra_body={"tags": ["a", "a"]}),
        "tags must not hold the same item twice",
    )


def multiple_of_field(spec: Spec) -> None:
    """Give a KYC link an optional `expires_in_minutes`, in quarter hours (multipleOf: 15)."""
    properties_of(spec, "KycLinkCreateRequest")["expires_in_minutes"] = {
        "type": "integer",
        "description": "How long the link stays valid, in quarter hours.",
        "minimum": 15,
        "maximum": 10080,
        "multipleOf": 15,
        "examples": [60],
    }


async def drive_multiple_of_field(drive: Drive) -> None:
    await drive.client.kyc_links.create(customer_id="cust_42", expires_in_minutes=60)
    _check(json.loads(drive.sent[-1].content)["expires_in_minutes"] == 60, drive.sent[-1].content)
    await _refused(
        lambda: drive.client.kyc_links.create(customer_id="cust_42", expires_in_minutes=50),
        "expires_in_minutes",
    )
    await _sandbox_refuses(
        lambda: drive.client.kyc_links.create(
            customer_id="cust_42", extra_body={"expires_in_minutes": 50}
        ),
        "expires_in_minutes must be a multiple of 15",
    )


def dependent_required_field(spec: Spec) -> None:
    """Give a virtual account an optional `notify_url`, which needs a `notify_secret`."""
    schema = _schemas(spec)["VirtualAccountCreateRequest"]
    properties_of(spec, "VirtualAccountCreateRequest")["notify_url"] = {
        "type": "string",
        "pattern": "^https://[^\\s]+$",
        "description": "Where the service posts the account's credits.",
        "examples": ["https://example.com/credits"],
    }
    properties_of(spec, "VirtualAccountCreateRequest")["notify_secret"] = {
        "type": "string",
        "minLength": 16,
        "description": "Signs the notifications sent to `notify_url`.",
        "examples": ["whsec_0123456789abcdef"],
    }
    schema["dependentRequired"] = {"notify_url": ["notify_secret"]}


async def drive_dependent_required_field(drive: Drive) -> None:
    create = drive.client.virtual_accounts.create
    url, secret = "https://example.com/credits", "s" * 16
    await create(**drive.virtual_account(), notify_url=url, notify_secret=secret)
    _check(json.loads(drive.sent[-1].content)["notify_secret"] == secret, drive.sent[-1].content)
    await _refused(lambda: create(**drive.virtual_account(), notify_url=url), "notify_secret")
    await _sandbox_refuses(
        lambda: create(**drive.virtual_account(), extra_body={"notify_url": url}),
        "notify_secret is required when notify_url is sent",
    )


def conditional_required_field(spec: Spec) -> None:
    """Let a refund go by bank transfer, which then needs a `beneficiary_id` (if/then)."""
    schema = _schemas(spec)["RefundCreateRequest"]
    properties_of(spec, "RefundCreateRequest")["refund_method"] = {
        "type": "string",
        "enum": ["original", "bank_transfer"],
        "description": "How the money goes back: to the original payment method by default.",
    }
    properties_of(spec, "RefundCreateRequest")["beneficiary_id"] = {
        "type": "string",
        "minLength": 1,
        "description": "The beneficiary a bank-transfer refund is paid to.",
    }
    schema["if"] = {
        "properties": {"refund_method": {"const": "bank_transfer"}},
        "required": ["refund_method"],
    }
    schema["then"] = {"required": ["beneficiary_id"]}


async def drive_conditional_required_field(drive: Drive) -> None:
    create = drive.client.refunds.create
    await create(payment_id=await _paid(drive, skip=9), refund_method="original")
    _check(
        json.loads(drive.sent[-1].content)["refund_method"] == "original", drive.sent[-1].content
    )
    await _refused(
        lambda: create(payment_id="payt_x", refund_method="bank_transfer"), "beneficiary_id"
    )
    paid = await _paid(drive, skip=10)
    await _sandbox_refuses(
        lambda: create(payment_id=paid, extra_body={"refund_method": "bank_transfer"}),
        "beneficiary_id",
    )


def property_names_map(spec: Spec) -> None:
    """Give a virtual account `metadata`: at most 20 keys, named like identifiers."""
    properties_of(spec, "VirtualAccountCreateRequest")["metadata"] = {
        "type": "object",
        "description": "Your own key-value pairs, returned as given.",
        "additionalProperties": {"type": "string", "maxLength": 500},
        "propertyNames": {"pattern": "^[a-z][a-z0-9_]{0,39}$"},
        "maxProperties": 20,
        "examples": [{"team": "ops"}],
    }


async def drive_property_names_map(drive: Drive) -> None:
    create = drive.client.virtual_accounts.create
    await create(**drive.virtual_account(), metadata={"team": "ops"})
    _check(
        json.loads(drive.sent[-1].content)["metadata"] == {"team": "ops"}, drive.sent[-1].content
    )
    await _refused(lambda: create(**drive.virtual_account(), metadata={"Team": "x"}), "Team")
    many = {f"k{n}": "v" for n in range(21)}
    await _refused(lambda: create(**drive.virtual_account(), metadata=many), "metadata")
    await _sandbox_refuses(
        lambda: create(**drive.virtual_account(), extra_body={"metadata": many}),
        "metadata must have at most 20 fields",
    )


def pattern_properties_field(spec: Spec) -> None:
    """Give a refund optional `custom_fields`, each named `x_...` (patternProperties)."""
    properties_of(spec, "RefundCreateRequest")["custom_fields"] = {
        "type": "object",
        "description": "Your own fields, each named with an `x_` prefix.",
        "patternProperties": {"^x_[a-z_]{1,30}$": {"type": "string", "maxLength": 100}},
        "additionalProperties": False,
        "minProperties": 1,
        "examples": [{"x_ticket": "T-1"}],
    }


async def drive_pattern_properties_field(drive: Drive) -> None:
    create = drive.client.refunds.create
    await create(payment_id=await _paid(drive, skip=11), custom_fields={"x_ticket": "T-1"})
    sent = json.loads(drive.sent[-1].content)
    _check(sent["custom_fields"] == {"x_ticket": "T-1"}, sent)
    await _refused(lambda: create(payment_id="payt_x", custom_fields={"ticket": "T"}), "ticket")
    await _refused(lambda: create(payment_id="payt_x", custom_fields={}), "custom_fields")
    paid = await _paid(drive, skip=12)
    await _sandbox_refuses(
        lambda: create(payment_id=paid, extra_body={"custom_fields": {"x_ticket": 5}}),
        "custom_fields.x_ticket must be a string",
    )


def prefix_items_field(spec: Spec) -> None:
    """Give a KYC link an optional `opening_hours` pair, [from, to] (prefixItems)."""
    properties_of(spec, "KycLinkCreateRequest")["opening_hours"] = {
        "type": "array",
        "description": "The hours of the day the link may be opened, from and to.",
        "prefixItems": [
            {"type": "integer", "minimum": 0, "maximum": 23},
            {"type": "integer", "minimum": 1, "maximum": 24},
        ],
        "items": False,
        "minItems": 2,
        "contains": {"type": "integer", "minimum": 1},
        "examples": [[9, 17]],
    }


async def drive_prefix_items_field(drive: Drive) -> None:
    create = drive.client.kyc_links.create
    await create(customer_id="cust_42", opening_hours=[9, 17])
    _check(json.loads(drive.sent[-1].content)["opening_hours"] == [9, 17], drive.sent[-1].content)
    await _refused(lambda: create(customer_id="cust_42", opening_hours=[9, 17, 3]), "opening")
    await _refused(lambda: create(customer_id="cust_42", opening_hours=[24, 3]), "opening_hours[0]")
    await _sandbox_refuses(
        lambda: create(customer_id="cust_42", extra_body={"opening_hours": [9, 17, 3]}),
        "opening_hours must have at most 2 items",
    )


def nullable_enum_field(spec: Spec) -> None:
    """Give a KYC link a nullable `channel`: email, sms, or null (an enum that lists null)."""
    properties_of(spec, "KycLink")["channel"] = {
        "type": ["string", "null"],
        "enum": ["email", "sms", None],
        "description": "How the link was sent to the customer, or null if it was not sent.",
    }


async def drive_nullable_enum_field(drive: Drive) -> None:
    link = await drive.client.kyc_links.create(customer_id="cust_42")
    for value in ("sms", None):
        await drive.control(f"/_sandbox/records/kyc_links/{link.id}", {"channel": value}, "PATCH")
        read = _field(await drive.client.kyc_links.retrieve(link.id), "channel")
        _check(getattr(read, "value", read) == value, (value, read))


def boolean_filter_default(spec: Spec) -> None:
    """GET /kyc-links takes `include_expired`, a boolean filter that defaults to false."""
    add_parameter(
        spec,
        "/kyc-links",
        "get",
        {
            "name": "include_expired",
            "in": "query",
            "required": False,
            "description": "Whether expired links are listed too.",
            "schema": {"type": "boolean", "default": False},
        },
    )


async def drive_boolean_filter_default(drive: Drive) -> None:
    link = await drive.client.kyc_links.create(customer_id="cust_42")
    for given, sent in ((None, "false"), (True, "true"), (False, "false")):
        options = {} if given is None else {"include_expired": given}
        page = await drive.client.kyc_links.list(**options)
        _check(drive.sent[-1].url.params.get("include_expired") == sent, drive.sent[-1].url)
        _check(link.id in [k.id for k in page.data], page.data)
    await _refused(lambda: drive.client.kyc_links.list(include_expired="yes"), "include_expired")


def json_charset_media(spec: Spec) -> None:
    """Write GET /refunds/{id}'s JSON answer as `application/json; charset=utf-8` (no change)."""
    answer = resolve(spec, operation(spec, "/refunds/{id}", "get")["responses"]["200"])
    content = answer.get("content", {})
    if "application/json" in content:  # not already written so
        content["application/json; charset=utf-8"] = content.pop("application/json")


def network_formats_field(spec: Spec) -> None:
    """Refunds record the customer's `customer_ip` (ipv4); a KYC link a `call_after` (time)."""
    ip = {
        "type": "string",
        "format": "ipv4",
        "description": "The IP address the customer asked for the refund from.",
        "examples": ["203.0.113.7"],
    }
    properties_of(spec, "RefundCreateRequest")["customer_ip"] = dict(ip)
    properties_of(spec, "Refund")["customer_ip"] = dict(ip)
    properties_of(spec, "KycLinkCreateRequest")["call_after"] = {
        "type": "string",
        "format": "time",
        "description": "Do not remind the customer before this time of day (with its offset).",
        "examples": ["09:00:00+01:00"],
    }


async def drive_network_formats_field(drive: Drive) -> None:
    create = drive.client.refunds.create
    refund = await create(payment_id=await _paid(drive, skip=13), customer_ip="203.0.113.7")
    _check(json.loads(drive.sent[-1].content)["customer_ip"] == "203.0.113.7", drive.sent[-1])
    again = await drive.client.refunds.retrieve(refund.id)
    _check(again.customer_ip in (None, "203.0.113.7"), again)
    await _refused(lambda: create(payment_id="payt_x", customer_ip="203.0.113.07"), "customer_ip")
    await _refused(lambda: create(payment_id="payt_x", customer_ip="fe80::1"), "customer_ip")
    paid = await _paid(drive, skip=14)
    await _sandbox_refuses(
        lambda: create(payment_id=paid, extra_body={"customer_ip": "203.0.113.256"}),
        "customer_ip must be a valid ipv4",
    )
    link = drive.client.kyc_links.create
    await link(customer_id="cust_42", call_after="09:00:00+01:00")
    _check(json.loads(drive.sent[-1].content)["call_after"] == "09:00:00+01:00", drive.sent[-1])
    await _refused(lambda: link(customer_id="cust_42", call_after="9am"), "call_after")
    await _refused(lambda: link(customer_id="cust_42", call_after="09:00:00"), "call_after")
    await _sandbox_refuses(
        lambda: link(customer_id="cust_42", extra_body={"call_after": "09:00"}),
        "call_after must be a valid time",
    )


def number_field(spec: Spec) -> None:
    """Give a refund a `fee_rate` (a `number`, 0 to 1) and its create a `max_fee_rate`."""
    properties_of(spec, "Refund")["fee_rate"] = {
        "type": "number",
        "minimum": 0,
        "maximum": 1,
        "description": "The share of the amount kept as a fee.",
    }
    properties_of(spec, "RefundCreateRequest")["max_fee_rate"] = {
        "type": "number",
        "minimum": 0,
        "maximum": 1,
        "description": "Refuse the refund if the fee would be a larger share than this.",
    }


async def drive_number_field(drive: Drive) -> None:
    from decimal import Decimal

    exact = Decimal("0.30000000000000000000001")  # a float would send 0.3
    refund = await drive.client.refunds.create(
        payment_id=await _paid(drive, skip=13), max_fee_rate=exact
    )
    _check(b'"max_fee_rate":0.30000000000000000000001' in drive.sent[-1].content, drive.sent[-1])
    await _refused(
        lambda: drive.client.refunds.create(payment_id="payt_x", max_fee_rate=0.5), "max_fee_rate"
    )  # a float: never sent
    await _refused(
        lambda: drive.client.refunds.create(payment_id="payt_x", max_fee_rate=Decimal("1.01")),
        "max_fee_rate",
    )
    await _sandbox_refuses(
        lambda: drive.client.refunds.create(
            payment_id="payt_x", extra_body={"max_fee_rate": Decimal("1.5")}
        ),
        "max_fee_rate",
    )
    body = json.dumps({**refund.to_dict(), "fee_rate": "FEE"}, default=str)
    answer = body.replace('"FEE"', "0.30000000000000000000001").encode()
    read = await (await drive.answering(200, answer)).refunds.retrieve(refund.id)
    _check(read.fee_rate == exact and isinstance(read.fee_rate, Decimal), read)


def decimal_string_field(spec: Spec) -> None:
    """Refunds in another currency carry the `settlement_rate` used, a decimal in a string."""
    rate = {
        "type": "string",
        "format": "decimal",
        "description": "The exchange rate the refund was settled at, as a decimal string.",
        "examples": ["1.0825"],
    }
    properties_of(spec, "RefundCreateRequest")["settlement_rate"] = dict(rate)
    properties_of(spec, "Refund")["settlement_rate"] = dict(rate)


async def drive_decimal_string_field(drive: Drive) -> None:
    create = drive.client.refunds.create
    refund = await create(payment_id=await _paid(drive, skip=13), settlement_rate="1.0825")
    _check(json.loads(drive.sent[-1].content)["settlement_rate"] == "1.0825", drive.sent[-1])
    again = await drive.client.refunds.retrieve(refund.id)
    _check(again.settlement_rate in (None, "1.0825"), again)
    await _refused(lambda: create(payment_id="payt_x", settlement_rate="1,0825"), "settlement_rate")
    await _refused(lambda: create(payment_id="payt_x", settlement_rate="1e3"), "settlement_rate")
    await _sandbox_refuses(
        lambda: create(payment_id="payt_x", extra_body={"settlement_rate": ".5"}),
        "settlement_rate must be a valid decimal",
    )


def small_integer_formats(spec: Spec) -> None:
    """KYC links take `max_reminders` (uint8) and the customer's `utc_offset_minutes` (int16)."""
    properties_of(spec, "KycLinkCreateRequest")["max_reminders"] = {
        "type": "integer",
        "format": "uint8",
        "description": "How many reminders the customer gets at most.",
        "examples": [3],
    }
    properties_of(spec, "KycLinkCreateRequest")["utc_offset_minutes"] = {
        "type": "integer",
        "format": "int16",
        "description": "The customer's offset from UTC, in minutes, to time the reminders.",
        "examples": [60],
    }


async def drive_small_integer_formats(drive: Drive) -> None:
    link = drive.client.kyc_links.create
    await link(customer_id="cust_42", max_reminders=255, utc_offset_minutes=-300)
    sent = json.loads(drive.sent[-1].content)
    _check((sent["max_reminders"], sent["utc_offset_minutes"]) == (255, -300), sent)
    await _refused(lambda: link(customer_id="cust_42", max_reminders=256), "max_reminders")
    await _refused(lambda: link(customer_id="cust_42", max_reminders=-1), "max_reminders")
    await _refused(lambda: link(customer_id="cust_42", utc_offset_minutes=40000), "utc_offset")
    await _sandbox_refuses(
        lambda: link(customer_id="cust_42", extra_body={"max_reminders": 300}),
        "max_reminders must be a valid uint8",
    )


def registry_string_formats(spec: Spec) -> None:
    """Refunds take a `client_token` (base64url) and a `note` (commonmark); KYC links a `local_deadline` (date-time-local) and an `initial` (char)."""  # noqa: E501
    properties_of(spec, "RefundCreateRequest")["client_token"] = {
        "type": "string",
        "format": "base64url",
        "description": "An opaque token of the client's, echoed in webhooks.",
        "examples": ["cmVmdW5kLTE"],
    }
    properties_of(spec, "RefundCreateRequest")["note"] = {
        "type": "string",
        "format": "commonmark",
        "maxLength": 2000,
        "description": "A note for the payer, in CommonMark.",
    }
    properties_of(spec, "KycLinkCreateRequest")["local_deadline"] = {
        "type": "string",
        "format": "date-time-local",
        "description": "When the customer should finish, in their own time zone.",
        "examples": ["2026-03-01T18:00:00"],
    }
    properties_of(spec, "KycLinkCreateRequest")["initial"] = {
        "type": "string",
        "format": "char",
        "description": "The customer's initial, shown on the link's page.",
    }


async def drive_registry_string_formats(drive: Drive) -> None:
    create = drive.client.refunds.create
    paid = await _paid(drive, skip=13)
    await create(payment_id=paid, client_token="cmVmdW5kLTE", note="*Sorry* for the delay")
    sent = json.loads(drive.sent[-1].content)
    _check(sent["client_token"] == "cmVmdW5kLTE" and sent["note"].startswith("*Sorry*"), sent)
    await _refused(lambda: create(payment_id="payt_x", client_token="cmVm+dW5k"), "client_token")
    await _sandbox_refuses(
        lambda: create(payment_id=paid, extra_body={"client_token": "a/b"}),
        "client_token must be a valid base64url",
    )
    link = drive.client.kyc_links.create
    await link(customer_id="cust_42", local_deadline="2026-03-01T18:00:00", initial="\u00c9")
    _check(b"2026-03-01T18:00:00" in drive.sent[-1].content, drive.sent[-1])
    await _refused(lambda: link(customer_id="cust_42", initial="JD"), "initial")
    await _refused(
        lambda: link(customer_id="cust_42", local_deadline="2026-03-01T18:00:00Z"),
        "local_deadline",
    )
    await _sandbox_refuses(
        lambda: link(customer_id="cust_42", extra_body={"local_deadline": "2026-02-30T18:00:00"}),
        "local_deadline must be a valid date-time-local",
    )


def unknown_format_field(spec: Spec) -> None:
    """Refunds take the customer's `contact_phone`, of a format no registry defines (`phone`)."""
    properties_of(spec, "RefundCreateRequest")["contact_phone"] = {
        "type": "string",
        "format": "phone",
        "maxLength": 32,
        "description": "A phone number to reach the customer about the refund.",
        "examples": ["+44 20 7946 0000"],
    }


async def drive_unknown_format_field(drive: Drive) -> None:
    create = drive.client.refunds.create
    # An annotation (JSON Schema 2020-12, 7.2): any string within the other keywords is sent,
    # and the sandbox takes it; maxLength still holds.
    await create(payment_id=await _paid(drive, skip=13), contact_phone="call me after 6")
    _check(json.loads(drive.sent[-1].content)["contact_phone"] == "call me after 6", drive.sent)
    await _refused(lambda: create(payment_id="payt_x", contact_phone="0" * 33), "contact_phone")
    docs = create.__doc__ or ""
    _check("``phone`` is not checked" in " ".join(docs.split()), docs)


def fractional_multiple_of(spec: Spec) -> None:
    """Refunds take a `tip_share` in hundredths (multipleOf: 0.01, above 0); KYC links a `min_rating` in halves from 0.5."""  # noqa: E501
    properties_of(spec, "RefundCreateRequest")["tip_share"] = {
        "type": "number",
        "exclusiveMinimum": 0,
        "maximum": 1,
        "multipleOf": 0.01,
        "description": "The share of the refund passed on as a tip, in hundredths.",
    }
    properties_of(spec, "KycLinkCreateRequest")["min_rating"] = {
        "type": "number",
        "minimum": 0.5,
        "maximum": 5,
        "multipleOf": 0.5,
        "description": "The least review rating the customer may leave, in half stars.",
    }


async def drive_fractional_multiple_of(drive: Drive) -> None:
    from decimal import Decimal

    create = drive.client.refunds.create
    paid = await _paid(drive, skip=13)
    await create(payment_id=paid, tip_share=Decimal("0.07"))
    _check(b'"tip_share":0.07' in drive.sent[-1].content, drive.sent[-1].content)
    for bad in (Decimal("0.075"), 0, Decimal("1.01")):
        await _refused(lambda bad=bad: create(payment_id="payt_x", tip_share=bad), "tip_share")
    await _sandbox_refuses(
        lambda: create(payment_id=paid, extra_body={"tip_share": Decimal("0.075")}),
        "tip_share must be a multiple of 0.01",
    )
    link = drive.client.kyc_links.create
    await link(customer_id="cust_42", min_rating=Decimal("4.5"))
    await link(customer_id="cust_42", min_rating=1)
    _check(b'"min_rating":1' in drive.sent[-1].content, drive.sent[-1].content)
    await _refused(lambda: link(customer_id="cust_42", min_rating=Decimal("0.25")), "min_rating")
    await _sandbox_refuses(
        lambda: link(customer_id="cust_42", extra_body={"min_rating": Decimal("4.75")}),
        "min_rating must be a multiple of 0.5",
    )


def patch_update(spec: Spec) -> None:
    """PATCH /refunds/{id} sets a refund's `memo` (a body of at least one field)."""
    add_schema(
        spec,
        "RefundUpdateRequest",
        {
            "type": "object",
            "description": "What to change on a refund.",
            "minProperties": 1,
            "properties": {
                "memo": {"type": "string", "maxLength": 64, "description": "Your note on it."}
            },
        },
    )
    properties_of(spec, "Refund")["memo"] = {"type": "string", "maxLength": 64}
    add_path(
        spec,
        "/refunds/{id}",
        {
            "patch": {
                "operationId": "updateRefund",
                "summary": "Update a refund",
                "description": "Sets your memo on a refund.",
                "tags": ["Payin"],
                "parameters": [{"$ref": "#/components/parameters/ResourceId"}],
                "requestBody": {
                    "required": True,
                    "content": {
                        "application/json": {
                            "schema": {"$ref": "#/components/schemas/RefundUpdateRequest"}
                        }
                    },
                },
                "responses": {
                    "200": _json("Refund", "The refund."),
                    **_errors("400", "401", "404"),
                },
            }
        },
    )


async def drive_patch_update(drive: Drive) -> None:
    refund = await drive.client.refunds.create(payment_id=await _paid(drive, skip=14))
    updated = await drive.client.refunds.update(refund.id, memo="INV-7")
    _check(drive.sent[-1].method == "PATCH", drive.sent[-1])
    _check(updated.id == refund.id and updated.memo == "INV-7", updated)
    _check((await drive.client.refunds.retrieve(refund.id)).memo == "INV-7", refund.id)
    await _refused(lambda: drive.client.refunds.update(refund.id), "at least 1 field")
    await _refused(lambda: drive.client.refunds.update(refund.id, memo="x" * 65), "memo")


def header_enum(spec: Spec) -> None:
    """GET /refunds takes an optional `X-Region` header, `eu` or `us`."""
    add_parameter(
        spec,
        "/refunds",
        "get",
        {
            "name": "X-Region",
            "in": "header",
            "required": False,
            "description": "The region whose refunds are listed.",
            "schema": {"type": "string", "enum": ["eu", "us"]},
        },
    )


async def drive_header_enum(drive: Drive) -> None:
    await drive.client.refunds.list(x_region="eu")
    _check(drive.sent[-1].headers["X-Region"] == "eu", drive.sent[-1].headers)
    await _refused(lambda: drive.client.refunds.list(x_region="mars"), "x_region")
    await _sandbox_refuses(
        lambda: drive.client.refunds.list(extra_headers={"X-Region": "mars"}), "X-Region"
    )


def int64_filter(spec: Spec) -> None:
    """GET /payments takes an optional `max_amount` filter (int64, at least 0, no maximum)."""
    add_parameter(
        spec,
        "/payments",
        "get",
        {
            "name": "max_amount",
            "in": "query",
            "required": False,
            "description": "Only payments of at most this amount, in minor units.",
            "schema": {"type": "integer", "format": "int64", "minimum": 0},
        },
    )


async def drive_int64_filter(drive: Drive) -> None:
    page = await drive.client.payments.list(max_amount=2**62)  # beyond 10^15: the schema's call
    _check(drive.sent[-1].url.params["max_amount"] == str(2**62), drive.sent[-1].url)
    _check(page.data is not None, page)
    await _refused(lambda: drive.client.payments.list(max_amount=-1), "max_amount")
    await _refused(lambda: drive.client.payments.list(max_amount=2**63), "max_amount")


def bounded_list_field(spec: Spec) -> None:
    """Let a refund create send `labels`: 1 to 5 texts of 1 to 20 characters."""
    properties_of(spec, "RefundCreateRequest")["labels"] = {
        "type": "array",
        "minItems": 1,
        "maxItems": 5,
        "items": {"type": "string", "minLength": 1, "maxLength": 20},
        "description": "Your labels for the refund.",
    }


async def drive_bounded_list_field(drive: Drive) -> None:
    await drive.client.refunds.create(payment_id=await _paid(drive, skip=15), labels=["a", "b"])
    _check(json.loads(drive.sent[-1].content)["labels"] == ["a", "b"], drive.sent[-1].content)
    await _refused(lambda: drive.client.refunds.create(payment_id="payt_x", labels=[]), "labels")
    await _refused(
        lambda: drive.client.refunds.create(payment_id="payt_x", labels=["x"] * 6), "labels"
    )
    await _sandbox_refuses(
        lambda: drive.client.refunds.create(payment_id="payt_x", extra_body={"labels": []}),
        "labels",
    )


def nullable_request_fields(spec: Spec) -> None:
    """Let a refund create send a `note` (text or null) and free-form `metadata` (any keys)."""
    properties_of(spec, "RefundCreateRequest")["note"] = {
        "type": ["string", "null"],
        "maxLength": 140,
        "description": "A note for the customer, or null for none.",
    }
    properties_of(spec, "RefundCreateRequest")["metadata"] = {
        "type": "object",
        "description": "Your own key-value data, kept with the refund.",
    }


async def drive_nullable_request_fields(drive: Drive) -> None:
    import io

    create = drive.client.refunds.create
    await create(payment_id=await _paid(drive), note="Thanks", metadata={"order": "o_1", "n": [1]})
    sent = json.loads(drive.sent[-1].content)
    _check((sent["note"], sent["metadata"]) == ("Thanks", {"order": "o_1", "n": [1]}), sent)
    await create(payment_id=await _paid(drive, skip=1), note=None)  # None sends null: it clears
    _check(json.loads(drive.sent[-1].content).get("note", "absent") is None, drive.sent[-1].content)
    await create(payment_id=await _paid(drive, skip=2))  # not given: not sent
    _check("note" not in json.loads(drive.sent[-1].content), drive.sent[-1].content)
    await _refused(lambda: create(payment_id="payt_x", note=io.StringIO("x")), "note")
    await _refused(lambda: create(payment_id="payt_x", note="x" * 141), "note")
    await _refused(lambda: create(payment_id="payt_x", metadata={"k": io.BytesIO()}), "metadata.k")
    await _sandbox_refuses(
        lambda: create(payment_id="payt_x", extra_body={"note": 5}),
        "note",
    )


# -- the list --------------------------------------------------------------------------------------

_NEW_FEATURE = "needs {branch} ({what}); expected to fail until it lands"


def _pending(branch: str, what: str) -> str:
    return _NEW_FEATURE.format(branch=branch, what=what)


EDITS: tuple[Edit, ...] = (
    Edit("header_parameter", "compatible", "header parameter", header_parameter,
         drive=drive_header_parameter),
    Edit("raised_bound", "compatible", "numeric bounds", raised_bound,
         facts=(('"maximum": 100,', '"maximum": 200,'),), drive=drive_raised_bound),
    Edit("new_filter", "compatible", "query parameter (form, scalar)", new_filter,
         drive=drive_new_filter),
    Edit("new_resource", "compatible", "new path / resource", new_resource,
         facts=(_added("OPERATIONS", ("POST", "/v1/widgets"), ("GET", "/v1/widgets"),
                       ("GET", "/v1/widgets/{id}")),
                _added("LIST_ROUTES", ("GET", "/v1/widgets"))),
         drive=drive_new_resource),
    Edit("operation_id_rename", "compatible", "operationId", operation_id_rename,
         drive=drive_operation_id_rename),
    Edit("new_default", "compatible", "default", new_default,
         facts=(('"default": 20}', '"default": 50}'),), drive=drive_new_default),
    Edit("new_request_field", "compatible", "object properties (request)", new_request_field,
         drive=drive_new_request_field),
    Edit("new_response_field", "compatible", "object properties (response)", new_response_field,
         drive=drive_new_response_field),
    Edit("new_enum_value", "compatible", "enum (response)", new_enum_value,
         drive=drive_new_enum_value),
    Edit("new_request_enum_value", "compatible", "enum (request)", new_request_enum_value,
         drive=drive_new_request_enum_value),
    Edit("nested_object", "compatible", "nested object / $ref", nested_object,
         drive=drive_nested_object),
    Edit("new_error_body", "compatible", "error responses", new_error_body,
         drive=drive_new_error_body),
    Edit("new_operation", "compatible", "new operation on a resource", new_operation,
         facts=(_added("OPERATIONS", ("GET", "/v1/payments/{id}")),), drive=drive_new_operation),
    Edit("nested_list", "compatible", "path parameter (a list under a record)", nested_list,
         facts=(_added("OPERATIONS", ("GET", "/v1/payments/{payment_id}/events")),),
         drive=drive_nested_list),
    Edit("record_action", "compatible", "new action under a record", record_action,
         facts=(_added("OPERATIONS", ("POST", "/v1/payments/{id}/capture")),),
         drive=drive_record_action),
    Edit("discriminated_one_of", "compatible", "oneOf with discriminator (response)",
         discriminated_one_of, drive=drive_discriminated_one_of),
    Edit("all_of_record", "compatible", "allOf", all_of_record,
         facts=(_added("OPERATIONS", ("POST", "/v1/payouts"), ("GET", "/v1/payouts/{id}")),),
         drive=drive_all_of_record),
    Edit("csv_response", "compatible", "non-JSON response (text)", csv_response,
         facts=(_added("OPERATIONS", ("GET", "/v1/payments/export")),), drive=drive_csv_response),
    Edit("binary_response", "compatible", "non-JSON response (binary)", binary_response,
         facts=(_added("OPERATIONS", ("GET", "/v1/document/{document_id}/content")),),
         drive=drive_binary_response),
    Edit("read_write_only", "compatible", "readOnly / writeOnly", read_write_only,
         facts=(_added("OPERATIONS", ("POST", "/v1/webhook_endpoints")),),
         drive=drive_read_write_only),
    Edit("read_only_nested", "compatible", "readOnly / writeOnly (nested, both ways)",
         read_only_nested,
         facts=(_added("OPERATIONS", ("POST", "/v1/customers"), ("GET", "/v1/customers/{id}")),),
         drive=drive_read_only_nested),
    Edit("deep_object_parameter", "compatible", "query style deepObject",
         deep_object_parameter, drive=drive_deep_object_parameter),
    Edit("form_no_explode_parameter", "compatible", "query style form, explode: false",
         form_no_explode_parameter, drive=drive_form_no_explode_parameter),
    Edit("pipe_delimited_parameter", "compatible", "query style pipeDelimited",
         pipe_delimited_parameter, drive=drive_pipe_delimited_parameter),
    Edit("array_filter", "compatible", "array query filter (explode: true)", array_filter,
         drive=drive_array_filter),
    Edit("date_format", "compatible", "format: date", date_format, drive=drive_date_format),
    Edit("deprecated_operation", "compatible", "deprecated (operation)", deprecated_operation,
         drive=drive_deprecated_operation),
    Edit("deprecated_parameter", "compatible", "deprecated (parameter)", deprecated_parameter,
         drive=drive_deprecated_parameter),
    Edit("request_one_of_variant", "compatible", "oneOf (request)", request_one_of_variant,
         drive=drive_request_one_of_variant),
    Edit("second_security_scheme", "compatible", "security schemes", second_security_scheme,
         drive=drive_second_security_scheme),
    Edit("api_key_scheme", "compatible", "security: apiKey in a header", api_key_scheme,
         drive=drive_api_key_scheme),
    Edit("public_operation", "compatible", "security: [] (no credential)", public_operation,
         drive=drive_public_operation),
    Edit("delete_and_replace", "compatible", "PUT replace; DELETE answering the record",
         delete_and_replace,
         facts=(_added("OPERATIONS", ("PUT", "/v1/document/{document_id}"),
                       ("DELETE", "/v1/document/{document_id}")),),
         drive=drive_delete_and_replace),
    Edit("exclusive_minimum_filter", "compatible", "exclusiveMinimum / exclusiveMaximum",
         exclusive_minimum_filter, drive=drive_exclusive_minimum_filter),
    Edit("unique_items_field", "compatible", "uniqueItems", unique_items_field,
         drive=drive_unique_items_field),
    Edit("multiple_of_field", "compatible", "multipleOf", multiple_of_field,
         drive=drive_multiple_of_field),
    Edit("dependent_required_field", "compatible", "dependentRequired", dependent_required_field,
         drive=drive_dependent_required_field),
    Edit("conditional_required_field", "compatible", "if/then/else", conditional_required_field,
         drive=drive_conditional_required_field),
    Edit("property_names_map", "compatible", "propertyNames / maxProperties", property_names_map,
         drive=drive_property_names_map),
    Edit("pattern_properties_field", "compatible", "patternProperties",
         pattern_properties_field, drive=drive_pattern_properties_field),
    Edit("prefix_items_field", "compatible", "prefixItems / contains", prefix_items_field,
         drive=drive_prefix_items_field),
    Edit("integer_enum_field", "compatible", "enum of integers", integer_enum_field,
         drive=drive_integer_enum_field),
    Edit("multi_type_field", "compatible", "type: [string, integer]", multi_type_field,
         drive=drive_multi_type_field),
    Edit("nullable_response_fields", "compatible", "type with null; oneOf of primitives",
         nullable_response_fields, drive=drive_nullable_response_fields),
    Edit("shared_parameter_and_response", "compatible",
         "components/parameters and components/responses by $ref",
         shared_parameter_and_response, drive=drive_shared_parameter_and_response),
    Edit("item_beside_single_record", "compatible", "operations", item_beside_single_record,
         facts=(_added("OPERATIONS", ("GET", "/v1/balances/{currency}")),),
         drive=drive_item_beside_single_record),
    Edit("resource_action", "compatible", "operations", resource_action,
         facts=(_added("OPERATIONS", ("GET", "/v1/payments/summary")),),
         drive=drive_resource_action),
    Edit("no_content_action", "compatible", "204 with no body (an action)", no_content_action,
         facts=(_added("OPERATIONS", ("POST", "/v1/kyc-links/{id}/revoke")),),
         drive=drive_no_content_action),
    Edit("accepted_status", "compatible", "success statuses", accepted_status,
         drive=drive_accepted_status),
    Edit("required_response_field", "compatible", "required (response)", required_response_field,
         drive=drive_required_response_field),
    Edit("required_nested_response_field", "compatible", "required (nested response object)",
         required_nested_response_field, drive=drive_required_nested_response_field),
    Edit("nullable_enum_field", "compatible", "enum listing null", nullable_enum_field,
         drive=drive_nullable_enum_field),
    Edit("boolean_filter_default", "compatible", "query parameter (boolean, default)",
         boolean_filter_default, drive=drive_boolean_filter_default),
    Edit("network_formats_field", "compatible", "format (ipv4, time)", network_formats_field,
         drive=drive_network_formats_field),
    Edit("path_level_params", "compatible", "parameters of a path item", path_level_params,
         drive=drive_path_level_params),
    Edit("number_field", "compatible", "type: number (exact: int or Decimal)", number_field,
         drive=drive_number_field),
    Edit("decimal_string_field", "compatible", "format (registry: decimal)",
         decimal_string_field, drive=drive_decimal_string_field),
    Edit("small_integer_formats", "compatible", "format (registry: uint8, int16)",
         small_integer_formats, drive=drive_small_integer_formats),
    Edit("registry_string_formats", "compatible",
         "format (registry: base64url, commonmark, date-time-local, char)",
         registry_string_formats,
         drive=drive_registry_string_formats),
    Edit("unknown_format_field", "compatible", "format no registry defines (an annotation)",
         unknown_format_field, drive=drive_unknown_format_field),
    Edit("fractional_multiple_of", "compatible", "multipleOf 0.01, minimum 0.5 on a number",
         fractional_multiple_of, drive=drive_fractional_multiple_of),
    Edit("patch_update", "compatible", "PATCH update (minProperties body)", patch_update,
         facts=(_added("OPERATIONS", ("PATCH", "/v1/refunds/{id}")),), drive=drive_patch_update),
    Edit("header_enum", "compatible", "header parameter with an enum", header_enum,
         drive=drive_header_enum),
    Edit("int64_filter", "compatible", "integer format int64 without maximum", int64_filter,
         drive=drive_int64_filter),
    Edit("bounded_list_field", "compatible", "minItems / maxItems (request)", bounded_list_field,
         drive=drive_bounded_list_field),
    Edit("nullable_request_fields", "compatible", "type listing null; free-form object (request)",
         nullable_request_fields, drive=drive_nullable_request_fields),
    Edit("webhook_event", "compatible", "webhooks", webhook_event, drive=drive_webhook_event),
    Edit("webhook_inline_payload", "compatible", "webhooks", webhook_inline_payload,
         drive=drive_webhook_inline_payload),
    Edit("removed_field", "breaking", "object properties (response)", removed_field,
         flags=("[BREAKING] getRefund", "created_at")),
    Edit("new_required_field", "breaking", "required (request)", new_required_field,
         flags=("[BREAKING] createRefund", "reason")),
    Edit("response_field_optional", "breaking", "required (response)", response_field_optional,
         flags=("[BREAKING] getRefund", "payment_id: no longer always present")),
    Edit("removed_enum_value", "breaking", "enum (request)", removed_enum_value,
         flags=("[BREAKING] createBalanceConversion", "GBP")),
    Edit("narrowed_bound", "breaking", "numeric bounds", narrowed_bound,
         flags=("[BREAKING] listPayments", "maximum 100 -> 50")),
    Edit("exclusive_maximum_added", "breaking", "exclusiveMinimum / exclusiveMaximum",
         exclusive_maximum_added,
         flags=("[BREAKING] listPayments", "exclusiveMaximum None -> 100")),
    Edit("multiple_of_added", "breaking", "multipleOf", multiple_of_added,
         flags=("[BREAKING] createOrder", "multipleOf None -> 100")),
    Edit("changed_parameter_style", "breaking", "query parameter styles",
         changed_parameter_style,
         flags=("[BREAKING] listOrders", "style form without explode -> pipeDelimited"),
         released=("form_no_explode_parameter",)),
    Edit("removed_operation", "breaking", "operations", removed_operation,
         flags=("[BREAKING] closeVirtualAccounts",),
         overlay=drop_overlay_actions("$.paths['/virtual-accounts'].delete")),
    Edit("required_filter", "breaking", "required (query parameter)", required_filter,
         flags=("[BREAKING] listPayments", "currency")),
    Edit("renamed_request_field", "breaking", "object properties (request)",
         renamed_request_field, flags=("[BREAKING] createBeneficiaryV2", "local_routing_number")),
    Edit("server_move", "breaking", "servers (operation level)", server_move,
         flags=("[BREAKING] getRefund",)),
    Edit("webhook_removed", "breaking", "webhooks", webhook_removed,
         flags=("[BREAKING] webhook paymentSucceeded", "webhook removed"),
         released=("webhook_event", "webhook_inline_payload")),
    Edit("webhook_payload_field_optional", "breaking", "webhooks",
         webhook_payload_field_optional,
         flags=("[BREAKING] webhook paymentSucceeded", "created_at: no longer always present"),
         released=("webhook_event",)),
    Edit("description_change", "doc-only", "descriptions", description_change),
    Edit("summary_change", "doc-only", "summaries", summary_change),
    Edit("example_change", "doc-only", "examples", example_change),
    Edit("info_version", "doc-only", "info", info_version),
    Edit("schema_title", "doc-only", "`title` on a schema", schema_title),
    Edit("json_charset_media", "doc-only", "media type with its charset", json_charset_media),
    Edit("request_body_ref", "doc-only", "components/requestBodies by $ref", request_body_ref),
    Edit("response_links", "doc-only", "links (response)", response_links),
    Edit("foreign_server", "unsupported", "servers on another host", foreign_server,
         flags=("/balances",)),
    Edit("cookie_parameter", "unsupported", "cookie parameters", cookie_parameter,
         flags=("cookie parameter at /paths/~1payments/get/parameters/0",)),
    Edit("webhook_signature_header", "unsupported", "webhooks", webhook_signature_header,
         flags=("webhook parameters at /webhooks/paymentSucceeded/post/parameters",)),
    Edit("dynamic_reference", "unsupported", "schema keywords the SDK does not check",
         dynamic_reference,
         flags=("$dynamicRef at /components/schemas/RefundCreateRequest/properties/labels",)),
    Edit("unicode_property_pattern", "unsupported", "pattern syntax re cannot compile",
         unicode_property_pattern,
         flags=("pattern with a Unicode property escape (\\p{...}) at /components/schemas/"
                "BeneficiaryDetails/properties/local_name/pattern",)),
)  # fmt: skip


def by_name(name: str) -> Edit:
    """Return the edit called ``name``."""
    for edit in EDITS:
        if edit.name == name:
            return edit
    raise KeyError(f"no edit {name!r}; spec_edits.py --list lists them")


def apply_edits(spec: Spec, edits: list[Edit] | tuple[Edit, ...]) -> Spec:
    """Return a copy of ``spec`` with every edit of ``edits`` applied, in order."""
    edited = copy.deepcopy(spec)
    for edit in edits:
        edit.apply(edited)
    return edited


def overlay_after(overlay: Spec, edits: list[Edit] | tuple[Edit, ...]) -> Spec:
    """Return a copy of the loaded ``overlay`` with the overlay change of each of ``edits``."""
    changed = copy.deepcopy(overlay)
    for edit in edits:
        if edit.overlay is not None:
            edit.overlay(changed)
    return changed


def edited_bundle(
    spec: Spec, edits: list[Edit] | tuple[Edit, ...], overlay: Spec | None = None
) -> Spec:
    """Return ``spec`` (their file) with ``edits`` applied, then our overlay as the edits leave it.

    ``overlay`` is the loaded overlay (default: ``openapi/overlay.yaml``): the document
    ``make generate`` generates from after the edits.
    """
    ours = load_document(OVERLAY) if overlay is None else overlay
    merged: Spec = apply_overlay(apply_edits(spec, edits), overlay_after(ours, edits))
    return merged


def released_baseline(baseline: Spec, edit: Edit) -> Spec:
    """Return the release's bundle as ``edit`` assumes it: with its ``released`` edits."""
    return apply_edits(baseline, [by_name(name) for name in edit.released])


def facts_after(text: str, edits: list[Edit] | tuple[Edit, ...]) -> str:
    """Return description_facts.py's ``text`` with the ``facts`` of ``edits`` applied."""
    for edit in edits:
        for old, new in edit.facts:
            if new.startswith(old) and old in text:
                # An insertion after an anchor is done once its lines are in the anchor's block.
                start = text.index(old)
                block = text[start : text.find("\n}", start)]
                if all(line in block for line in new.removeprefix(old).splitlines()):
                    continue
            elif new in text:
                continue
            if old not in text:
                raise ValueError(f"{edit.name}: description_facts.py has no {old!r}")
            text = text.replace(old, new, 1)
    return text


for _edit in EDITS:
    _edit_kinds_need = {
        "compatible": _edit.drive is not None,
        "breaking": bool(_edit.flags),
        "unsupported": bool(_edit.flags),
        "doc-only": not _edit.flags and _edit.drive is None,
    }
    if not _edit_kinds_need[_edit.kind]:
        raise ValueError(f"{_edit.name}: a {_edit.kind} edit lacks what its kind needs")
_names = [edit.name for edit in EDITS]
if len(set(_names)) != len(_names):
    raise ValueError("two edits share a name")
