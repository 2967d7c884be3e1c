"""The one place every SDK request is sent from.

:class:`Sender` writes each request (URL, query, headers with the bearer credential, body),
sends it through the client's :class:`~._pool.Pool`, retries what is safe to retry within the
retry budget and the client-wide hold, logs each attempt without secrets, and turns every
failure into an SDK exception. It returns only complete 2xx answers, so the generated parsers
never see an error body.

The :class:`~._requestor.Requestor` calls :meth:`Sender.send` with what it wrote from the
call's generated ``Operation`` (``send(method, url, instruments, operation=, params=,
content=, files=, headers=)``); nothing else does. Nothing on the success path makes an httpx
object: the :class:`httpx.Request` and :class:`httpx.Response` users see are built only for
errors and for ``with_raw_response`` (``_wire.py``).
"""

from __future__ import annotations

import functools
import logging
import time
from collections.abc import Coroutine, Mapping
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any

import httpx

from ._logging import logger
from ._request_writer import write_request
from ._retry import (
    backoff_delay,
    retry_after_seconds,
    retryable_error,
    retryable_status,
)
from ._secret import SecretKey
from ._wire import WireResponse, masked_request
from .errors import (
    APIConnectionError,
    APIResponseValidationError,
    APIStatusError,
    APITimeoutError,
    ClientClosedError,
    status_error_class,
)

if TYPE_CHECKING:
    from payments_sdk_generated.types import OperationLabel

    from ._call_options import CallOptions
    from ._instrument import CallRecord, Instruments
    from ._pool import Pool
    from ._wire import Wire

__all__ = ["DEFERRED_RECORDS", "Sender"]

DEFERRED_RECORDS: ContextVar[list[CallRecord] | None] = ContextVar(
    "payments_sdk_deferred_records", default=None
)
"""Set by the requestor around a generated operation: the records of its 2xx answers are ended
there, once the answer is parsed, so that a body that does not match the bundle ends its call
as the APIResponseValidationError the call raises, not as a success."""

# Statuses whose Retry-After holds every send of the client, not only the call's own retry.
_HOLDING = frozenset({429, 503})


class Sender:
    """Sends SDK requests through ``pool`` with the key, headers, timeout and retry budget."""

    __slots__ = (
        "_api_key",
        "_extras",
        "_headers",
        "_instruments",
        "_origin",
        "_pool",
        "_root_url",
        "_wire",
        "_wire_timeout",
        "max_retries",
        "timeout",
        "total_timeout",
    )

    def __init__(
        self,
        *,
        pool: Pool,
        root_url: str,
        api_key: SecretKey,
        headers: Mapping[str, str],
        timeout: httpx.Timeout,
        max_retries: int,
        total_timeout: float | None = None,
        instruments: Instruments | None = None,
    ) -> None:
        self._pool = pool
        self._instruments = instruments
        root = httpx.URL(root_url)  # percent-encodes the base URL once, as httpx would
        self._root_url = str(root).rstrip("/")
        self._origin = f"{root.host}:{root.port or (443 if root.scheme == 'https' else 80)}"
        self._api_key = api_key
        # Every request starts from one set of headers, merged once: the pool's own defaults (a
        # caller's ``http_client`` may carry some), then ours, then the credential.
        merged = httpx.Headers(pool.default_headers())
        merged.update(headers)
        merged["Authorization"] = api_key.header_value()
        self._headers: dict[str, str] = dict(merged.multi_items())
        self._wire: Wire | None = None  # the pool's wire, at hand from the first send on
        self._wire_timeout: Any = None  # the wire's own form of ``timeout``, made on first use
        self._extras: CallOptions | None = None
        self.timeout = timeout
        self.max_retries = max_retries
        self.total_timeout = total_timeout

    def observing(self) -> Instruments | None:
        """Return the instruments that may record a call sent now; None while they are quiet.

        Quiet: no observer, and no OpenTelemetry SDK was configured when it was last asked
        (:attr:`Instruments.quiet_until`, at most a second ago).
        """
        instruments = self._instruments
        if instruments is None or time.monotonic() < instruments.quiet_until:
            return None
        return instruments

    def for_call(self, options: CallOptions) -> Sender:
        """Return a sender for one call with these options (headers, query, body, timeout)."""
        clone = Sender.__new__(Sender)
        for name in Sender.__slots__:
            setattr(clone, name, getattr(self, name))
        if options.timeout is not None:
            clone.timeout = options.timeout
            clone._wire_timeout = None
        if options.credential is not None:
            # This call's own credential (a second security scheme of the operation): it
            # replaces the key, and is what this call's errors are redacted of. A bearer token
            # goes in Authorization; an apiKey scheme's key in its own header, and no key is sent.
            clone._api_key = options.credential
            header = options.credential_header
            clone._headers = {
                name: value
                for name, value in self._headers.items()
                if name.lower() not in ("authorization", (header or "").lower())
            }
            if header is None:
                clone._headers["Authorization"] = options.credential.header_value()
            else:
                clone._headers[header] = options.credential.header_value(bearer=False)
        clone._extras = options  # its headers, query and body: applied by write_request
        return clone

    @property
    def credential(self) -> SecretKey:
        """The bearer credential this sender sends: the key, or one call's own token."""
        return self._api_key

    @property
    def pool_closed(self) -> bool:
        """Whether the pool was closed (by this client, or a caller's client by its owner)."""
        pool = self._pool
        # The SDK's own wire is closed only with its pool: one flag to read on every call.
        return pool.closed or (not pool.owns_wire and pool.wire_closed)

    def send(
        self,
        method: str,
        url: str,
        instruments: Instruments | None,
        *,
        operation: OperationLabel | None = None,
        params: Mapping[str, Any] | None = None,
        content: bytes | None = None,
        files: Any = None,
        headers: Mapping[str, str] | None = None,
    ) -> Coroutine[Any, Any, WireResponse]:
        """Send one operation (``url`` relative to the root URL); await its 2xx answer.

        ``instruments`` record it: what :meth:`observing` returned as the call began (None:
        nothing records it). The request is written now (a call's ``extra_body`` that cannot be
        merged fails here); it returns the coroutine that sends it, and is no coroutine itself:
        one frame less for every resumption of every call.
        """
        target, sent, content = write_request(
            self._root_url + url,
            self._headers,
            self._extras,
            operation=operation,
            params=params,
            content=content,
            files=files,
            headers=headers,
        )
        record = None if instruments is None else instruments.start(operation, method)
        if self.total_timeout is None:
            sending = self._send(method, target, sent, content, record)
        else:
            sending = self._send_within(method, target, sent, content, record)
        return sending if record is None else self._recorded(record, sending)

    @staticmethod
    async def _recorded(
        record: CallRecord, sending: Coroutine[Any, Any, WireResponse]
    ) -> WireResponse:
        """Await ``sending`` and end the observers' record of it with its outcome."""
        try:
            answer = await sending
        except BaseException as exc:
            record.ended(type(exc).__name__)
            raise
        deferred = DEFERRED_RECORDS.get()
        if deferred is None:
            record.ended(None)
        else:
            deferred.append(record)
        return answer

    async def _send_within(
        self,
        method: str,
        url: str,
        headers: dict[str, str],
        content: bytes | None,
        record: CallRecord | None,
    ) -> WireResponse:
        """Send with retries, all of it within ``seconds``; past them, APITimeoutError.

        ``timeout`` bounds each read, so a body trickled a byte at a time never trips it; this
        bounds the whole call, waits between attempts included.
        """
        import asyncio  # here, not at import: importing the SDK stays cheap

        seconds = self.total_timeout or 0.0  # only called with a total_timeout
        deadline = asyncio.timeout(seconds)
        try:
            async with deadline:
                return await self._send(method, url, headers, content, record, seconds)
        except TimeoutError as exc:
            if not deadline.expired():
                raise
            raise APITimeoutError(
                f"the call did not complete within total_timeout={seconds:g} s",
                request=masked_request(method, url, headers),
            ) from exc

    async def _send(
        self,
        method: str,
        url: str,
        headers: dict[str, str],
        content: bytes | None,
        record: CallRecord | None,
        total: float | None = None,
    ) -> WireResponse:
        """Send with retries (within ``total`` seconds, when given); return a 2xx answer."""
        pool = self._pool
        # How long the first attempt waits out another call's Retry-After hold: no longer than
        # this call's own timeout (its read timeout) and what is left of total_timeout. Its
        # own retries wait a hold out, bounded by total_timeout as every retry wait is.
        hold_bound = self.timeout.read
        if total is not None:
            hold_bound = total if hold_bound is None else min(hold_bound, total)
        wire = self._wire
        if wire is None:
            wire = self._wire = pool.wire
        timeout = self._wire_timeout
        if timeout is None:
            timeout = self._wire_timeout = wire.prepare_timeout(self.timeout)
        retries = 0
        waits = 0  # how many times this call has waited (docs/retries.md: once per attempt)
        delay = 0.0  # this attempt's own wait: its Retry-After or backoff
        pool.budget.first_attempt()
        while True:
            # The one wait of this attempt: the longer of its own delay and the client's hold
            # (seen once, now), plus the hold's jitter. A hold armed later does not add to it.
            bound = None if retries else hold_bound
            wait = delay
            if pool.hold_until:  # else no hold to wait out: no call on the common path
                wait = max(delay, pool.hold_wait(bound, method, url, headers))
            held = 0.0
            if wait > 0:
                held = await self._pause(wait)
                waits += 1
            sent = headers
            if record is not None:
                extra = record.attempt_started(wait)
                if extra:
                    sent = {**headers, **extra}
            logged = logger.isEnabledFor(logging.DEBUG)  # no clock, no words when it is off
            try:
                may_hold = not wait  # an attempt that has waited is never held again
                while True:
                    started = time.perf_counter() if logged else 0.0  # after any hold it waited
                    lane = pool.gate()  # None: the caller's client limits its own pool
                    if lane is not None and not lane.take():
                        request = functools.partial(masked_request, method, url, sent)
                        await lane.acquire(self.timeout.pool, request)
                        if may_hold and pool.holding():
                            # A hold came while this attempt queued, and it had not waited:
                            # give the place back, wait that one out (its only wait), then it
                            # is sent when it has a place.
                            lane.release()
                            may_hold = False
                            held += await self._pause(pool.hold_wait(bound, method, url, headers))
                            waits += 1
                            continue
                    try:
                        answer = await wire.send(method, url, sent, content, timeout)
                    finally:
                        if lane is not None:
                            lane.release()
                    break
            except httpx.RequestError as exc:
                if record is not None:
                    record.attempt_ended(None, type(exc).__name__)
                if pool.closed:
                    raise ClientClosedError(
                        "the client was closed while the call was on the wire"
                    ) from None
                if logged:
                    failed = f"failed ({type(exc).__name__})"
                    self._log(method, url, failed, started, held, retries, waits)
                can_retry = isinstance(exc, httpx.TransportError) and retryable_error(method, exc)
                if retries < self.max_retries and can_retry and self._budget_allows(retries):
                    retries += 1
                    delay = backoff_delay(retries)
                    continue
                raise self._connection_error(exc, retries) from exc
            status = answer.status_code
            if record is not None:
                record.attempt_ended(status, None if status < 300 else str(status))
            if logged:
                self._log(method, url, f"-> {status}", started, held, retries, waits)
            if 200 <= status < 300:
                return answer
            retry_after = retry_after_seconds(answer.headers)
            holding = bool(retry_after) and status in _HOLDING
            if holding:
                pool.hold(retry_after or 0.0)  # every send of the client waits it out
            if (
                retries < self.max_retries
                and retryable_status(method, status)
                and self._budget_allows(retries)
            ):
                retries += 1
                # A hold's own wait (with its jitter) is the next loop's hold_wait.
                delay = 0.0 if holding else backoff_delay(retries, retry_after)
                continue
            raise self._status_error(answer)

    async def _pause(self, seconds: float) -> float:
        """Wait ``seconds`` (ClientClosedError if the pool closes); return the seconds waited."""
        if seconds <= 0:
            return 0.0
        before = time.perf_counter()
        await self._pool.nap(seconds)
        return time.perf_counter() - before

    def _budget_allows(self, retries: int) -> bool:
        if self._pool.budget.try_retry():
            return True
        logger.debug("not retried after %d retries: the client's retry budget is spent", retries)
        return False

    @staticmethod
    def _log(
        method: str, url: str, outcome: str, started: float, held: float, retries: int, waits: int
    ) -> None:
        """Log one attempt, apart from the time it was held before it, and the waits so far.

        ``in`` is the time from asking for a connection to the answer; ``held`` the wait before
        the attempt (backoff, Retry-After, the client's hold); ``waits`` counts the call's waits.
        """
        elapsed = (time.perf_counter() - started) * 1000
        path = httpx.URL(url).path  # never the query: it can carry customer data
        logger.debug(
            "%s %s %s in %.1f ms, held %.1f ms, retries=%d, waits=%d",
            method,
            path,
            outcome,
            elapsed,
            held * 1000,
            retries,
            waits,
        )

    def _connection_error(
        self, exc: httpx.RequestError, retries: int
    ) -> APIConnectionError | APIResponseValidationError:
        self._api_key.scrub(exc)  # it stays the cause, for the traceback: without the key
        detail = self._api_key.redact(str(exc) or type(exc).__name__)
        suffix = f" after {retries} retries" if retries else ""
        request = _request_of(exc)
        if isinstance(exc, httpx.DecodingError):
            # The service answered in valid HTTP; its content (its coding) cannot be decoded.
            # Not a connection failure, and not retried: the request may have been processed.
            return APIResponseValidationError(
                f"the answer from {self._origin} could not be read{suffix}: {detail}"
            )
        if isinstance(exc, httpx.TimeoutException):
            return APITimeoutError(
                f"request to {self._origin} timed out{suffix}: {detail}", request=request
            )
        return APIConnectionError(
            f"connection to {self._origin} failed{suffix}: {detail}", request=request
        )

    def _status_error(self, answer: WireResponse) -> APIStatusError:
        # The exception holds a detached copy with the key redacted from the headers and the
        # body before anything is parsed or cut: no part of the key survives the cut below.
        held, body = self._api_key.evidence(answer.to_httpx())
        status = answer.status_code
        error = message = None
        if isinstance(body, dict):
            error = body.get("error") if isinstance(body.get("error"), str) else None
            message = body.get("message") if isinstance(body.get("message"), str) else None
        elif (
            isinstance(body, str)
            and body.strip()
            and _media_type(held.headers.get("content-type", "")) == "text/plain"
        ):
            message = self._api_key.redact(body.strip()[:500])
        if status == 304 and message is None:
            message = _not_modified(answer.to_httpx().request.headers)
        elif 300 <= status < 400 and message is None:
            location = held.headers.get("location")
            where = f"to {self._api_key.redact(location[:500])}" if location else "elsewhere"
            message = f"the service redirected {where}; the SDK follows no redirect"
        cls = status_error_class(status)
        return cls(status_code=status, error=error, message=message, body=body, response=held)


# The conditions a 304 answers (RFC 9110 §15.4.5); If-Match and If-Unmodified-Since fail as 412.
_CONDITIONS = ("If-None-Match", "If-Modified-Since")


def _not_modified(sent: httpx.Headers) -> str:
    """Return the message of a 304: not a redirect, but "unchanged", with no body to return."""
    named = [name for name in _CONDITIONS if name in sent]
    if named:
        since = " and ".join(named)
        return f"not modified since the version named by {since}; a 304 has no body to return"
    return (
        "the service answered 304 to a request that was not conditional (no If-None-Match or "
        "If-Modified-Since); a 304 has no body to return"
    )


def _media_type(content_type: str) -> str:
    """Return the media type of a Content-Type, lowercase, without parameters (RFC 9110)."""
    return content_type.split(";", 1)[0].strip().lower()


def _request_of(exc: httpx.RequestError) -> httpx.Request | None:
    try:
        return exc.request
    except RuntimeError:  # raised without one
        return None
