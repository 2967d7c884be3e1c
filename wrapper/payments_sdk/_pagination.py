"""Pages and the pager returned by every ``list()`` method.

A pager does no I/O until it is used:

- ``page = await client.payments.list()`` fetches the first page;
- ``async for payment in client.payments.list()`` yields every item of every page;
- ``async for page in client.payments.list().pages()`` yields the pages.

**No drift.** Lists are newest first, so records created during a walk would push older ones
onto the next page and show them twice. Unless the caller fixed ``before``, the pager pins the
window after the first page: later pages are requested with ``before`` just after the newest
record the first page showed, so the walk sees exactly the records that existed when it began.

**Prefetch.** ``list(..., prefetch=N)`` keeps up to N later pages in flight while the caller
consumes the current one, and still yields in order. Memory is bounded by N + 1 pages.

**Windows.** ``list(window=Window(start, end))`` walks the records created from ``start``
(inclusive) to ``end`` (exclusive): the service is asked for ``after`` one second before
``start`` and ``before`` ``end``, and each page drops the records outside the window (see
:mod:`payments_sdk._window`). A page's ``data`` may then hold fewer records than ``per_page``;
its ``page_meta`` is the service's, and its ``count`` includes the dropped ones.

**Every walk ends.** The page after page N is page N + 1, and the first page's ``page_meta``
says how many pages the walk can have. When a page's ``next`` is anything but the page after
the one requested, or beyond its own ``pages``, or the walk would outgrow the pages the first
page announced, or the first page's newest record is too late for any ``before`` to follow it,
the page is still handed out, and moving past it raises
:class:`~payments_sdk.APIResponseValidationError` naming the field (``$.page_meta.next``, ...).
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from collections.abc import AsyncGenerator, AsyncIterator, Awaitable, Callable, Generator, Sequence
from dataclasses import dataclass, replace
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from ._validation import UtcInstant
from .errors import APIResponseValidationError, PaymentsError

if TYPE_CHECKING:
    from payments_sdk_generated.models import PageMeta

    from ._window import Window

__all__ = ["AsyncPager", "Page", "PageRequest"]

T = TypeVar("T")

_ONE_TICK = timedelta(microseconds=1)


@dataclass(frozen=True, slots=True)
class PageRequest:
    """The parameters of one page request."""

    page: int
    before: datetime | None
    after: datetime | None
    pinned: bool = False
    index: int = 1
    """The page's place in the walk: 1 for the first page."""
    length: int | None = None
    """How many pages the walk may have, from the first page's ``page_meta.pages``."""


Fetch = Callable[[PageRequest], Awaitable[tuple[Sequence[T], "PageMeta"]]]


def _created_at(item: object) -> datetime | None:
    value = getattr(item, "created_at", None)
    return value if isinstance(value, datetime) else None


def _pin(data: Sequence[object]) -> datetime | str | None:
    """Return ``before`` for the window of every record up to the newest on ``data``, in UTC.

    None when no record has a ``created_at``. A newest record at the very end of what a UTC
    timestamp can express leaves no instant after it to send: then, why the window cannot be
    pinned.
    """
    stamps = [(stamp, index) for index, item in enumerate(data) if (stamp := _created_at(item))]
    if not stamps:
        return None
    newest, index = max(stamps, key=lambda pair: pair[0])
    try:
        pinned = newest.astimezone(UTC) + _ONE_TICK
    except OverflowError:
        return (
            f"$.data[{index}].created_at: {newest.isoformat()} leaves no later instant to pin "
            "the window with (the last is 9999-12-31T23:59:59.999999Z)"
        )
    return UtcInstant.combine(pinned.date(), pinned.timetz())  # sent as ...Z, as every edge is


def _unwalkable(problem: str) -> APIResponseValidationError:
    return APIResponseValidationError(f"the pages cannot be walked past this one: {problem}")


class Page(Generic[T]):
    """One page of a list: ``data``, ``page_meta`` and a way to the next page."""

    __slots__ = ("_next", "_pager", "_stop", "data", "page_meta")

    def __init__(
        self,
        pager: AsyncPager[T],
        data: list[T],
        page_meta: PageMeta,
        next_request: PageRequest | None,
        stop: str | None = None,
    ) -> None:
        self._pager = pager
        self._next = next_request
        self._stop = stop  # why the walk cannot go past this page, when the service says it goes on
        self.data = data
        """The records on this page, newest first."""
        self.page_meta = page_meta
        """The service's page metadata (``current``, ``next_``, ``pages``, ``count``, …)."""

    def has_next_page(self) -> bool:
        """Whether another page follows this one, as the service says."""
        return self._next is not None or self._stop is not None

    async def next_page(self) -> Page[T]:
        """Fetch the page after this one, in the same (pinned) window.

        Raises :class:`~payments_sdk.APIResponseValidationError` when this page's
        ``page_meta`` cannot be followed (see :mod:`payments_sdk._pagination`).
        """
        return await self._pager._load(self._following())

    def _following(self) -> PageRequest:
        if self._stop is not None:
            raise _unwalkable(self._stop)
        if self._next is None:
            raise PaymentsError("this is the last page; check has_next_page() first")
        return self._next

    def __repr__(self) -> str:
        return f"Page(items={len(self.data)}, page_meta={self.page_meta!r})"


class AsyncPager(Generic[T]):
    """Awaitable for the first page; async-iterable over every item across pages."""

    def __init__(
        self,
        fetch: Fetch[T],
        *,
        page: int = 1,
        before: datetime | None = None,
        after: datetime | None = None,
        prefetch: int = 0,
        pageable: bool = True,
        window: Window | None = None,
    ) -> None:
        self._fetch = fetch
        self._first = PageRequest(page=page, before=before, after=after, pinned=before is not None)
        self._prefetch = prefetch
        self._pageable = pageable
        self._window = window

    def __await__(self) -> Generator[Any, None, Page[T]]:
        return self._load(self._first).__await__()

    def __aiter__(self) -> AsyncIterator[T]:
        return self._items()

    async def _items(self) -> AsyncIterator[T]:
        # Closed explicitly (not left to the garbage collector): closing this walk cancels
        # and awaits the prefetches before the close returns.
        async with contextlib.aclosing(self.pages()) as pages:
            async for page in pages:
                for item in page.data:
                    yield item

    async def _load(self, request: PageRequest) -> Page[T]:
        items, meta = await self._fetch(request)
        data = list(items)
        following = self._after(request, data, meta)  # the walk follows what the service sent
        window = self._window
        if window is not None:
            data = [item for item in data if window.holds(_created_at(item))]
        if isinstance(following, str):
            return Page(self, data, meta, None, following)
        return Page(self, data, meta, following)

    def _after(
        self, request: PageRequest, data: list[T], meta: PageMeta
    ) -> PageRequest | str | None:
        """Return the request for the page after ``request``, or None when it was the last.

        When ``meta`` says the walk goes on but cannot be followed (the next page must be the
        one after the one requested, within the pages announced), return why, naming the field.
        """
        if not self._pageable or not data or meta.next_ is None:
            return None
        following = meta.next_
        if following != request.page + 1:
            return (
                f"$.page_meta.next: page {request.page} says the next page is {following}, "
                f"not {request.page + 1}"
            )
        if following > meta.pages:
            return f"$.page_meta.next: page {following} is beyond $.page_meta.pages ({meta.pages})"
        length = meta.pages - request.page + 1 if request.length is None else request.length
        if request.index >= length:
            return (
                f"$.page_meta.pages: the walk would outgrow the {length} pages its first "
                "page announced"
            )
        if not request.pinned:
            before = _pin(data)
            if isinstance(before, str):
                return before
            if before is not None:
                # Pin: the first page becomes page 1 of the window "before newest + 1 µs".
                return replace(request, page=2, before=before, pinned=True, index=2, length=length)
        return replace(request, page=following, index=request.index + 1, length=length)

    async def pages(self) -> AsyncGenerator[Page[T], None]:
        """Yield every page in order, prefetching up to ``prefetch`` pages ahead."""
        page = await self._load(self._first)
        yield page
        if self._prefetch <= 0:
            while page.has_next_page():
                page = await page.next_page()
                yield page
            return
        async with contextlib.aclosing(self._prefetched(page)) as later_pages:
            async for later in later_pages:
                yield later

    async def _prefetched(self, first: Page[T]) -> AsyncGenerator[Page[T], None]:
        """Yield the pages after ``first`` while keeping up to ``prefetch`` requests in flight."""
        if not first.has_next_page():
            return
        start = first._following()  # raises when the first page cannot be followed
        if start.length is None:
            return
        # The walk's last page by number; it only shrinks, when later pages announce fewer.
        last_number = start.page + start.length - start.index
        in_flight: deque[asyncio.Task[Page[T]]] = deque()
        scheduled = start.page - 1

        def top_up() -> None:
            nonlocal scheduled
            while len(in_flight) < self._prefetch and scheduled < last_number:
                scheduled += 1
                index = start.index + scheduled - start.page
                request = replace(start, page=scheduled, index=index)
                in_flight.append(asyncio.ensure_future(self._load(request)))

        try:
            top_up()
            while in_flight:
                page = await in_flight.popleft()
                yield page
                if not page.has_next_page():
                    return
                page._following()  # raises when this page cannot be followed
                last_number = min(last_number, page.page_meta.pages)
                top_up()
        finally:
            for task in in_flight:
                task.cancel()
            await asyncio.gather(*in_flight, return_exceptions=True)
