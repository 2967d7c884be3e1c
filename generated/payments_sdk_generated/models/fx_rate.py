from __future__ import annotations

from ..types import Model, Number, Timestamp

__all__ = ["FxRate"]


class FxRate(Model):
    """The mid-market rate of a currency pair; FX fees are charged on top during conversions."""

    source_currency: str
    """ ISO 4217 currency code. """
    target_currency: str
    """ ISO 4217 currency code. """
    mid_market_rate: Number
    """ Mid-market rate, before FX fees. """
    expires_at: Timestamp
    """ When the cached rate expires. """
