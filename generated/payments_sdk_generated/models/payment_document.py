from __future__ import annotations

import msgspec

from ..types import Model

__all__ = ["PaymentDocument"]


class PaymentDocument(Model):
    """A document attached to a payment."""

    id: str | None = None
    """ A document id. """
    type_: str | None = msgspec.field(default=None, name="type")
    """``type`` (optional); the service description says no more about it."""
    status: str | None = None
    """ `pending` appears; other values are not published. """
    rfi_doc_id: str | None = None
    """ An RFI document id. """
