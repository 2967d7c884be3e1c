"""``POST /v1/document``: Upload a document.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.

Uploads a document as multipart form data, with the file in the `file` part.
"""

from __future__ import annotations

from ...models.document import Document
from ...types import Operation

__all__ = ["OPERATION"]

OPERATION: Operation[Document] = Operation(
    "uploadDocument",
    "POST",
    "/v1/document",
    answer=Document,
    media_type="multipart/form-data",
)
"""Upload a document: answers ``Document`` (201)."""
