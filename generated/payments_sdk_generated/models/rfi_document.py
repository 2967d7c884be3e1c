from __future__ import annotations

import msgspec

from ..types import Model

__all__ = ["RfiDocument"]


class RfiDocument(Model):
    """One document an RFI asks for, and the document submitted for it once there is one."""

    rfi_doc_id: str
    """ An RFI document id. """
    type_: str | None = msgspec.field(default=None, name="type")
    """ What is asked for, such as `passport`. """
    status: str | None = None
    """ `pending` appears; other values are not published. """
    id: str | None = None
    """ A document id. """
