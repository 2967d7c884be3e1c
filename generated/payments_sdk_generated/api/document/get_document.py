"""``GET /v1/document/{document_id}``: Retrieve a document.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.

Returns one document record by its id.
"""

from __future__ import annotations

from ...models.document import Document
from ...types import Operation

__all__ = ["OPERATION"]

OPERATION: Operation[Document] = Operation(
    "getDocument",
    "GET",
    "/v1/document/{document_id}",
    answer=Document,
)
"""Retrieve a document: answers ``Document`` (200)."""
