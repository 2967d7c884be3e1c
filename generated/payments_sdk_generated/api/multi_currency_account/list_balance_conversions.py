"""``GET /v1/balance_conversions``: List balance conversions.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.

Lists balance conversions, newest first, optionally filtered by currency.
"""

from __future__ import annotations

from ...models.balance_conversion_list import BalanceConversionList
from ...types import Operation

__all__ = ["OPERATION"]

OPERATION: Operation[BalanceConversionList] = Operation(
    "listBalanceConversions",
    "GET",
    "/v1/balance_conversions",
    answer=BalanceConversionList,
)
"""List balance conversions: answers ``BalanceConversionList`` (200)."""
