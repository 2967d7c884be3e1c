"""The httpx transport every SDK request goes through.

It adds the bearer credential, retries what is safe to retry, logs each attempt without
secrets, and turns every failure into an SDK exception. Responses are read in full here, so the
generated client only ever sees complete 2xx responses.
"""

from __future__ import annotations

import asyncio
import json
import time
from contextvars import ContextVar
from typing import Any

import httpx

from ._config import SecretKey
from ._logging import logger
from ._retry import backoff_delay, retry_after_seconds, retryable_error, retryable_status
from .errors import APIConnectionError, APIStatusError, APITimeoutError, status_error_class

__all__ = ["SDKTransport", "last_response"]

# The last 2xx response handed to the generated client in this task, so that a body the
# generated parser rejects can still be reported with its status and text.
last_response: ContextVar[httpx.Response | None] = ContextVar(
    "payments_sdk_last_response", default=None
)


class SDKTransport(httpx.AsyncBaseTransport):
    """Sends through an inner :class:`httpx.AsyncClient` (ours, or the caller's)."""

    def __init__(
        self,
        *,
        inner: httpx.AsyncClient,
        owns_inner: bool,
        api_key: SecretKey,
        max_retries: int,
    ) -> None:
        self._inner = inner
        self._owns_inner = owns_inner
        self._api_key = api_key
        self.max_retries = max_retries

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        """Send ``request`` with retries; return a complete 2xx response or raise."""
        if self._inner.is_closed:
            raise APIConnectionError("the client is closed; create a new one", request=request)
        request.headers["Authorization"] = self._api_key.header_value()
        method, path = request.method, request.url.path
        retries = 0
        while True:
            started = time.perf_counter()
            try:
                response = await self._inner.send(request)
            except httpx.RequestError as exc:
                elapsed = (time.perf_counter() - started) * 1000
                reason = type(exc).__name__
                logger.debug(
                    "%s %s failed (%s) in %.1f ms, retries=%d",
                    method,
                    path,
                    reason,
                    elapsed,
                    retries,
                )
                can_retry = isinstance(exc, httpx.TransportError) and retryable_error(method, exc)
                if retries < self.max_retries and can_retry:
                    retries += 1
                    await asyncio.sleep(backoff_delay(retries))
                    continue
                raise self._connection_error(exc, request, retries) from None
            elapsed = (time.perf_counter() - started) * 1000
            logger.debug(
                "%s %s -> %d in %.1f ms, retries=%d",
                method,
                path,
                response.status_code,
                elapsed,
                retries,
            )
            if 200 <= response.status_code < 300:
                complete = httpx.Response(
                    response.status_code,
                    headers=response.headers,
                    content=response.content,
                    extensions=response.extensions,
                    request=request,
                )
                last_response.set(complete)
                return complete
            if retries < self.max_retries and retryable_status(method, response.status_code):
                retries += 1
                delay = backoff_delay(retries, retry_after_seconds(response.headers))
                await response.aclose()
                await asyncio.sleep(delay)
                continue
            raise self._status_error(response)

    def _connection_error(
        self, exc: httpx.RequestError, request: httpx.Request, retries: int
    ) -> APIConnectionError:
        detail = self._api_key.redact(str(exc)) or type(exc).__name__
        suffix = f" after {retries} retries" if retries else ""
        if isinstance(exc, httpx.TimeoutException):
            return APITimeoutError(f"request timed out{suffix}: {detail}", request=request)
        return APIConnectionError(f"connection failed{suffix}: {detail}", request=request)

    def _status_error(self, response: httpx.Response) -> APIStatusError:
        body: Any
        error = message = None
        try:
            body = json.loads(response.content)
        except (ValueError, UnicodeDecodeError):
            body = response.content.decode("utf-8", errors="replace")
        if isinstance(body, dict):
            error = body.get("error") if isinstance(body.get("error"), str) else None
            message = body.get("message") if isinstance(body.get("message"), str) else None
        elif response.headers.get("content-type", "").startswith("text/plain") and body.strip():
            message = body.strip()[:500]
        if message is not None:
            message = self._api_key.redact(message)
        cls = status_error_class(response.status_code)
        return cls(
            status_code=response.status_code,
            error=error,
            message=message,
            body=body,
            response=response,
        )

    async def aclose(self) -> None:
        """Close the inner client when this transport created it."""
        if self._owns_inner:
            await self._inner.aclose()
