"""What every resource namespace shares: the call layer below it, and the list helper."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from datetime import datetime
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from payments_sdk_generated.types import Response

from .._pagination import AsyncPager, PageRequest
from .._validation import check_page, check_per_page, to_utc_instant
from ..errors import InvalidParameterError

if TYPE_CHECKING:
    from payments_sdk_generated.models import PageMeta

    from .._call_options import CallOptions
    from .._requestor import Requestor

__all__ = ["ListCall", "ListModel", "Resource"]

T = TypeVar("T")

MAX_PREFETCH = 16


class ListModel(Protocol[T]):
    """A generated list response: ``data`` and ``page_meta``."""

    @property
    def data(self) -> list[T]: ...

    @property
    def page_meta(self) -> PageMeta: ...


ListCall = Callable[..., Awaitable[Response[Any]]]
"""A generated list operation's ``asyncio_detailed``: filters plus before/after/per_page/page."""


def _instant(value: datetime | None, field: str) -> datetime | None:
    """Map a window bound to the generated operation's argument, sent as UTC with ``Z``."""
    return None if value is None else to_utc_instant(value, field)


class Resource:
    """Base class of the resource namespaces: each runs its operations through a requestor."""

    __slots__ = ("_requestor",)

    def __init__(self, requestor: Requestor) -> None:
        self._requestor = requestor

    def _list(
        self,
        call: ListCall,
        expected: type[ListModel[T]],
        *,
        before: datetime | str | None,
        after: datetime | str | None,
        per_page: int,
        page: int,
        prefetch: int,
        filters: dict[str, Any] | None = None,
        options: CallOptions | None = None,
    ) -> AsyncPager[T]:
        """Validate the common list parameters and return a pager over ``call``.

        ``filters`` are the operation's own (already validated) query parameters; ``None``
        values are not sent; ``options`` apply to every page's request.
        """
        sent = dict(filters or {})
        size = check_per_page(per_page)
        first = check_page(page)
        if isinstance(prefetch, bool) or not isinstance(prefetch, int):
            raise InvalidParameterError("prefetch", f"must be an int, got {prefetch!r}")
        if not 0 <= prefetch <= MAX_PREFETCH:
            raise InvalidParameterError("prefetch", f"must be from 0 to {MAX_PREFETCH}")
        start = to_utc_instant(before, "before") if before is not None else None
        end = to_utc_instant(after, "after") if after is not None else None
        if start is not None and end is not None and end >= start:
            raise InvalidParameterError("after", "must be earlier than before")

        async def fetch(request: PageRequest) -> tuple[list[T], PageMeta]:
            result: ListModel[T] = await self._requestor.parsed(
                lambda s: call(
                    sender=s,
                    **sent,
                    before=_instant(request.before, "before"),
                    after=_instant(request.after, "after"),
                    per_page=size,
                    page=request.page,
                ),
                options,
            )
            return result.data, result.page_meta

        return AsyncPager(fetch, page=first, before=start, after=end, prefetch=prefetch)
