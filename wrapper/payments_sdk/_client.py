"""AsyncPaymentsClient: configuration, the connection pool, and one namespace per resource."""

from __future__ import annotations

import asyncio
import json
import os
import platform
from collections.abc import Awaitable, Callable, Mapping
from functools import cached_property
from types import TracebackType
from typing import TYPE_CHECKING, Any, Final, Self, TypeVar

import httpx

from payments_api_client.errors import InvalidPathParameter, UnexpectedBody
from payments_api_client.types import Response

from ._config import SecretKey, check_base_url, root_url_of
from ._logging import setup_from_env
from ._sender import Sender
from ._version import __version__
from .errors import (
    APIConnectionError,
    APIResponseValidationError,
    InvalidParameterError,
)

if TYPE_CHECKING:
    from payments_api_client.client import Sender as OperationSender
    from payments_api_client.models import Ping

    from .resources.balance_conversions import BalanceConversions
    from .resources.balances import Balances
    from .resources.bank_account_validations import BankAccountValidations
    from .resources.beneficiaries import Beneficiaries
    from .resources.documents import Documents
    from .resources.fx_rates import FxRates
    from .resources.kyc_links import KycLinks
    from .resources.orders import Orders
    from .resources.payments import Payments
    from .resources.refunds import Refunds
    from .resources.rfis import Rfis
    from .resources.virtual_accounts import VirtualAccounts

__all__ = [
    "DEFAULT_CONNECTION_LIMITS",
    "DEFAULT_MAX_RETRIES",
    "DEFAULT_TIMEOUT",
    "AsyncPaymentsClient",
]

T = TypeVar("T")

DEFAULT_TIMEOUT: Final = httpx.Timeout(30.0, connect=5.0)
"""30 s to read, write or wait for a pooled connection; 5 s to connect."""
DEFAULT_MAX_RETRIES: Final = 2
DEFAULT_CONNECTION_LIMITS: Final = httpx.Limits(max_connections=20, max_keepalive_connections=20)
"""At most 20 connections, all kept alive between calls; more calls wait for a free one.

httpcore's pool checks every connection each time a request starts or ends, so its cost per
call grows with the number of open connections: 64 concurrent calls ran 2.5x faster over 20
connections than over httpx's default 100, even with 20 ms of latency (docs/benchmarks.md).
Keeping every connection alive also avoids reconnecting under load. Pass your own
``http_client`` for other limits.
"""


class _NotGiven:
    """Sentinel: an option that was not passed (as opposed to one passed as ``None``)."""

    def __repr__(self) -> str:
        return "NOT_GIVEN"


NOT_GIVEN: Final = _NotGiven()


def _timeout(value: object) -> httpx.Timeout:
    if isinstance(value, httpx.Timeout):
        return value
    if isinstance(value, int | float) and not isinstance(value, bool) and value > 0:
        return httpx.Timeout(
            float(value), connect=min(float(value), DEFAULT_TIMEOUT.connect or 5.0)
        )
    raise InvalidParameterError(
        "timeout", f"must be an httpx.Timeout or seconds > 0, got {value!r}"
    )


def _retries(value: object) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= 10:
        raise InvalidParameterError("max_retries", f"must be an int from 0 to 10, got {value!r}")
    return value


class AsyncPaymentsClient:
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
        http_client: Your own :class:`httpx.AsyncClient` (proxies, limits, transports). You keep
            ownership: the SDK never closes it, and sends through it exactly as configured.
            Without one, the SDK makes its own pool (:data:`DEFAULT_CONNECTION_LIMITS`) and
            queues calls beyond its 20 connections in front of it.
        default_headers: Extra headers sent with every request.

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
    ) -> None:
        setup_from_env()
        self._api_key = SecretKey(
            api_key if api_key is not None else os.environ.get("PAYMENTS_API_KEY")
        )
        self.base_url: str = check_base_url(
            base_url if base_url is not None else os.environ.get("PAYMENTS_BASE_URL")
        )
        """The versioned root, ending in ``/v1``."""
        self.root_url: str = root_url_of(self.base_url)
        """The root address (``base_url`` without ``/v1``); beneficiaries live here."""
        self.timeout: httpx.Timeout = _timeout(timeout)
        self.max_retries: int = _retries(max_retries)
        self._default_headers = dict(default_headers or {})
        if http_client is not None and not isinstance(http_client, httpx.AsyncClient):
            raise InvalidParameterError("http_client", "must be an httpx.AsyncClient")
        self._owns_pool = http_client is None
        self._pool = http_client or httpx.AsyncClient(
            timeout=self.timeout, limits=DEFAULT_CONNECTION_LIMITS, follow_redirects=False
        )
        # Our own pool gets a gate that queues calls beyond its connections (see Sender).
        self._gate = (
            asyncio.Semaphore(DEFAULT_CONNECTION_LIMITS.max_connections or 20)
            if self._owns_pool
            else None
        )
        self._closed = False
        self._connect()

    def _connect(self) -> None:
        """Build the sender over the (possibly shared) pool."""
        headers = {
            "User-Agent": f"payments-sdk/{__version__} python/{platform.python_version()}",
            "Accept": "application/json",
            **self._default_headers,
        }
        self._sender = Sender(
            pool=self._pool,
            root_url=self.root_url,
            api_key=self._api_key,
            headers=headers,
            timeout=self.timeout,
            max_retries=self.max_retries,
            gate=self._gate,
        )

    def with_options(
        self,
        *,
        timeout: httpx.Timeout | float | _NotGiven = NOT_GIVEN,
        max_retries: int | _NotGiven = NOT_GIVEN,
        default_headers: Mapping[str, str] | _NotGiven = NOT_GIVEN,
    ) -> AsyncPaymentsClient:
        """Return a copy with other options that shares this client's connection pool.

        ``await client.with_options(max_retries=0).refunds.create(...)`` sets options for one
        call. Closing the copy leaves the shared pool open; closing the original closes it.
        """
        copy = object.__new__(AsyncPaymentsClient)
        copy._api_key = self._api_key
        copy.base_url = self.base_url
        copy.root_url = self.root_url
        copy.timeout = self.timeout if isinstance(timeout, _NotGiven) else _timeout(timeout)
        copy.max_retries = (
            self.max_retries if isinstance(max_retries, _NotGiven) else _retries(max_retries)
        )
        copy._default_headers = (
            dict(self._default_headers)
            if isinstance(default_headers, _NotGiven)
            else dict(default_headers)
        )
        copy._pool = self._pool
        copy._owns_pool = False
        copy._gate = self._gate
        copy._closed = False
        copy._connect()
        return copy

    async def aclose(self) -> None:
        """Close the client, and its connection pool if the SDK created it."""
        self._closed = True
        if self._owns_pool:
            await self._pool.aclose()

    @property
    def is_closed(self) -> bool:
        """Whether this client (or the pool it uses) was closed."""
        return self._closed or self._pool.is_closed

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

    # -- calling the generated client -------------------------------------------------------

    def _ensure_open(self) -> None:
        if self.is_closed:
            raise APIConnectionError("the client is closed; create a new one")

    async def _send(self, call: Callable[[OperationSender], Awaitable[Response[T]]]) -> T:
        """Run one generated operation through the sender; return its parsed model.

        The sender raises the SDK's own exceptions for transport failures and error statuses.
        Only two failures of the generated code are translated: a 2xx body that does not match
        the bundle, and a path parameter that cannot be one segment. Anything else is a bug and
        surfaces as itself.
        """
        if self.is_closed:
            raise APIConnectionError("the client is closed; create a new one")
        try:
            return (await call(self._sender)).parsed
        except UnexpectedBody as exc:
            raise _unparseable(exc.response, str(exc)) from None
        except InvalidPathParameter as exc:
            raise InvalidParameterError(
                exc.name, "must be one path segment (not '.', '..')"
            ) from None

    # -- operations that are not resources --------------------------------------------------

    async def ping(self) -> Ping:
        """``GET /ping``: check that the key and base URL work."""
        from payments_api_client.api.authentication import ping

        return await self._send(lambda s: ping.asyncio_detailed(sender=s))

    async def request(
        self,
        method: str,
        path: str,
        *,
        params: Mapping[str, Any] | None = None,
        json: Any = None,
        root: bool = False,
    ) -> Any:
        """Call an operation the bundle does not describe, with the same auth, retries and errors.

        ``path`` is relative to ``base_url`` (or to ``root_url`` with ``root=True``), for
        example ``await client.request("GET", "/customers")``. Returns the parsed JSON body, or
        ``None`` for an empty one.
        """
        if not isinstance(path, str) or not path.startswith("/") or "//" in path:
            raise InvalidParameterError("path", f"must start with a single '/', got {path!r}")
        if not isinstance(method, str) or not method.isalpha():
            raise InvalidParameterError("method", f"must be an HTTP method name, got {method!r}")
        url = path if root else self.base_url[len(self.root_url) :] + path
        if self.is_closed:
            raise APIConnectionError("the client is closed; create a new one")
        response = await self._sender.send_json(method.upper(), url, params=params, json=json)
        if not response.content:
            return None
        try:
            return _json_loads(response.content)
        except ValueError:
            raise _unparseable(response, "$: the body is not valid JSON") from None

    # -- resources, imported on first use ---------------------------------------------------

    @cached_property
    def balances(self) -> Balances:
        """Balances in every enabled currency."""
        from .resources.balances import Balances

        return Balances(self)

    @cached_property
    def balance_conversions(self) -> BalanceConversions:
        """Conversions between USD, EUR and GBP balances."""
        from .resources.balance_conversions import BalanceConversions

        return BalanceConversions(self)

    @cached_property
    def fx_rates(self) -> FxRates:
        """Mid-market FX rates."""
        from .resources.fx_rates import FxRates

        return FxRates(self)

    @cached_property
    def bank_account_validations(self) -> BankAccountValidations:
        """Bank account validations."""
        from .resources.bank_account_validations import BankAccountValidations

        return BankAccountValidations(self)

    @cached_property
    def beneficiaries(self) -> Beneficiaries:
        """Beneficiaries (v2, at the root URL)."""
        from .resources.beneficiaries import Beneficiaries

        return Beneficiaries(self)

    @cached_property
    def orders(self) -> Orders:
        """Orders: requests to receive a payment."""
        from .resources.orders import Orders

        return Orders(self)

    @cached_property
    def refunds(self) -> Refunds:
        """Refunds of payments."""
        from .resources.refunds import Refunds

        return Refunds(self)

    @cached_property
    def virtual_accounts(self) -> VirtualAccounts:
        """Virtual accounts of the authenticated customer."""
        from .resources.virtual_accounts import VirtualAccounts

        return VirtualAccounts(self)

    @cached_property
    def kyc_links(self) -> KycLinks:
        """Identity-verification links."""
        from .resources.kyc_links import KycLinks

        return KycLinks(self)

    @cached_property
    def documents(self) -> Documents:
        """Uploaded documents."""
        from .resources.documents import Documents

        return Documents(self)

    @cached_property
    def rfis(self) -> Rfis:
        """Requests for information."""
        from .resources.rfis import Rfis

        return Rfis(self)

    @cached_property
    def payments(self) -> Payments:
        """Payments received from customers."""
        from .resources.payments import Payments

        return Payments(self)


def _json_loads(content: bytes) -> Any:
    return json.loads(content)


def _body_of(content: bytes) -> Any:
    try:
        return _json_loads(content)
    except ValueError:
        return content.decode("utf-8", errors="replace")


def _unparseable(response: httpx.Response, problem: str) -> APIResponseValidationError:
    return APIResponseValidationError(
        f"the {response.status_code} response does not match the bundle: {problem}",
        response=response,
        body=_body_of(response.content),
    )
