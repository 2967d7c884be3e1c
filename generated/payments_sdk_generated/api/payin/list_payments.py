"""``GET /v1/payments``: List payments.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.

Lists payments received from customers, newest first.
"""

from __future__ import annotations

from ...models.payment_list import PaymentList
from ...types import Operation

__all__ = ["OPERATION"]

OPERATION: Operation[PaymentList] = Operation(
    "listPayments",
    "GET",
    "/v1/payments",
    answer=PaymentList,
)
"""List payments: answers ``PaymentList`` (200)."""
