from __future__ import annotations

from ..models.balance_conversion import BalanceConversion
from ..models.page_meta import PageMeta
from ..types import Model

__all__ = ["BalanceConversionList"]


class BalanceConversionList(Model):
    """A page of balance conversions."""

    data: list[BalanceConversion]
    """``data`` (required); the service description says no more about it."""
    page_meta: PageMeta
    """ Page metadata, present in every list response. """
