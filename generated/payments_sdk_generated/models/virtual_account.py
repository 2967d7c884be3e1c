from __future__ import annotations

from ..types import Model, Timestamp

__all__ = ["VirtualAccount"]


class VirtualAccount(Model):
    """An account number provisioned for a customer."""

    id: str | None = None
    """``id`` (optional); the service description says no more about it."""
    payment_type: str | None = None
    """``payment_type`` (optional); the service description says no more about it."""
    currency: str | None = None
    """ ISO 4217 currency code. """
    status: str | None = None
    """ For example `active` or `closed`; values are not published. """
    account_number: str | None = None
    """``account_number`` (optional); the service description says no more about it."""
    created_at: Timestamp | None = None
    """ ISO 8601 date-time in UTC. """
