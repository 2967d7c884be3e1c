"""The business rules of the Virtual Account group: provisioning and closing accounts.

Each rule takes the namespace's :class:`~._store.Store` (under its lock); the store notices
what changed.
"""

from __future__ import annotations

from typing import Any

from ._errors import UnknownShape, has
from ._store import Store

__all__ = ["close_virtual_accounts", "create_virtual_account"]


def create_virtual_account(store: Store, body: Any) -> dict[str, Any]:
    """Provision an active virtual account."""
    if not has(body, "payment_type", "currency"):
        raise UnknownShape("virtual account", body, "payment_type and currency")
    payment_type, currency = body["payment_type"], body["currency"]
    account: dict[str, Any] = {
        "id": store.new_id("va"),
        "payment_type": payment_type,
        "currency": currency,
        "status": "active",
        "account_number": f"{store.random.randint(0, 10**12 - 1):012d}",
        "created_at": store.now(),
    }
    store.virtual_accounts[account["id"]] = account
    return account


def close_virtual_accounts(store: Store, payment_type: str, currency: str) -> int:
    """Close every active account of that type and currency; return how many."""
    closed = 0
    for account in store.virtual_accounts.values():
        matches = (account["payment_type"], account["currency"]) == (payment_type, currency)
        if matches and account["status"] == "active":
            account["status"] = "closed"
            account["_closed_at"] = store.now()
            closed += 1
    return closed
