"""``GET /v1/orders``: List orders.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.

Lists orders, newest first.
"""

from __future__ import annotations

from ...models.order_list import OrderList
from ...types import Operation

__all__ = ["OPERATION"]

OPERATION: Operation[OrderList] = Operation(
    "listOrders",
    "GET",
    "/v1/orders",
    answer=OrderList,
)
"""List orders: answers ``OrderList`` (200)."""
