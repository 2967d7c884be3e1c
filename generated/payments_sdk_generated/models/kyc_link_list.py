from __future__ import annotations

from ..models.kyc_link import KycLink
from ..models.page_meta import PageMeta
from ..types import Model

__all__ = ["KycLinkList"]


class KycLinkList(Model):
    """A page of KYC links."""

    data: list[KycLink]
    """``data`` (required); the service description says no more about it."""
    page_meta: PageMeta
    """ Page metadata, present in every list response. """
