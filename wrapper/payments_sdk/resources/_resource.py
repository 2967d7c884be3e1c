"""What every generated resource method stands on: the call layer, the pager and the checks.

The resource classes themselves are generated from the bundle (``make generate`` writes
``payments_sdk/resources/<resource>.py``); this base holds the machinery they share, written
once: path ids, request bodies, uploads, and the pager of a list.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import IO, TYPE_CHECKING, Any

from ..errors import InvalidParameterError

# What the methods need is imported when a method first runs, not when the client is imported
# (the client inherits this class): the argument checker pulls in Money and decimal, the pager
# and uploads asyncio. ``import payments_sdk`` stays cheap.
if TYPE_CHECKING:
    from datetime import datetime

    from payments_sdk_generated.models import PageMeta
    from payments_sdk_generated.types import File, Operation

    from .._call_options import CallOptions
    from .._pagination import AsyncPager, PageRequest
    from .._requestor import Requestor
    from .._window import Window

__all__ = ["MAX_PREFETCH", "Resource"]

MAX_PREFETCH = 16

# The query parameters a list walk sets on every page: extra_query must not override them.
_PAGER_PARAMS = frozenset({"page", "per_page", "before", "after"})


class Resource:
    """Base class of the resource namespaces: each runs its operations through a requestor."""

    __slots__ = ("_requestor",)

    def __init__(self, requestor: Requestor) -> None:
        self._requestor = requestor

    @staticmethod
    def _path(value: object, schema: Mapping[str, Any], field: str) -> str:
        """Check a path parameter against its schema; it is sent as exactly one segment."""
        from .._checks import check

        checked = check(value, schema, field)
        if not isinstance(checked, str) or checked in ("", ".", ".."):
            raise InvalidParameterError(field, "must be one path segment, not '.' or '..'")
        return checked

    @staticmethod
    def _whole_body(schema: Mapping[str, Any], given: object) -> Any:
        """Check a body that is not an object (a JSON Patch list) against its schema, whole.

        ``None`` or ``NOT_GIVEN`` (an optional body left out) sends no body.
        """
        from .._checks import check
        from .._options import NotGiven

        if given is None or isinstance(given, NotGiven):
            return None
        return check(given, schema, "body")

    @staticmethod
    def _body(
        schema: Mapping[str, Any], given: Mapping[str, Any], extra: object = None
    ) -> dict[str, Any]:
        """Check the body fields given against the body's schema.

        ``NOT_GIVEN`` is not sent; neither is ``None``, except for a field whose schema takes
        ``null`` (``type: ["string", "null"]``), where ``None`` sends null.

        ``extra`` is the call's ``extra_body``: on a body the bundle closes
        (``additionalProperties: false``, every shape of a ``oneOf``), a field it does not name
        is refused, as it is in a mapping argument; an open body takes it as given.
        """
        from .._checks import check, takes_null
        from .._options import NotGiven

        declared: dict[str, Any] = {}
        for shape in schema.get("oneOf") or [schema]:
            declared.update(shape.get("properties", {}))
        fields = {
            name: value
            for name, value in given.items()
            if not isinstance(value, NotGiven)
            and (value is not None or takes_null(declared.get(name, {})))
        }
        body = check(fields, schema, "")
        if isinstance(extra, Mapping):
            shapes = schema.get("oneOf") or [schema]
            if all(shape.get("additionalProperties") is False for shape in shapes):
                names = {
                    name
                    for shape in shapes
                    for name, field in shape.get("properties", {}).items()
                    if not field.get("readOnly")  # answered, never sent
                }
                for name in extra:
                    if name not in names:
                        raise InvalidParameterError(
                            "extra_body",
                            f"{name!r} is not a field of this body, which the bundle closes "
                            f"(its fields: {', '.join(sorted(names))})",
                        )
        return body  # type: ignore[no-any-return]

    @staticmethod
    def _no_body(extra: object, operation: Operation[Any]) -> None:
        """Refuse ``extra_body`` on an operation the bundle gives no request body."""
        if extra is not None:
            raise InvalidParameterError(
                "extra_body",
                f"{operation.method} {operation.path} takes no request body: "
                "nothing can be added to one",
            )

    @staticmethod
    async def _file(
        value: object, file_name: str | None, content_type: str | None, field: str
    ) -> File:
        """Return the upload part for ``value``: bytes, an open binary file, or a path."""
        import asyncio
        import io
        import os
        from pathlib import Path

        from payments_sdk_generated.types import File

        from .._validation import check_content_type, check_file_name, check_upload_path

        if file_name is not None:
            check_file_name(file_name)
        if content_type is not None:
            check_content_type(content_type)
        payload: IO[bytes]
        if isinstance(value, bytes | bytearray):
            payload = io.BytesIO(bytes(value))
        elif isinstance(value, os.PathLike):
            check_upload_path(value, field)
            path = Path(value)
            try:
                payload = io.BytesIO(await asyncio.to_thread(path.read_bytes))
            except OSError as exc:
                raise InvalidParameterError(field, f"cannot be read: {exc.strerror}") from None
            file_name = file_name or _derived_name(path.name)
        elif isinstance(value, io.TextIOBase):
            raise InvalidParameterError(field, "is open in text mode; open it with 'rb'")
        elif hasattr(value, "read") and not getattr(value, "closed", False):
            payload = value  # type: ignore[assignment]
            name = Path(str(getattr(value, "name", "") or "")).name
            file_name = file_name or _derived_name(name)
        else:
            raise InvalidParameterError(field, "must be bytes, an open binary file or a path")
        return File(
            payload=payload,
            file_name=file_name or "document",
            mime_type=content_type or "application/octet-stream",
        )

    def _list(
        self,
        operation: Operation[Any],
        filters: dict[str, Any],
        *,
        path: Mapping[str, str] | None = None,
        headers: Mapping[str, Any] | None = None,
        before: datetime | str | None,
        after: datetime | str | None,
        per_page: int | None,
        page: int,
        prefetch: int,
        options: CallOptions | None,
        window: Window | None = None,
    ) -> AsyncPager[Any]:
        """Return a pager over a list ``operation``; filters, page and per_page are checked.

        ``filters`` are its query parameters by their names on the wire; ``None`` ones are not
        sent. They, ``path`` and ``headers`` go with every page's request, as do ``options``.
        ``window`` (a :class:`~payments_sdk.Window`) sets ``after`` and ``before`` from its
        edges, and the pager keeps the records inside it (see :mod:`payments_sdk._window`).
        """
        from .._pagination import AsyncPager
        from .._validation import to_utc_instant
        from .._window import Window

        taken = sorted(_PAGER_PARAMS.intersection(options.query)) if options is not None else []
        if taken:
            raise InvalidParameterError(
                "extra_query",
                f"cannot set {', '.join(taken)}: the pager sets them on every page "
                "(pass page=, per_page=, before= or after= to list())",
            )
        if isinstance(prefetch, bool) or not isinstance(prefetch, int):
            raise InvalidParameterError("prefetch", f"must be an int, got {prefetch!r}")
        if not 0 <= prefetch <= MAX_PREFETCH:
            raise InvalidParameterError("prefetch", f"must be from 0 to {MAX_PREFETCH}")
        if window is not None:
            if not isinstance(window, Window):
                raise InvalidParameterError(
                    "window", f"must be a payments_sdk.Window, got {type(window).__name__}"
                )
            if before is not None or after is not None:
                raise InvalidParameterError(
                    "window",
                    "cannot be combined with before or after: the window sets both "
                    f"(its start is inclusive, its end exclusive: {window})",
                )
            before, after = window.end, window.after()
        # The one conversion of the edges: to UTC instants, which the pager compares and sends.
        start = to_utc_instant(before, "before") if before is not None else None
        end = to_utc_instant(after, "after") if after is not None else None
        requestor = self._requestor

        async def fetch(request: PageRequest) -> tuple[list[Any], PageMeta]:
            query = {
                **filters,
                "before": request.before,
                "after": request.after,
                "per_page": per_page,
                "page": request.page,
            }
            result = await requestor.parsed(
                operation, options, path=path, query=query, headers=headers
            )
            return result.data, result.page_meta

        return AsyncPager(
            fetch, page=page, before=start, after=end, prefetch=prefetch, window=window
        )

    def _one_page(
        self,
        operation: Operation[Any],
        options: CallOptions | None,
        *,
        path: Mapping[str, str] | None = None,
        query: Mapping[str, Any] | None = None,
        headers: Mapping[str, Any] | None = None,
    ) -> AsyncPager[Any]:
        """Return a pager over an operation that answers one page and takes no page parameters."""
        from .._pagination import AsyncPager

        requestor = self._requestor

        async def fetch(request: PageRequest) -> tuple[list[Any], PageMeta]:
            result = await requestor.parsed(
                operation, options, path=path, query=query, headers=headers
            )
            return result.data, result.page_meta

        return AsyncPager(fetch, pageable=False)


def _derived_name(name: str) -> str | None:
    """Return the file's own name if it can be sent as one; else None (the part is "document")."""
    from .._validation import check_file_name

    try:
        return check_file_name(name) if name else None
    except InvalidParameterError:
        return None
