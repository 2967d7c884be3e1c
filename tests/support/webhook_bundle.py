"""Webhooks a maintainer might add to the bundle, for the tests of what ``make generate`` makes.

Not the edit set's (``openapi/tools/spec_edit_set.py``): other kinds, fields and shapes, so that
nothing hangs on its names. ``invoice-paid`` is a ``$ref`` to a component, ``payout.failed`` an
inline payload with a nested object; each names its kind in a required one-value ``kind``.
"""

from __future__ import annotations

from typing import Any

__all__ = ["hook", "invoice_paid", "payout_failed", "with_tagged_webhooks", "with_webhooks"]

TIMESTAMP = {"$ref": "#/components/schemas/Timestamp"}


def hook(schema: dict[str, Any], summary: str = "") -> dict[str, Any]:
    return {
        "post": {
            "summary": summary,
            "requestBody": {"required": True, "content": {"application/json": {"schema": schema}}},
            "responses": {"204": {"description": "Acknowledged."}},
        }
    }


def invoice_paid() -> dict[str, Any]:
    return {
        "type": "object",
        "description": "An invoice was paid.",
        "required": ["kind", "invoice", "paid_at"],
        "properties": {
            "kind": {"const": "invoice.paid"},
            "invoice": {"type": "string", "pattern": "^inv_[a-z0-9]+$"},
            "paid_at": TIMESTAMP,
            "payer_email": {"type": "string", "format": "email"},
        },
    }


def payout_failed() -> dict[str, Any]:
    return {
        "type": "object",
        "required": ["kind", "amount", "failure"],
        "properties": {
            "kind": {"type": "string", "enum": ["payout.failed"]},
            "amount": {"type": "integer", "minimum": 100, "multipleOf": 50},
            "rate": {"type": "number"},
            "failure": {
                "type": "object",
                "required": ["code"],
                "properties": {
                    "code": {"type": "string", "minLength": 3, "maxLength": 3},
                    "retry_at": TIMESTAMP,
                },
            },
        },
    }


def with_webhooks(document: dict[str, Any]) -> None:
    """Two webhooks: a ``$ref`` payload and an inline one, each naming its kind in ``kind``."""
    document["components"]["schemas"]["InvoicePaid"] = invoice_paid()
    document["webhooks"] = {
        "invoice-paid": hook({"$ref": "#/components/schemas/InvoicePaid"}, "An invoice paid."),
        "payout.failed": hook(payout_failed()),
    }


def _charge(*extra: str) -> dict[str, Any]:
    fields = {"event": {"type": "string"}, "charge": {"type": "string", "minLength": 1}}
    return {
        "type": "object",
        "required": ["event", "charge", *extra],
        "properties": {**fields, **{name: {"type": "string"} for name in extra}},
    }


def with_tagged_webhooks(document: dict[str, Any]) -> None:
    """Two webhooks whose payloads a discriminator tags apart (``event``), and no ``const``."""
    schemas = document["components"]["schemas"]
    schemas["ChargeCaptured"] = _charge()
    schemas["ChargeVoided"] = _charge("reason")
    schemas["ChargeEvent"] = {
        "oneOf": [
            {"$ref": "#/components/schemas/ChargeCaptured"},
            {"$ref": "#/components/schemas/ChargeVoided"},
        ],
        "discriminator": {
            "propertyName": "event",
            "mapping": {"charge.captured": "#/components/schemas/ChargeCaptured"},
        },  # ChargeVoided is tagged by its name, as OpenAPI says
    }
    document["webhooks"] = {
        "chargeCaptured": hook({"$ref": "#/components/schemas/ChargeCaptured"}),
        "chargeVoided": hook({"$ref": "#/components/schemas/ChargeVoided"}),
    }
