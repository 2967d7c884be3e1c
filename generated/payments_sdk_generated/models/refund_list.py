from __future__ import annotations

from ..models.page_meta import PageMeta
from ..models.refund import Refund
from ..types import Model

__all__ = ["RefundList"]


class RefundList(Model):
    """A page of refunds."""

    data: list[Refund]
    """``data`` (required); the service description says no more about it."""
    page_meta: PageMeta
    """ Page metadata, present in every list response. """
