from __future__ import annotations

from ..models.rfi_document import RfiDocument
from ..types import Model, Timestamp

__all__ = ["Rfi"]


class Rfi(Model):
    """A request for information, as listed."""

    id: str
    """ An RFI id. """
    status: str
    """ An RFI status as received; a status this version does not know is kept as a plain string.
    """
    entity_id: str | None = None
    """ The id of the underlying resource. """
    entity_type: str | None = None
    """ The kind of the underlying resource, such as `payment` or `order`. """
    documents: list[RfiDocument] | None = None
    """ The documents the RFI asks for; answer each `rfi_doc_id` through the resource's update-rfi
    operation. """
    created_at: Timestamp | None = None
    """ ISO 8601 date-time in UTC. """
