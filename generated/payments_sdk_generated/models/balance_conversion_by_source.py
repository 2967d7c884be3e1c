from __future__ import annotations

from ..models.conversion_currency import ConversionCurrency
from ..types import Model

__all__ = ["BalanceConversionBySource"]


class BalanceConversionBySource(Model):
    """Convert a given amount of the source currency."""

    source_currency: ConversionCurrency
    """ Currencies supported for balance conversion. """
    target_currency: ConversionCurrency
    """ Currencies supported for balance conversion. """
    source_amount: int
    """ A positive amount in the smallest currency unit (299.00 USD is 29900; 295.991 KWD is 295990;
    295 JPY is 295), at most 10^15. """
