"""``GET /v1/refunds``: List refunds.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.

Lists refunds, newest first.
"""

from __future__ import annotations

from ...models.refund_list import RefundList
from ...types import Operation

__all__ = ["OPERATION"]

OPERATION: Operation[RefundList] = Operation(
    "listRefunds",
    "GET",
    "/v1/refunds",
    answer=RefundList,
)
"""List refunds: answers ``RefundList`` (200)."""
