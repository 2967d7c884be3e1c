"""Realistic, compatible edits of ``openapi/payments.yaml`` that use OpenAPI 3.1 features.

Each function edits the parsed YAML in place, as a maintainer would edit the file, using one
feature the pipeline carries (docs/development.md, "OpenAPI 3.1 features"). The tests apply
them to a scratch copy (``tests/spec/test_openapi_features_are_carried.py``); ``make
spec-edits`` can replay them one by one. None of them touches anything outside ``openapi/``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bundle_edits import (
    add_parameter,
    add_path,
    add_schema,
    field_of,
    parameter_of,
    properties_of,
    ref,
    schemas,
)

__all__ = ["FEATURE_EDITS", "apply_all"]

Spec = dict[str, Any]

_TIMESTAMP = {"$ref": "#/components/schemas/Timestamp"}
_ERRORS = {
    "400": {"$ref": "#/components/responses/BadRequest"},
    "401": {"$ref": "#/components/responses/Unauthorized"},
}


_schemas = schemas
_ref = ref


def _json(description: str, schema: str) -> dict[str, Any]:
    return {"description": description, "content": {"application/json": {"schema": _ref(schema)}}}


def _list_of(spec: Spec, item: str) -> None:
    add_schema(
        spec,
        f"{item}List",
        {
            "type": "object",
            "description": f"A page of {item} records.",
            "required": ["data", "page_meta"],
            "properties": {
                "data": {"type": "array", "items": _ref(item)},
                "page_meta": _ref("PageMeta"),
            },
        },
    )


def _pages() -> list[dict[str, str]]:
    return [
        {"$ref": f"#/components/parameters/{name}"} for name in ("Before", "After", "PerPage")
    ] + [{"$ref": "#/components/parameters/Page"}]


def discriminated_union(spec: Spec) -> None:
    """Payment gains an optional ``method_details``: a oneOf of objects with a discriminator."""
    add_schema(
        spec,
        "CardDetails",
        {
            "type": "object",
            "description": "The payment was made by card.",
            "required": ["type", "last4"],
            "properties": {
                "type": {"type": "string", "const": "card"},
                "last4": {"type": "string", "pattern": "^[0-9]{4}$"},
                "brand": {"type": "string", "description": "The card's scheme, such as `visa`."},
            },
            "additionalProperties": True,
        },
    )
    add_schema(
        spec,
        "BankTransferDetails",
        {
            "type": "object",
            "description": "The payment was made by bank transfer.",
            "required": ["type", "bank_name"],
            "properties": {
                "type": {"type": "string", "const": "bank_transfer"},
                "bank_name": {"type": "string"},
                "reference": {"type": "string"},
            },
            "additionalProperties": True,
        },
    )
    add_schema(
        spec,
        "PaymentMethodDetails",
        {
            "description": "How the customer paid.",
            "oneOf": [_ref("CardDetails"), _ref("BankTransferDetails")],
            "discriminator": {
                "propertyName": "type",
                "mapping": {
                    "card": "#/components/schemas/CardDetails",
                    "bank_transfer": "#/components/schemas/BankTransferDetails",
                },
            },
        },
    )
    properties_of(spec, "Payment")["method_details"] = _ref("PaymentMethodDetails")


def untagged_union(spec: Spec) -> None:
    """Refund gains an optional ``destination``: a oneOf of two closed objects, no discriminator."""
    add_schema(
        spec,
        "CardDestination",
        {
            "type": "object",
            "description": "The refund goes back to a card.",
            "required": ["card_last4"],
            "properties": {"card_last4": {"type": "string", "pattern": "^[0-9]{4}$"}},
            "additionalProperties": False,
        },
    )
    add_schema(
        spec,
        "BankDestination",
        {
            "type": "object",
            "description": "The refund goes to a bank account.",
            "required": ["iban"],
            "properties": {"iban": {"type": "string", "minLength": 15}},
            "additionalProperties": False,
        },
    )
    properties_of(spec, "Refund")["destination"] = {
        "description": "Where the refund is sent.",
        "oneOf": [_ref("CardDestination"), _ref("BankDestination")],
    }


def all_of_record(spec: Spec) -> None:
    """A new resource, disputes, whose record and create request are ``allOf`` compositions."""
    add_schema(
        spec,
        "DisputeBase",
        {
            "type": "object",
            "description": "What every record has: its id and when it was created.",
            "required": ["id", "created_at"],
            "properties": {"id": {"type": "string"}, "created_at": _TIMESTAMP},
        },
    )
    add_schema(
        spec,
        "PaymentReference",
        {
            "type": "object",
            "description": "The payment a request is about.",
            "required": ["payment_id"],
            "properties": {"payment_id": _ref("PaymentId")},
        },
    )
    add_schema(
        spec,
        "DisputeCreateRequest",
        {
            "description": "Opens a dispute on a payment.",
            "allOf": [
                _ref("PaymentReference"),
                {
                    "type": "object",
                    "required": ["reason"],
                    "properties": {
                        "reason": {"type": "string", "minLength": 1, "description": "Why."},
                        "amount": {**_ref("MinorAmount"), "description": "The disputed amount."},
                    },
                },
            ],
        },
    )
    add_schema(
        spec,
        "Dispute",
        {
            "description": "A dispute opened on a payment.",
            "allOf": [
                _ref("DisputeBase"),
                _ref("PaymentReference"),
                {
                    "type": "object",
                    "required": ["status"],
                    "properties": {
                        "status": {"type": "string", "examples": ["open"]},
                        "reason": {"type": "string"},
                        "amount": _ref("MinorAmount"),
                    },
                },
            ],
        },
    )
    _list_of(spec, "Dispute")
    tags = ["Payin"]
    add_path(
        spec,
        "/disputes",
        {
            "post": {
                "operationId": "createDispute",
                "tags": tags,
                "summary": "Open a dispute",
                "description": "Opens a dispute on a payment.",
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": _ref("DisputeCreateRequest")}},
                },
                "responses": {"201": _json("The dispute.", "Dispute"), **_ERRORS},
            },
            "get": {
                "operationId": "listDisputes",
                "tags": tags,
                "summary": "List disputes",
                "description": "Lists disputes, newest first.",
                "parameters": _pages(),
                "responses": {"200": _json("A page of disputes.", "DisputeList"), **_ERRORS},
            },
        },
    )
    add_path(
        spec,
        "/disputes/{id}",
        {
            "get": {
                "operationId": "getDispute",
                "tags": tags,
                "summary": "Retrieve a dispute",
                "description": "Returns one dispute by its id.",
                "parameters": [{"$ref": "#/components/parameters/ResourceId"}],
                "responses": {
                    "200": _json("The dispute.", "Dispute"),
                    **_ERRORS,
                    "404": {"$ref": "#/components/responses/NotFound"},
                },
            }
        },
    )


def text_response(spec: Spec) -> None:
    """A new operation, GET /balances/statement, answers a CSV statement (text/csv)."""
    add_path(
        spec,
        "/balances/statement",
        {
            "get": {
                "operationId": "getBalanceStatement",
                "x-sdk-method": "statement",
                "tags": ["Multi Currency Account"],
                "summary": "Download a balance statement",
                "description": "Returns the statement of one currency's balance as CSV.",
                "parameters": [
                    {
                        "name": "currency",
                        "in": "query",
                        "required": True,
                        "description": "The balance's currency.",
                        "schema": _ref("CurrencyCode"),
                    }
                ],
                "responses": {
                    "200": {
                        "description": "The statement, one movement a line.",
                        "content": {
                            "text/csv": {
                                "schema": {"type": "string"},
                                "example": "created_at,amount,currency\n",
                            }
                        },
                    },
                    **_ERRORS,
                },
            }
        },
    )


def binary_response(spec: Spec) -> None:
    """A new operation, GET /document/{document_id}/content, answers the file (application/pdf)."""
    add_path(
        spec,
        "/document/{document_id}/content",
        {
            "get": {
                "operationId": "getDocumentContent",
                "tags": ["Document"],
                "summary": "Download a document",
                "description": "Returns the uploaded document's bytes.",
                "parameters": [
                    {
                        "name": "document_id",
                        "in": "path",
                        "required": True,
                        "description": "The document's id.",
                        "schema": _ref("DocumentId"),
                    }
                ],
                "responses": {
                    "200": {
                        "description": "The document's bytes.",
                        "content": {
                            "application/pdf": {"schema": {"type": "string", "format": "binary"}}
                        },
                    },
                    **_ERRORS,
                    "404": {"$ref": "#/components/responses/NotFound"},
                },
            }
        },
    )


def read_write_only(spec: Spec) -> None:
    """``readOnly``/``writeOnly``: Refund.id is readOnly; webhooks share one schema both ways."""
    field_of(spec, "Refund", "id")["readOnly"] = True
    add_schema(
        spec,
        "Webhook",
        {
            "type": "object",
            "description": "An endpoint that receives event notifications.",
            "required": ["id", "url", "secret", "created_at"],
            "properties": {
                "id": {"type": "string", "readOnly": True, "pattern": "^whk_[A-Za-z0-9_-]+$"},
                "url": {"type": "string", "minLength": 8, "examples": ["https://example.com/hook"]},
                "secret": {
                    "type": "string",
                    "writeOnly": True,
                    "minLength": 16,
                    "description": "The signing secret; never answered.",
                },
                "description": {"type": "string"},
                "created_at": {**_TIMESTAMP, "readOnly": True},
            },
            "additionalProperties": False,
        },
    )
    _list_of(spec, "Webhook")
    add_path(
        spec,
        "/webhooks",
        {
            "post": {
                "operationId": "createWebhook",
                "tags": ["Payin"],
                "summary": "Register a webhook",
                "description": "Registers an endpoint for event notifications.",
                "requestBody": {
                    "required": True,
                    "content": {"application/json": {"schema": _ref("Webhook")}},
                },
                "responses": {"201": _json("The webhook.", "Webhook"), **_ERRORS},
            },
            "get": {
                "operationId": "listWebhooks",
                "tags": ["Payin"],
                "summary": "List webhooks",
                "description": "Lists webhooks, newest first.",
                "parameters": _pages(),
                "responses": {"200": _json("A page of webhooks.", "WebhookList"), **_ERRORS},
            },
        },
    )


def date_fields(spec: Spec) -> None:
    """``format: date``: Payment.value_date, a listPayments filter, an order's ``expires_on``."""
    date = {"type": "string", "format": "date"}
    properties_of(spec, "Payment")["value_date"] = {
        **date,
        "description": "The day the funds settle.",
    }
    add_parameter(
        spec,
        "/payments",
        "get",
        {
            "name": "value_date",
            "in": "query",
            "required": False,
            "description": "Only payments settling on this day.",
            "schema": date,
        },
    )
    properties_of(spec, "OrderCreateInline")["expires_on"] = {
        **date,
        "description": "The last day the customer may pay.",
    }
    properties_of(spec, "Order")["expires_on"] = dict(date)


def deprecations(spec: Spec) -> None:
    """``deprecated: true`` on an operation, a query parameter and a request property."""
    spec["paths"]["/bank_account_validation"]["get"]["deprecated"] = True
    parameter_of(spec, "/balance_conversions", "get", "source_currency")["deprecated"] = True
    field_of(spec, "KycLinkCreateRequest", "email")["deprecated"] = True
    properties_of(spec, "Payment")["payin_id"] = {
        **field_of(spec, "Payment", "payin_id"),
        "deprecated": True,
    }


FEATURE_EDITS: dict[str, Callable[[Spec], None]] = {
    edit.__name__: edit
    for edit in (
        discriminated_union,
        untagged_union,
        all_of_record,
        text_response,
        binary_response,
        read_write_only,
        date_fields,
        deprecations,
    )
}


def apply_all(spec: Spec) -> None:
    """Apply every feature edit to ``spec`` (they touch different places)."""
    for edit in FEATURE_EDITS.values():
        edit(spec)
