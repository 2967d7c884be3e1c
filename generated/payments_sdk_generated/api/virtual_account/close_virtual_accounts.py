"""``DELETE /v1/virtual-accounts``: Close virtual accounts.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.

Closes all active virtual accounts of the given payment type and currency.
"""

from __future__ import annotations

from ...types import Operation

__all__ = ["OPERATION"]

OPERATION: Operation[None] = Operation(
    "closeVirtualAccounts",
    "DELETE",
    "/v1/virtual-accounts",
    answer=None,
)
"""Close virtual accounts: answers no body (204)."""
