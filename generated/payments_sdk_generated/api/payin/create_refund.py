"""``POST /v1/refunds``: Refund a payment.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.

Creates a refund for a payment. The service refunds only a payment in the `success` state
for which no other refund exists; anything else is refused.
"""

from __future__ import annotations

from ...models.refund import Refund
from ...types import Operation

__all__ = ["OPERATION"]

OPERATION: Operation[Refund] = Operation(
    "createRefund",
    "POST",
    "/v1/refunds",
    answer=Refund,
    media_type="application/json",
)
"""Refund a payment: answers ``Refund`` (201)."""
