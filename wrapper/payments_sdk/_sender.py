"""The one place every SDK request is sent from.

:class:`Sender` builds each request on the connection pool's own :class:`httpx.AsyncClient`
(ours, or the caller's), adds the bearer credential, retries what is safe to retry, logs each
attempt without secrets, and turns every failure into an SDK exception. It returns only
complete 2xx responses, so the generated parsers never see an error body.

Every generated operation takes it as its ``sender``: it implements the generated
``payments_sdk_generated.client.Sender`` protocol (``send(method, url, params=, content=,
files=, headers=)``), so mypy checks the fit. There is one httpx client per request path, not a
client wrapped around another client.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Mapping
from typing import Any

import httpx

from ._logging import logger
from ._retry import backoff_delay, retry_after_seconds, retryable_error, retryable_status
from ._secret import SecretKey
from .errors import APIConnectionError, APIStatusError, APITimeoutError, status_error_class

__all__ = ["Sender"]

# Paths carry ids, so the parsed-URL cache is bounded; a full cache starts again.
_URL_CACHE_SIZE = 256


class Sender:
    """Sends SDK requests through ``pool`` with the key, headers, timeout and retry budget."""

    __slots__ = (
        "_api_key",
        "_extensions",
        "_gate",
        "_headers",
        "_pool",
        "_root_url",
        "_urls",
        "max_retries",
        "timeout",
        "total_timeout",
    )

    def __init__(
        self,
        *,
        pool: httpx.AsyncClient,
        root_url: str,
        api_key: SecretKey,
        headers: Mapping[str, str],
        timeout: httpx.Timeout,
        max_retries: int,
        gate: asyncio.Semaphore | None = None,
        total_timeout: float | None = None,
    ) -> None:
        self._pool = pool
        self._gate = gate
        self._root_url = root_url
        self._api_key = api_key
        # Every request starts from one set of headers, merged once here rather than by
        # ``pool.build_request`` on every call (measured in docs/benchmarks.md): the pool's own
        # defaults (a caller's ``http_client`` may carry some), then ours, then the credential.
        # httpx masks Authorization in a ``Headers`` repr.
        self._headers = httpx.Headers(pool.headers)
        self._headers.update(headers)
        self._headers["Authorization"] = api_key.header_value()
        self._extensions = {"timeout": timeout.as_dict()}
        self._urls: dict[str, httpx.URL] = {}
        self.timeout = timeout
        self.max_retries = max_retries
        self.total_timeout = total_timeout

    async def send(
        self,
        method: str,
        url: str,
        *,
        params: Mapping[str, Any] | None = None,
        content: bytes | None = None,
        files: Any = None,
        headers: Mapping[str, str] | None = None,
    ) -> httpx.Response:
        """Send one operation (``url`` relative to the root URL); return its 2xx response.

        The request is built here, not by ``pool.build_request``: the pool lends its transport,
        limits, proxies and event hooks, and its default headers were merged when this sender
        was made; it sends no cookies (the service authenticates by the bearer key alone).
        """
        request = httpx.Request(
            method,
            self._url(url),
            params=params,
            content=content,
            files=files,
            headers=self._headers,
            extensions=self._extensions.copy(),
        )
        if headers:
            request.headers.update(headers)
        if self.total_timeout is None:
            return await self._send(request)
        return await self._send_within(request, self.total_timeout)

    async def _send_within(self, request: httpx.Request, seconds: float) -> httpx.Response:
        """Send with retries, all of it within ``seconds``; past them, APITimeoutError.

        ``timeout`` bounds each read, so a body trickled a byte at a time never trips it; this
        bounds the whole call, waits between attempts included.
        """
        deadline = asyncio.timeout(seconds)
        try:
            async with deadline:
                return await self._send(request)
        except TimeoutError as exc:
            if not deadline.expired():
                raise
            _mask(request)
            raise APITimeoutError(
                f"the call did not complete within total_timeout={seconds:g} s", request=request
            ) from exc

    def _url(self, path: str) -> httpx.URL:
        """Return the parsed absolute URL of ``path``, parsing each path once (bounded cache)."""
        parsed = self._urls.get(path)
        if parsed is None:
            parsed = httpx.URL(self._root_url + path)
            if len(self._urls) >= _URL_CACHE_SIZE:
                self._urls.clear()
            self._urls[path] = parsed
        return parsed

    @property
    def pool_closed(self) -> bool:
        """Whether the connection pool was closed (by whoever owns it)."""
        return self._pool.is_closed

    async def _send(self, request: httpx.Request) -> httpx.Response:
        """Send ``request`` with retries; return a complete 2xx response or raise."""
        method = request.method
        retries = 0
        while True:
            started = time.perf_counter()
            try:
                response = await self._send_once(request)
            except httpx.RequestError as exc:
                self._log(request, f"failed ({type(exc).__name__})", started, retries)
                can_retry = isinstance(exc, httpx.TransportError) and retryable_error(method, exc)
                if retries < self.max_retries and can_retry:
                    retries += 1
                    await asyncio.sleep(backoff_delay(retries))
                    continue
                _mask(request)  # the httpx error keeps the request: it must not keep the key
                raise self._connection_error(exc, request, retries) from exc
            self._log(request, f"-> {response.status_code}", started, retries)
            if 200 <= response.status_code < 300:
                _mask(request)
                if response.history:  # a caller's pool followed redirects, repeating the key
                    _mask_hops(response)
                return response
            if retries < self.max_retries and retryable_status(method, response.status_code):
                retries += 1
                delay = backoff_delay(retries, retry_after_seconds(response.headers))
                await response.aclose()
                await asyncio.sleep(delay)
                continue
            _mask(request)
            raise self._status_error(response)

    async def _send_once(self, request: httpx.Request) -> httpx.Response:
        """Send through the pool, first waiting at the gate when there is one.

        httpcore's pool rescans every queued request against every connection whenever a
        request starts or ends, so a burst of N calls costs it O(N²). The gate lets at most
        ``max_connections`` requests into the pool and queues the rest here, in O(1) each.
        Waiting at the gate counts against the pool timeout, as waiting in the pool does.
        """
        gate = self._gate
        if gate is None:
            return await self._pool.send(request)
        if gate.locked():
            try:
                async with asyncio.timeout(self.timeout.pool):
                    await gate.acquire()
            except TimeoutError:
                raise httpx.PoolTimeout(
                    "timed out waiting for a free connection", request=request
                ) from None
        else:
            await gate.acquire()
        try:
            return await self._pool.send(request)
        finally:
            gate.release()

    @staticmethod
    def _log(request: httpx.Request, outcome: str, started: float, retries: int) -> None:
        if logger.isEnabledFor(logging.DEBUG):  # skip the formatting work when it is off
            elapsed = (time.perf_counter() - started) * 1000
            logger.debug(
                "%s %s %s in %.1f ms, retries=%d",
                request.method,
                request.url.path,
                outcome,
                elapsed,
                retries,
            )

    def _connection_error(
        self, exc: httpx.RequestError, request: httpx.Request, retries: int
    ) -> APIConnectionError:
        self._api_key.scrub(exc)  # it stays the cause, for the traceback: without the key
        detail = str(exc) or type(exc).__name__
        suffix = f" after {retries} retries" if retries else ""
        if isinstance(exc, httpx.TimeoutException):
            return APITimeoutError(f"request timed out{suffix}: {detail}", request=request)
        return APIConnectionError(f"connection failed{suffix}: {detail}", request=request)

    def _status_error(self, response: httpx.Response) -> APIStatusError:
        # The exception holds a detached copy with the key redacted from the headers and the
        # body before anything is parsed or cut: no part of the key survives the cut below.
        held, body = self._api_key.evidence(response)
        error = message = None
        if isinstance(body, dict):
            error = body.get("error") if isinstance(body.get("error"), str) else None
            message = body.get("message") if isinstance(body.get("message"), str) else None
        elif (
            isinstance(body, str)
            and body.strip()
            and held.headers.get("content-type", "").startswith("text/plain")
        ):
            message = self._api_key.redact(body.strip()[:500])
        cls = status_error_class(response.status_code)
        return cls(
            status_code=response.status_code,
            error=error,
            message=message,
            body=body,
            response=held,
        )


def _mask(request: httpx.Request) -> None:
    """Replace the key in a request that is done, before it is handed to anyone.

    Responses and exceptions keep their request (``response.request``, ``exc.request``), and
    exceptions get logged, pickled and chained: none of them may carry the key.
    """
    request.headers["Authorization"] = "Bearer ***"


def _mask_hops(response: httpx.Response) -> None:
    """Mask the requests of a redirected exchange: each hop's copy of the request."""
    for hop in (*response.history, response):
        _mask(hop.request)
