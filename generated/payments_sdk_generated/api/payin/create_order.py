"""``POST /v1/orders``: Create an order.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.

Creates a request to receive a payment from a customer, either with the amount, currency
and payment methods inline, or from a quote obtained earlier.
"""

from __future__ import annotations

from ...models.order import Order
from ...types import Operation

__all__ = ["OPERATION"]

OPERATION: Operation[Order] = Operation(
    "createOrder",
    "POST",
    "/v1/orders",
    answer=Order,
    media_type="application/json",
)
"""Create an order: answers ``Order`` (201)."""
