from __future__ import annotations

from ..models.page_meta import PageMeta
from ..models.virtual_account import VirtualAccount
from ..types import Model

__all__ = ["VirtualAccountList"]


class VirtualAccountList(Model):
    """The customer's virtual accounts."""

    data: list[VirtualAccount]
    """``data`` (required); the service description says no more about it."""
    page_meta: PageMeta
    """ Page metadata, present in every list response. """
