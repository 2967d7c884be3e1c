from __future__ import annotations

from ..types import Model

__all__ = ["OrderCreateInline"]


class OrderCreateInline(Model):
    """An order without a quote."""

    amount: int
    """ A positive amount in the smallest currency unit (299.00 USD is 29900; 295.991 KWD is 295990;
    295 JPY is 295), at most 10^15. """
    currency: str
    """ ISO 4217 currency code. """
    payment_methods: list[str]
    """``payment_methods`` (required); the service description says no more about it."""
    split_ids: list[str] | None = None
    """ Dynamic fee splits (`pricing_split`) that declare the merchant's share of the pricing rule;
    the rest is charged to the customer. Without `split_ids`, the system-configured pricing
    rules apply. Split ids have no published prefix or format.
     """
