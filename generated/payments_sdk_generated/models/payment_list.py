from __future__ import annotations

from ..models.page_meta import PageMeta
from ..models.payment import Payment
from ..types import Model

__all__ = ["PaymentList"]


class PaymentList(Model):
    """A page of payments."""

    data: list[Payment]
    """``data`` (required); the service description says no more about it."""
    page_meta: PageMeta
    """ Page metadata, present in every list response. """
