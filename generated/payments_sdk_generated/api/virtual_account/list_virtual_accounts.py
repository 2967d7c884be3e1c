"""``GET /v1/virtual-accounts``: List the customer's virtual accounts.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.

Lists the virtual accounts of the customer whose JWT authenticates the call, newest first.
"""

from __future__ import annotations

from ...models.virtual_account_list import VirtualAccountList
from ...types import Operation

__all__ = ["OPERATION"]

OPERATION: Operation[VirtualAccountList] = Operation(
    "listVirtualAccounts",
    "GET",
    "/v1/virtual-accounts",
    answer=VirtualAccountList,
)
"""List the customer's virtual accounts: answers ``VirtualAccountList`` (200)."""
