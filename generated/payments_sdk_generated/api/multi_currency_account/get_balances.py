"""``GET /v1/balances``: Retrieve balances.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.

Returns the current balance in every currency enabled for the account.
"""

from __future__ import annotations

from ...models.balance_list import BalanceList
from ...types import Operation

__all__ = ["OPERATION"]

OPERATION: Operation[BalanceList] = Operation(
    "getBalances",
    "GET",
    "/v1/balances",
    answer=BalanceList,
)
"""Retrieve balances: answers ``BalanceList`` (200)."""
