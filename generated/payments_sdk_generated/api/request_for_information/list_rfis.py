"""``GET /v1/rfis``: List RFIs.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.

Lists requests for information on payments, payins, payouts, refunds, orders and
subscriptions, ordered by `created_at` descending.
"""

from __future__ import annotations

from ...models.rfi_list import RfiList
from ...types import Operation

__all__ = ["OPERATION"]

OPERATION: Operation[RfiList] = Operation(
    "listRfis",
    "GET",
    "/v1/rfis",
    answer=RfiList,
)
"""List RFIs: answers ``RfiList`` (200)."""
