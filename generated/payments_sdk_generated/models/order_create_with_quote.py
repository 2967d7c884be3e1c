from __future__ import annotations

from ..types import Model

__all__ = ["OrderCreateWithQuote"]


class OrderCreateWithQuote(Model):
    """An order from a quote obtained earlier."""

    quote_id: str
    """ The id of a quote obtained from a quote operation; its format is not published. """
    split_ids: list[str] | None = None
    """ Dynamic fee splits (`pricing_split`) that declare the merchant's share of the pricing rule;
    the rest is charged to the customer. Without `split_ids`, the system-configured pricing
    rules apply. Split ids have no published prefix or format.
     """
