"""``POST /v1/document``: Upload a document.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...client import Sender
from ...models.document import Document
from ...models.document_upload_request import DocumentUploadRequest
from ...types import (
    OperationLabel,
    Response,
    decode_response,
    multipart,
)

__all__ = ["METHOD", "OPERATION", "PATH", "asyncio_detailed"]

METHOD = "POST"
PATH = "/v1/document"
"""The operation's path, relative to the service's root address."""
OPERATION = OperationLabel("uploadDocument", METHOD, PATH)
"""The operation's id, method and path template: what logs, events and traces name it by."""


async def asyncio_detailed(
    *,
    sender: Sender,
    body: DocumentUploadRequest | Mapping[str, Any],
) -> Response[Document]:
    """Upload a document

    Uploads a document as multipart form data, with the file in the `file` part.

    Returns the ``201`` response: its status, headers and parsed ``Document``. Raises
    ``errors.UnexpectedBody`` when the body does not match the bundle.
    """
    response = await sender.send(
        METHOD,
        PATH,
        operation=OPERATION,
        files=multipart(body),
    )
    return decode_response(response, Document)
