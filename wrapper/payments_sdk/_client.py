"""``AsyncPaymentsClient``: the client's configuration, its lifecycle and its namespaces.

Everything a call does happens below the namespaces, in the call layer (``_requestor.py``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import cached_property
from types import TracebackType
from typing import TYPE_CHECKING, Any, Self

import httpx

from ._logging import setup_from_env
from ._namespaces import Namespaces
from ._options import (
    DEFAULT_CONNECTION_LIMITS,
    DEFAULT_MAX_RETRIES,
    DEFAULT_TIMEOUT,
    MAX_CONNECTIONS,
    NOT_GIVEN,
    PACED_CONNECTIONS,
    ClientOptions,
    NotGiven,
)
from .errors import InvalidParameterError

if TYPE_CHECKING:
    from typing_extensions import Unpack

    from ._call_options import RequestOptions
    from ._observe import Observer
    from ._pool import Pool
    from ._raw_namespaces import WithRawResponse
    from ._requestor import Requestor

__all__ = [
    "DEFAULT_CONNECTION_LIMITS",
    "DEFAULT_MAX_RETRIES",
    "DEFAULT_TIMEOUT",
    "AsyncPaymentsClient",
]


class AsyncPaymentsClient(Namespaces):
    """The async client for the Payments, Payouts and Multi-Currency Account service.

    Use it as an async context manager, or call :meth:`aclose` when done::

        async with AsyncPaymentsClient(api_key=..., base_url="https://<host>/v1") as client:
            balances = await client.balances.retrieve()

    Args:
        api_key: The secret key, a JWT-form token. Defaults to ``$PAYMENTS_API_KEY``.
        base_url: The versioned root, ending in ``/v1``. Defaults to ``$PAYMENTS_BASE_URL``.
            HTTPS is required except on loopback hosts.
        timeout: An :class:`httpx.Timeout` or seconds. Default: 30 s, with 5 s to connect.
        max_retries: Retries of a failed request that is safe to repeat. Default 2.
        http_client: Your own :class:`httpx.AsyncClient` (respx or ``MockTransport`` in tests,
            custom TLS, limits or transports). You keep ownership: the SDK never closes it. Its
            default headers are read now (ours win); its cookies and default query parameters
            are not sent. Without one, the SDK uses its own pool on aiohttp (made on the first
            request; see docs/client.md) and queues calls beyond its 20 connections per
            event loop in front of it (up to 100, while the retries the client's recent calls
            earned could retry them all).
        default_headers: Extra headers sent with every request (printable ASCII only).
        total_timeout: Seconds a whole call may take, retries and the waits between them
            included; past it, the call raises :class:`~payments_sdk.APITimeoutError`.
            Default ``None``: no bound beyond ``timeout``, which applies to each read.
        observers: Objects told about every attempt and every finished call
            (:class:`~payments_sdk.Observer`); see docs/observability.md.
        opentelemetry: Make OpenTelemetry spans, ``traceparent`` headers and the
            ``http.client.request.duration`` metric. Default ``None``: when
            ``opentelemetry-api`` is installed (``payments-sdk[otel]``).

    """

    def __init__(
        self,
        *,
        api_key: str | None = None,
        base_url: str | None = None,
        timeout: httpx.Timeout | float = DEFAULT_TIMEOUT,
        max_retries: int = DEFAULT_MAX_RETRIES,
        http_client: httpx.AsyncClient | None = None,
        default_headers: Mapping[str, str] | None = None,
        total_timeout: float | None = None,
        observers: Sequence[Observer] | None = None,
        opentelemetry: bool | None = None,
    ) -> None:
        setup_from_env()
        options = ClientOptions.create(
            api_key=api_key,
            base_url=base_url,
            timeout=timeout,
            max_retries=max_retries,
            default_headers=default_headers,
            total_timeout=total_timeout,
            observers=observers,
            opentelemetry=opentelemetry,
        )
        if http_client is not None and not isinstance(http_client, httpx.AsyncClient):
            raise InvalidParameterError("http_client", "must be an httpx.AsyncClient")
        from ._pool import Pool  # with asyncio: when a client is made, not at import

        pool = Pool(
            root_url=options.root_url,
            paced=PACED_CONNECTIONS,
            limit=MAX_CONNECTIONS,
            http_client=http_client,
        )
        self._setup(options, pool, owns_pool=True)

    def _setup(self, options: ClientOptions, pool: Pool, *, owns_pool: bool) -> None:
        self._options = options
        self._pool = pool
        self._owns_pool = owns_pool
        from ._requestor import Requestor  # the call layer: when a client is made, not at import

        self._requestor: Requestor = Requestor(options, pool)

    @property
    def base_url(self) -> str:
        """The versioned root, ending in ``/v1``."""
        return self._options.base_url

    @property
    def root_url(self) -> str:
        """The root address (``base_url`` without ``/v1``); beneficiaries live here."""
        return self._options.root_url

    @property
    def timeout(self) -> httpx.Timeout:
        """The timeout of every request."""
        return self._options.timeout

    @property
    def max_retries(self) -> int:
        """How many times a failed request that is safe to repeat is retried."""
        return self._options.max_retries

    @property
    def total_timeout(self) -> float | None:
        """Seconds a whole call may take, retries included; None when unbounded."""
        return self._options.total_timeout

    def with_options(
        self,
        *,
        timeout: httpx.Timeout | float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
        default_headers: Mapping[str, str] | NotGiven = NOT_GIVEN,
        total_timeout: float | NotGiven | None = NOT_GIVEN,
    ) -> AsyncPaymentsClient:
        """Return a copy with other options that shares this client's connection pool.

        ``await client.with_options(max_retries=0).refunds.create(...)`` sets options for one
        call. Closing the copy leaves the shared pool open; closing the original closes it.
        """
        options = self._options.replace(
            timeout=timeout,
            max_retries=max_retries,
            default_headers=default_headers,
            total_timeout=total_timeout,
        )
        copy = object.__new__(AsyncPaymentsClient)
        copy._setup(options, self._pool, owns_pool=False)
        return copy

    @cached_property
    def with_raw_response(self) -> WithRawResponse:
        """The same namespaces and methods, returning an :class:`~payments_sdk.APIResponse`.

        ``(await client.with_raw_response.refunds.create(payment_id=...)).headers`` gives the
        response headers; ``.parse()`` gives the model the plain call returns.
        """
        from ._raw_namespaces import WithRawResponse

        return WithRawResponse(self._requestor)

    async def aclose(self) -> None:
        """Close the client: every call still in flight ends with ClientClosedError.

        Calls waiting for a connection or for their next retry end at once; calls on the
        SDK's own connections end as those connections close (a caller's ``http_client`` is
        left open, and an exchange already on it finishes). Closing a ``with_options`` copy
        leaves the shared pool to the original. Safe to call twice, and from any event loop.
        """
        self._requestor.closed = True
        if self._owns_pool:
            await self._pool.aclose()

    @property
    def is_closed(self) -> bool:
        """Whether this client (or the pool it uses) was closed."""
        return self._requestor.closed or self._requestor.pool_closed

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()

    def __repr__(self) -> str:
        return f"AsyncPaymentsClient(base_url={self.base_url!r}, max_retries={self.max_retries})"

    def __reduce__(self) -> tuple[Any, ...]:
        raise TypeError("an AsyncPaymentsClient holds a connection pool and cannot be pickled")

    # -- operations the bundle does not describe -----------------------------------------

    async def request(
        self,
        method: str,
        path: str,
        *,
        params: Mapping[str, Any] | None = None,
        json: Any = None,
        root: bool = False,
        **options: Unpack[RequestOptions],
    ) -> Any:
        """Call an operation the bundle does not describe, with the same auth, retries and errors.

        ``path`` is relative to ``base_url`` (or to ``root_url`` with ``root=True``), for
        example ``await client.request("GET", "/customers")``, and is sent exactly as written:
        RFC 3986 segments (percent-encode anything else), without ``.`` or ``..`` segments, and
        without a query, which goes in ``params``. Returns the parsed JSON body, or ``None``
        for an empty one.
        """
        from ._validation import check_params, check_path

        check_path(path)
        if not isinstance(method, str) or not method.isascii() or not method.isalpha():
            raise InvalidParameterError("method", f"must be an HTTP method name, got {method!r}")
        if not isinstance(root, bool):
            raise InvalidParameterError("root", f"must be True or False, got {type(root).__name__}")
        query = check_params(params)
        from ._call_options import check_call_options

        per_call = check_call_options(options)
        url = path if root else self._options.version_prefix + path
        return await self._requestor.request_json(
            method.upper(), url, params=query, body=json, options=per_call
        )
