from __future__ import annotations

import msgspec

from ..types import Model, Timestamp

__all__ = ["Document"]


class Document(Model):
    """An uploaded document."""

    id: str
    """ A document id. """
    type_: str | None = msgspec.field(default=None, name="type")
    """``type`` (optional); the service description says no more about it."""
    status: str | None = None
    """ `pending` appears; other values are not published. """
    file_name: str | None = None
    """``file_name`` (optional); the service description says no more about it."""
    created_at: Timestamp | None = None
    """ ISO 8601 date-time in UTC. """
