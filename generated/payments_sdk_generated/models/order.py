from __future__ import annotations

from ..models.rfi_reference import RfiReference
from ..types import Model, Timestamp

__all__ = ["Order"]


class Order(Model):
    """A request to receive a payment from a customer."""

    id: str
    """``id`` (required); the service description says no more about it."""
    amount: int | None = None
    """ A positive amount in the smallest currency unit (299.00 USD is 29900; 295.991 KWD is 295990;
    295 JPY is 295), at most 10^15. """
    currency: str | None = None
    """ ISO 4217 currency code. """
    payment_methods: list[str] | None = None
    """``payment_methods`` (optional); the service description says no more about it."""
    quote_id: str | None = None
    """``quote_id`` (optional); the service description says no more about it."""
    status: str | None = None
    """ `action_required` is entered when sanctions screening needs documents; other values are not
    published. """
    rfi: RfiReference | None = None
    """ The RFI raised on a resource. """
    created_at: Timestamp | None = None
    """ ISO 8601 date-time in UTC. """
