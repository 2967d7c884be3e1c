"""``PATCH /v1/refunds/{id}/mock_update_status``: Complete an in-progress refund (test mode).

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.

Marks an `in_progress` refund as successful. Meant for test environments.
"""

from __future__ import annotations

from ...models.refund import Refund
from ...types import Operation

__all__ = ["OPERATION"]

OPERATION: Operation[Refund] = Operation(
    "mockUpdateRefundStatus",
    "PATCH",
    "/v1/refunds/{id}/mock_update_status",
    answer=Refund,
)
"""Complete an in-progress refund (test mode): answers ``Refund`` (200)."""
