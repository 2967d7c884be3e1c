from __future__ import annotations

import msgspec

from ..types import Model

__all__ = ["KycDocument"]


class KycDocument(Model):
    """A document submitted through a KYC link."""

    id: str | None = None
    """ A document id. """
    type_: str | None = msgspec.field(default=None, name="type")
    """``type`` (optional); the service description says no more about it."""
    status: str | None = None
    """``status`` (optional); the service description says no more about it."""
