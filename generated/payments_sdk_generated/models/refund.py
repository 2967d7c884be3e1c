from __future__ import annotations

from ..types import Model, Timestamp

__all__ = ["Refund"]


class Refund(Model):
    """A refund from the account to a customer."""

    id: str
    """``id`` (required); the service description says no more about it."""
    payment_id: str
    """ A payment id. """
    status: str
    """ A refund status as received; a status this version does not know is kept as a plain string.
    """
    amount: int | None = None
    """ A positive amount in the smallest currency unit (299.00 USD is 29900; 295.991 KWD is 295990;
    295 JPY is 295), at most 10^15. """
    currency: str | None = None
    """ ISO 4217 currency code. """
    created_at: Timestamp | None = None
    """ ISO 8601 date-time in UTC. """
