"""``client.documents``: Documents uploaded for payin, payout and compliance flows.

Written by ``make generate`` from the bundle (``openapi/templates/surface/resource.py.jinja``):
do not edit. Every argument is checked against the schema the bundle gives it before any
request is sent.
"""

from __future__ import annotations

import os
from datetime import datetime
from typing import IO, TYPE_CHECKING, Any

from payments_sdk._call_options import RequestOptions, check_call_options
from payments_sdk._checks import check
from payments_sdk.resources._resource import Resource
from payments_sdk_generated.api.document import (
    get_document,
    list_documents,
    upload_document,
)

if TYPE_CHECKING:
    from payments_sdk._pagination import AsyncPager
    from payments_sdk._window import Window
    from payments_sdk_generated.models import Document
    from typing_extensions import Unpack

__all__ = ["Documents"]

_LIST_BEFORE: dict[str, Any] = {"type": "string", "format": "date-time"}
_LIST_AFTER: dict[str, Any] = {"type": "string", "format": "date-time"}
_LIST_PER_PAGE: dict[str, Any] = {"type": "integer", "minimum": 1, "maximum": 100, "default": 20}
_LIST_PAGE: dict[str, Any] = {
    "type": "integer",
    "minimum": 1,
    "maximum": 1000000000000000,
    "default": 1,
}
_UPLOAD_BODY: dict[str, Any] = {
    "type": "object",
    "description": "The document file and, optionally, what kind of document it is.",
    "required": ["file"],
    "properties": {
        "file": {"type": "string", "format": "binary", "description": "The document's bytes."},
        "type": {"type": "string", "description": "What the document is, for example `passport`."},
    },
    "additionalProperties": False,
    "x-model": "DocumentUploadRequest",
}
_RETRIEVE_DOCUMENT_ID: dict[str, Any] = {
    "type": "string",
    "pattern": "^doc_[A-Za-z0-9_-]+$",
    "description": "A document id.",
    "examples": ["doc_4Hn8sPq2"],
}


class Documents(Resource):
    """Documents uploaded for payin, payout and compliance flows."""

    def list(
        self,
        *,
        before: datetime | str | None = None,
        after: datetime | str | None = None,
        per_page: int = 20,
        page: int = 1,
        window: Window | None = None,
        prefetch: int = 0,
        **options: Unpack[RequestOptions],
    ) -> AsyncPager[Document]:
        """``GET /v1/document``: List documents.

        Lists uploaded documents, newest first.

        Returns an :class:`~payments_sdk.AsyncPager`: ``await`` it for the first page, or ``async for``
        over every item of every page. ``prefetch`` keeps up to that many later pages in flight.

        Args:
            before: Only resources created before this time (ISO 8601, UTC). An aware datetime or an
                ISO 8601 string with an offset.
            after: Only resources created after this time (ISO 8601, UTC). An aware datetime or an
                ISO 8601 string with an offset.
            per_page: Page size, 1 to 100. From 1 to 100. Default: ``20``.
            page: Page number, starting at 1, at most 10^15. The next page number is in
                `page_meta.next`. From 1 to 1000000000000000. Default: ``1``.
            window: A :class:`~payments_sdk.Window`: the records created from its start (inclusive)
                to its end (exclusive), such as ``Window.month("2026-10")``; instead of ``after`` and
                ``before``, which are both exclusive. Adjacent windows share no record and miss none.
            prefetch: Later pages to keep in flight while walking, from 0 to 16. Default: ``0``.
        """
        per_page = check(per_page, _LIST_PER_PAGE, "per_page")
        page = check(page, _LIST_PAGE, "page")
        if options:
            self._no_body(options.get("extra_body"), list_documents.OPERATION)
        per_call = check_call_options(options) if options else None
        return self._list(
            list_documents.OPERATION,
            {},
            before=before,
            after=after,
            per_page=per_page,
            page=page,
            prefetch=prefetch,
            options=per_call,
            window=window,
        )

    async def upload(
        self,
        file: bytes | IO[bytes] | os.PathLike[str],
        *,
        type: str | None = None,
        file_name: str | None = None,
        content_type: str | None = None,
        **options: Unpack[RequestOptions],
    ) -> Document:
        """``POST /v1/document``: Upload a document.

        Uploads a document as multipart form data, with the file in the `file` part.

        Args:
            file: Required. The document's bytes.
            type: What the document is, for example `passport`.
            file_name: The part's file name; by default the file's own name, or ``document``.
            content_type: The part's media type; by default ``application/octet-stream``.
        """
        part = await self._file(file, file_name, content_type, "file")
        body = self._body(
            _UPLOAD_BODY,
            {"file": part, "type": type},
            options.get("extra_body"),
        )
        per_call = check_call_options(options) if options else None
        return await self._requestor.parsed(upload_document.OPERATION, per_call, body=body)

    async def retrieve(
        self,
        document_id: str,
        **options: Unpack[RequestOptions],
    ) -> Document:
        """``GET /v1/document/{document_id}``: Retrieve a document.

        Returns one document record by its id.

        Args:
            document_id: Required. The document's id. Matches ``^doc_[A-Za-z0-9_-]+$``.
        """
        document_id = self._path(document_id, _RETRIEVE_DOCUMENT_ID, "document_id")
        if options:
            self._no_body(options.get("extra_body"), get_document.OPERATION)
        per_call = check_call_options(options) if options else None
        return await self._requestor.parsed(
            get_document.OPERATION, per_call, path={"document_id": document_id}
        )
