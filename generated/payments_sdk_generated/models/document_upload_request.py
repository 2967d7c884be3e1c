from __future__ import annotations

from typing import Any

import msgspec

from ..types import File, Model

__all__ = ["DocumentUploadRequest"]


class DocumentUploadRequest(Model):
    """The document file and, optionally, what kind of document it is."""

    file: File
    """ The document's bytes. """
    type_: str | None = msgspec.field(default=None, name="type")
    """ What the document is, for example `passport`. """

    def to_multipart(self) -> list[tuple[str, Any]]:
        """Return the multipart/form-data parts: files as files, other fields as text."""
        parts: list[tuple[str, Any]] = []
        parts.append(("file", self.file.to_tuple()))
        if self.type_ is not None:
            parts.append(("type", (None, str(self.type_).encode(), "text/plain")))
        for name, value in self.additional_properties.items():
            parts.append((name, (None, str(value).encode(), "text/plain")))
        return parts
