from __future__ import annotations

from ..models.rfi_document_submission import RfiDocumentSubmission
from ..types import Model

__all__ = ["UpdateRfiRequest"]


class UpdateRfiRequest(Model):
    """The documents submitted for an order's RFI."""

    documents: list[RfiDocumentSubmission]
    """``documents`` (required); the service description says no more about it."""
