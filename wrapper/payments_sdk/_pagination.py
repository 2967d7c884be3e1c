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
"""

from __future__ import annotations

import asyncio
from collections import deque
from collections.abc import AsyncIterator, Awaitable, Callable, Generator, Sequence
from dataclasses import dataclass, replace
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from .errors import PaymentsError

if TYPE_CHECKING:
    from payments_sdk_generated.models import PageMeta

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


Fetch = Callable[[PageRequest], Awaitable[tuple[Sequence[T], "PageMeta"]]]


def _created_at(item: object) -> datetime | None:
    value = getattr(item, "created_at", None)
    return value if isinstance(value, datetime) else None


class Page(Generic[T]):
    """One page of a list: ``data``, ``page_meta`` and a way to the next page."""

    __slots__ = ("_next", "_pager", "data", "page_meta")

    def __init__(
        self,
        pager: AsyncPager[T],
        data: list[T],
        page_meta: PageMeta,
        next_request: PageRequest | None,
    ) -> None:
        self._pager = pager
        self._next = next_request
        self.data = data
        """The records on this page, newest first."""
        self.page_meta = page_meta
        """The service's page metadata (``current``, ``next_``, ``pages``, ``count``, …)."""

    def has_next_page(self) -> bool:
        """Whether another page follows this one."""
        return self._next is not None

    async def next_page(self) -> Page[T]:
        """Fetch the page after this one, in the same (pinned) window."""
        if self._next is None:
            raise PaymentsError("this is the last page; check has_next_page() first")
        return await self._pager._load(self._next)

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
    ) -> None:
        self._fetch = fetch
        self._first = PageRequest(page=page, before=before, after=after, pinned=before is not None)
        self._prefetch = prefetch
        self._pageable = pageable

    def __await__(self) -> Generator[Any, None, Page[T]]:
        return self._load(self._first).__await__()

    def __aiter__(self) -> AsyncIterator[T]:
        return self._items()

    async def _items(self) -> AsyncIterator[T]:
        async for page in self.pages():
            for item in page.data:
                yield item

    async def _load(self, request: PageRequest) -> Page[T]:
        items, meta = await self._fetch(request)
        data = list(items)
        return Page(self, data, meta, self._after(request, data, meta))

    def _after(self, request: PageRequest, data: list[T], meta: PageMeta) -> PageRequest | None:
        """Return the request for the page after ``request``, or None when it was the last."""
        if not self._pageable or not data:
            return None
        following = meta.next_
        if following is None or following <= meta.current:
            return None
        if not request.pinned:
            newest = max((c for c in map(_created_at, data) if c is not None), default=None)
            if newest is not None:
                # Pin: the first page becomes page 1 of the window "before newest + 1 µs".
                return replace(request, page=2, before=newest + _ONE_TICK, pinned=True)
        return replace(request, page=following)

    async def pages(self) -> AsyncIterator[Page[T]]:
        """Yield every page in order, prefetching up to ``prefetch`` pages ahead."""
        page = await self._load(self._first)
        yield page
        if self._prefetch <= 0:
            while page.has_next_page():
                page = await page.next_page()
                yield page
            return
        async for later in self._prefetched(page):
            yield later

    async def _prefetched(self, first: Page[T]) -> AsyncIterator[Page[T]]:
        """Yield the pages after ``first`` while keeping up to ``prefetch`` requests in flight."""
        start = first._next
        if start is None:
            return
        remaining = max(first.page_meta.pages - first.page_meta.current, 1)
        last_number = start.page + remaining - 1
        in_flight: deque[asyncio.Task[Page[T]]] = deque()
        scheduled = start.page - 1

        def top_up(limit: int) -> None:
            nonlocal scheduled
            while len(in_flight) < self._prefetch and scheduled < limit:
                scheduled += 1
                in_flight.append(asyncio.ensure_future(self._load(replace(start, page=scheduled))))

        try:
            top_up(last_number)
            while in_flight:
                page = await in_flight.popleft()
                yield page
                if not page.has_next_page():
                    return
                # The window can grow (unpinned walks) or shrink; follow the latest metadata.
                following = page._next.page if page._next is not None else scheduled
                last_number = max(page.page_meta.pages, following)
                top_up(last_number)
        finally:
            for task in in_flight:
                task.cancel()
            await asyncio.gather(*in_flight, return_exceptions=True)
