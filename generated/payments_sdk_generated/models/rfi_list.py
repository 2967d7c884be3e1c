from __future__ import annotations

from ..models.page_meta import PageMeta
from ..models.rfi import Rfi
from ..types import Model

__all__ = ["RfiList"]


class RfiList(Model):
    """A page of RFIs."""

    data: list[Rfi]
    """``data`` (required); the service description says no more about it."""
    page_meta: PageMeta
    """ Page metadata, present in every list response. """
