"""``POST /v1/balance_conversions``: Convert a balance.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.

Converts part of the balance in one supported currency into another. Send exactly one
amount: `source_amount` (what to convert) or `target_amount` (what to receive). The service
calculates the other one. Sending both is rejected.
"""

from __future__ import annotations

from ...models.balance_conversion import BalanceConversion
from ...types import Operation

__all__ = ["OPERATION"]

OPERATION: Operation[BalanceConversion] = Operation(
    "createBalanceConversion",
    "POST",
    "/v1/balance_conversions",
    answer=BalanceConversion,
    media_type="application/json",
)
"""Convert a balance: answers ``BalanceConversion`` (201)."""
