"""``client.documents``: documents uploaded for payin, payout and compliance flows."""

from __future__ import annotations

import asyncio
import io
import os
from datetime import datetime
from pathlib import Path
from typing import IO, TYPE_CHECKING

from payments_sdk_generated.api.document import get_document, list_documents, upload_document
from payments_sdk_generated.models import Document, DocumentList, DocumentUploadRequest
from payments_sdk_generated.types import File

from .._call_options import RequestOptions, check_call_options
from .._pagination import AsyncPager
from .._validation import (
    check_content_type,
    check_file_name,
    check_id,
    check_text,
    check_upload_path,
)
from ..errors import InvalidParameterError
from ._resource import Resource

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["Documents"]


class Documents(Resource):
    """Uploaded documents."""

    async def upload(
        self,
        file: bytes | IO[bytes] | os.PathLike[str],
        *,
        type: str | None = None,
        file_name: str | None = None,
        content_type: str | None = None,
        **options: Unpack[RequestOptions],
    ) -> Document:
        """``POST /document``: upload a document as multipart form data (the ``file`` part).

        ``file`` is the content as ``bytes``, an open binary file, or a path. ``type`` says what
        the document is (for example ``"passport"``).
        """
        payload: IO[bytes]
        if file_name is not None:
            check_file_name(file_name)
        if content_type is not None:
            check_content_type(content_type)
        if isinstance(file, bytes | bytearray):
            payload = io.BytesIO(bytes(file))
        elif isinstance(file, os.PathLike):
            check_upload_path(file)
            path = Path(file)
            try:
                payload = io.BytesIO(await asyncio.to_thread(path.read_bytes))
            except OSError as exc:
                raise InvalidParameterError("file", f"cannot be read: {exc.strerror}") from None
            file_name = file_name or _derived_name(path.name)
        elif isinstance(file, io.TextIOBase):
            raise InvalidParameterError("file", "is open in text mode; open it with 'rb'")
        elif hasattr(file, "read") and not getattr(file, "closed", False):
            payload = file
            name = Path(str(getattr(file, "name", "") or "")).name
            file_name = file_name or _derived_name(name)
        else:
            raise InvalidParameterError("file", "must be bytes, an open binary file or a path")
        kind = None if type is None else check_text(type, "type")
        body = DocumentUploadRequest(
            file=File(
                payload=payload,
                file_name=file_name or "document",
                mime_type=content_type or "application/octet-stream",
            ),
            type_=kind,
        )
        per_call = check_call_options(options)
        return await self._requestor.parsed(
            lambda s: upload_document.asyncio_detailed(sender=s, body=body),
            options=per_call,
        )

    def list(
        self,
        *,
        before: datetime | str | None = None,
        after: datetime | str | None = None,
        per_page: int = 20,
        page: int = 1,
        prefetch: int = 0,
        **options: Unpack[RequestOptions],
    ) -> AsyncPager[Document]:
        """``GET /document``: documents, newest first."""
        per_call = check_call_options(options)
        return self._list(
            list_documents.asyncio_detailed,
            DocumentList,
            before=before,
            after=after,
            per_page=per_page,
            page=page,
            prefetch=prefetch,
            options=per_call,
        )

    async def retrieve(self, document_id: str, **options: Unpack[RequestOptions]) -> Document:
        """``GET /document/{document_id}``: one document record."""
        doc_id = check_id(document_id, "document_id", "doc_")
        per_call = check_call_options(options)
        return await self._requestor.parsed(
            lambda s: get_document.asyncio_detailed(doc_id, sender=s),
            options=per_call,
        )


def _derived_name(name: str) -> str | None:
    """Return the file's own name if it can be sent as one; else None (the part is "document")."""
    try:
        return check_file_name(name) if name else None
    except InvalidParameterError:
        return None
