from __future__ import annotations

from ..models.fee import Fee
from ..types import Model, Number, Timestamp

__all__ = ["BalanceConversion"]


class BalanceConversion(Model):
    """A conversion of balance from one currency to another."""

    id: str
    """ The conversion's id. """
    source_currency: str
    """ ISO 4217 currency code. """
    target_currency: str
    """ ISO 4217 currency code. """
    source_amount: int
    """ A positive amount in the smallest currency unit (299.00 USD is 29900; 295.991 KWD is 295990;
    295 JPY is 295), at most 10^15. """
    target_amount: int
    """ A positive amount in the smallest currency unit (299.00 USD is 29900; 295.991 KWD is 295990;
    295 JPY is 295), at most 10^15. """
    mid_market_rate: Number | None = None
    """ The mid-market rate the conversion used, before fees. """
    fx_fee: Fee | None = None
    """ A fee in the smallest unit of its currency. """
    created_at: Timestamp | None = None
    """ ISO 8601 date-time in UTC. """
