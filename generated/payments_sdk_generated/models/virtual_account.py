from __future__ import annotations

from ..types import Model, Timestamp

__all__ = ["VirtualAccount"]


class VirtualAccount(Model):
    """An account number provisioned for a customer."""

    id: str | None = None
    payment_type: str | None = None
    currency: str | None = None
    """ ISO 4217 currency code. """
    status: str | None = None
    """ For example `active` or `closed`; values are not published. """
    account_number: str | None = None
    created_at: Timestamp | None = None
    """ ISO 8601 date-time in UTC. """
