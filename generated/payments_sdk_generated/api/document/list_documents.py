"""``GET /v1/document``: List documents.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.

Lists uploaded documents, newest first.
"""

from __future__ import annotations

from ...models.document_list import DocumentList
from ...types import Operation

__all__ = ["OPERATION"]

OPERATION: Operation[DocumentList] = Operation(
    "listDocuments",
    "GET",
    "/v1/document",
    answer=DocumentList,
)
"""List documents: answers ``DocumentList`` (200)."""
