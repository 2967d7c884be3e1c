from __future__ import annotations

from ..types import Model

__all__ = ["RfiReference"]


class RfiReference(Model):
    """The RFI raised on a resource."""

    id: str
    """ An RFI id. """
    status: str | None = None
    """ An RFI status as received; a status this version does not know is kept as a plain string.
    """
