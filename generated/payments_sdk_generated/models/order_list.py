from __future__ import annotations

from ..models.order import Order
from ..models.page_meta import PageMeta
from ..types import Model

__all__ = ["OrderList"]


class OrderList(Model):
    """A page of orders."""

    data: list[Order]
    """``data`` (required); the service description says no more about it."""
    page_meta: PageMeta
    """ Page metadata, present in every list response. """
