from __future__ import annotations

from ..types import Model

__all__ = ["RfiDocumentSubmission"]


class RfiDocumentSubmission(Model):
    """A document submitted for one document an RFI asked for."""

    id: str
    """ A document id. """
    rfi_doc_id: str
    """ An RFI document id. """
