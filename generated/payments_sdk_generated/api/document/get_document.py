"""``GET /v1/document/{document_id}``: Retrieve a document.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.
"""

from __future__ import annotations

from ...client import Sender
from ...models.document import Document
from ...types import (
    OperationLabel,
    Response,
    decode_response,
    path_segment,
)

__all__ = ["METHOD", "OPERATION", "PATH", "asyncio_detailed"]

METHOD = "GET"
PATH = "/v1/document/{document_id}"
"""The operation's path, relative to the service's root address."""
OPERATION = OperationLabel("getDocument", METHOD, PATH)
"""The operation's id, method and path template: what logs, events and traces name it by."""


async def asyncio_detailed(
    document_id: str,
    *,
    sender: Sender,
) -> Response[Document]:
    """Retrieve a document

    Returns one document record by its id.

    Returns the ``200`` response: its status, headers and parsed ``Document``. Raises
    ``errors.UnexpectedBody`` when the body does not match the bundle.
    """
    response = await sender.send(
        METHOD,
        PATH.format(document_id=path_segment(document_id, "document_id")),
        operation=OPERATION,
    )
    return decode_response(response, Document)
