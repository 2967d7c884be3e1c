"""``GET /v1/orders/{id}``: Retrieve an order.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.

Returns one order by its id.
"""

from __future__ import annotations

from ...models.order import Order
from ...types import Operation

__all__ = ["OPERATION"]

OPERATION: Operation[Order] = Operation(
    "getOrder",
    "GET",
    "/v1/orders/{id}",
    answer=Order,
)
"""Retrieve an order: answers ``Order`` (200)."""
