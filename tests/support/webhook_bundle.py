"""Webhooks a maintainer might add to the bundle, for the tests of what ``make generate`` makes.

Not the edit set's (``openapi/tools/spec_edit_set.py``): other kinds, fields and shapes, so that
nothing hangs on its names. ``invoice-paid`` is a ``$ref`` to a component, ``payout.failed`` an
inline payload with a nested object; each names its kind in a required one-value ``kind``.
"""

from __future__ import annotations

from typing import Any

__all__ = ["hook", "invoice_paid", "payout_failed", "with_webhooks"]

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
