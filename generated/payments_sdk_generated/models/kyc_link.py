from __future__ import annotations

from ..models.kyc_document import KycDocument
from ..types import Model, Timestamp

__all__ = ["KycLink"]


class KycLink(Model):
    """A shareable identity-verification link."""

    id: str
    """``id`` (required); the service description says no more about it."""
    url: str | None = None
    """``url`` (optional); the service description says no more about it."""
    status: str | None = None
    """ Verification status; values are not published. """
    customer_id: str | None = None
    """ A customer id. """
    email: str | None = None
    """``email`` (optional); the service description says no more about it."""
    documents: list[KycDocument] | None = None
    """``documents`` (optional); the service description says no more about it."""
    created_at: Timestamp | None = None
    """ ISO 8601 date-time in UTC. """
