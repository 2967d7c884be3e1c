"""``GET /v1/refunds/{id}``: Retrieve a refund.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.

Returns one refund by its id.
"""

from __future__ import annotations

from ...models.refund import Refund
from ...types import Operation

__all__ = ["OPERATION"]

OPERATION: Operation[Refund] = Operation(
    "getRefund",
    "GET",
    "/v1/refunds/{id}",
    answer=Refund,
)
"""Retrieve a refund: answers ``Refund`` (200)."""
