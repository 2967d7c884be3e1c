from __future__ import annotations

from ..models.document import Document
from ..models.page_meta import PageMeta
from ..types import Model

__all__ = ["DocumentList"]


class DocumentList(Model):
    """A page of documents."""

    data: list[Document]
    """``data`` (required); the service description says no more about it."""
    page_meta: PageMeta
    """ Page metadata, present in every list response. """
