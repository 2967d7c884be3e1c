"""``APIResponse``: a successful answer with its status and headers, for ``with_raw_response``.

``await client.with_raw_response.refunds.create(...)`` takes the same arguments as
``client.refunds.create(...)`` and returns an :class:`APIResponse` instead of the model: read
``status_code`` and ``headers`` (rate limits, request ids), and ``parse()`` for the typed model.
"""

from __future__ import annotations

import functools
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, Any, Generic, ParamSpec, TypeVar

import httpx

if TYPE_CHECKING:
    from ._pagination import AsyncPager, Page
    from ._wire import WireResponse

__all__ = ["APIResponse", "to_raw", "to_raw_list"]

T = TypeVar("T")
P = ParamSpec("P")


class APIResponse(Generic[T]):
    """A 2xx answer: ``status_code``, ``headers``, the ``http_response``, and ``parse()``.

    The body was already checked against the bundle during the call (a mismatch raised
    :class:`~payments_sdk.APIResponseValidationError`, which carries the response too), so
    ``parse()`` is free.
    """

    __slots__ = ("_parsed", "_raw")

    def __init__(self, raw: WireResponse, parsed: T) -> None:
        self._raw = raw
        self._parsed = parsed

    @property
    def http_response(self) -> httpx.Response:
        """The answer as an :class:`httpx.Response` (its request's Authorization masked)."""
        return self._raw.to_httpx()

    @property
    def status_code(self) -> int:
        """The HTTP status."""
        return self._raw.status_code

    @property
    def headers(self) -> httpx.Headers:
        """The response headers (case-insensitive)."""
        return self._raw.httpx_headers

    def parse(self) -> T:
        """Return the typed model (``None`` for an answer with no body)."""
        return self._parsed

    def __repr__(self) -> str:
        return f"<APIResponse [{self.status_code}] {type(self._parsed).__name__}>"


class _Capture:
    """A requestor stand-in for one call: it remembers the response the call produced."""

    __slots__ = ("_inner", "response")

    def __init__(self, inner: Any) -> None:
        self._inner = inner
        self.response: WireResponse | None = None

    async def parsed(self, operation: Any, options: Any = None, **parts: Any) -> Any:
        answer = await self._inner.call(operation, options, **parts)
        self.response = answer._raw
        return answer.parse()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._inner, name)

    def wrap(self, value: T) -> APIResponse[T]:
        assert self.response is not None, "the call sent no request"
        return APIResponse(self.response, value)


def to_raw(method: Callable[P, Awaitable[T]]) -> Callable[P, Awaitable[APIResponse[T]]]:
    """Wrap a resource method so that it returns the :class:`APIResponse` of its one request."""
    resource: Any = getattr(method, "__self__")  # noqa: B009 - a bound method of a resource
    name = method.__name__

    @functools.wraps(method)
    async def raw(*args: P.args, **kwargs: P.kwargs) -> APIResponse[T]:
        capture = _Capture(resource._requestor)
        value = await getattr(type(resource)(capture), name)(*args, **kwargs)
        return capture.wrap(value)

    return raw


def to_raw_list(
    method: Callable[P, AsyncPager[T]],
) -> Callable[P, Awaitable[APIResponse[Page[T]]]]:
    """Wrap a ``list`` method: the :class:`APIResponse` of its first page, parsed as a Page."""
    resource: Any = getattr(method, "__self__")  # noqa: B009 - a bound method of a resource
    name = method.__name__

    @functools.wraps(method)
    async def raw(*args: P.args, **kwargs: P.kwargs) -> APIResponse[Page[T]]:
        capture = _Capture(resource._requestor)
        page: Page[T] = await getattr(type(resource)(capture), name)(*args, **kwargs)
        return capture.wrap(page)

    return raw
