"""``POST /v1/v2/virtual-accounts``: Create a virtual account.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.

Provisions a virtual account with the given payment type and currency.
"""

from __future__ import annotations

from ...models.virtual_account import VirtualAccount
from ...types import Operation

__all__ = ["OPERATION"]

OPERATION: Operation[VirtualAccount] = Operation(
    "createVirtualAccount",
    "POST",
    "/v1/v2/virtual-accounts",
    answer=VirtualAccount,
    media_type="application/json",
)
"""Create a virtual account: answers ``VirtualAccount`` (201)."""
