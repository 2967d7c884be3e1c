"""``PATCH /v1/orders/{id}/update-rfi``: Submit documents for an order's RFI.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.

Submits the documents an RFI asks for while the order is in `action_required` because of
sanctions screening, and updates the status of the RFI documents.
"""

from __future__ import annotations

from ...models.order import Order
from ...types import Operation

__all__ = ["OPERATION"]

OPERATION: Operation[Order] = Operation(
    "updateOrderRfi",
    "PATCH",
    "/v1/orders/{id}/update-rfi",
    answer=Order,
    media_type="application/json",
)
"""Submit documents for an order's RFI: answers ``Order`` (200)."""
