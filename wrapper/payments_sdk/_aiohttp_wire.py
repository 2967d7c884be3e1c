"""The default wire: the SDK's own connection pool, on aiohttp.

Why aiohttp: measured side by side (``make bench``, docs/benchmarks.md), its pool costs a
fraction of httpcore's per call, most of all under concurrency, where httpcore rescans every
queued request against every connection (encode/httpx#3215).

What it keeps of httpx's behaviour, each checked over both wires in
``tests/wire/test_wire_promises.py``:

- **No cookies**, no redirects followed (a 3xx is an error naming its ``Location``), no
  ``.netrc``: the bearer key is the only credential and it goes to the base URL's origin only.
- **Proxies from the environment** (``HTTPS_PROXY``, ``HTTP_PROXY``, ``ALL_PROXY``,
  ``NO_PROXY``), read once, when the first request is sent, for the base URL's origin.
- **TLS verified** with httpx's own default context (certifi, or ``SSL_CERT_FILE`` /
  ``SSL_CERT_DIR``).
- **Large bodies** (over :data:`LARGE_BODY`) sent from a stream, as aiohttp asks, with their
  Content-Length: never its ``ResourceWarning`` about raw bytes.
- **Answers read as httpx reads them** (``_aiohttp_hooks.py``): a head up to
  :data:`~._wire.HEAD_LIMIT` in all, ``Transfer-Encoding`` chunked alone, ``Content-Length`` as
  RFC 9112 §6.3 says. An answer that is not valid HTTP/1.1 is ``httpx.RemoteProtocolError``, as
  on httpx: a failure of the connection, which aiohttp closes.
- **No Content-Type** added to a bodyless request (aiohttp's ``application/octet-stream``).
- **Content codings** decoded by httpx's own decoders (``_wire.decoded``), stacked ones in
  order; one that cannot be decoded is ``httpx.DecodingError``, as on httpx.
- **Connection limits** and **keep-alive**, with idle connections closed after
  :data:`KEEPALIVE_EXPIRY` seconds, before the 5 s idle timeout of uvicorn, Node and Apache: a
  request written into a connection the server has just closed cannot be retried safely unless it
  is idempotent.
- **Timeouts**: ``connect`` and ``read`` as aiohttp's socket timeouts; ``pool`` at the SDK's
  gate (``_pool.py``); ``write`` here, as httpx applies it: a body over :data:`WATCHED_BODY`
  is written in chunks, and a chunk that cannot be written within ``write`` seconds (the
  server stopped reading) ends the call with ``httpx.WriteTimeout``. (aiohttp has no write
  timeout; a smaller body fits the socket's buffers and never waits.)

**Event loops.** aiohttp's sessions belong to the loop that made them. This wire keeps one
session per running loop, made on the loop's first request, so one client serves a second
``asyncio.run()`` or another thread's loop without sending on a dead one. A session is closed
when its loop shuts down (``asyncio.run`` and ``asyncio.Runner`` close async generators, and each
session is held open by one), or by :meth:`AiohttpWire.aclose`, from any thread.
"""

from __future__ import annotations

import asyncio
import io
import ssl
import urllib.request
from collections.abc import AsyncGenerator, Coroutine, Mapping
from typing import Any

import aiohttp
import httpx
from aiohttp.http_exceptions import HttpProcessingError
from yarl import URL

from ._aiohttp_hooks import PARSER_LIMITS, TrustingConnector
from ._per_loop import PerLoop
from ._wire import HEAD_LIMIT, WireResponse, decoded, masked_request

__all__ = ["HEAD_LIMIT", "KEEPALIVE_EXPIRY", "LARGE_BODY", "WATCHED_BODY", "AiohttpWire"]

KEEPALIVE_EXPIRY = 4.0
"""Seconds an idle connection is kept for reuse: below the common 5 s server idle timeout."""

LARGE_BODY = 1024 * 1024
"""Bodies above this are sent from a stream: aiohttp warns (``ResourceWarning``) that a larger
``bytes`` body might lock the event loop, and reads a stream in chunks instead."""

WATCHED_BODY = 64 * 1024
"""Bodies above this are written in chunks of this size under the ``write`` timeout; a smaller
one goes into the socket's buffers at once (asyncio's high-water mark is 64 KiB)."""

_TYPED_WHEN_EMPTY = aiohttp.ClientRequest.POST_METHODS  # typed by aiohttp even without a body
_NO_CONTENT_TYPE = ("Content-Type",)


class _Timeouts:
    """What :meth:`AiohttpWire.prepare_timeout` gives: aiohttp's timeouts, and ``write``."""

    __slots__ = ("client", "write")

    def __init__(self, client: aiohttp.ClientTimeout, write: float | None) -> None:
        self.client = client
        self.write = write


async def _watched(
    content: bytes, deadline: asyncio.Timeout, write: float
) -> AsyncGenerator[bytes, None]:
    """Yield ``content`` in chunks; each must be written within ``write`` seconds."""
    loop = asyncio.get_running_loop()
    view = memoryview(content)
    for start in range(0, len(content), WATCHED_BODY):
        deadline.reschedule(loop.time() + write)
        yield bytes(view[start : start + WATCHED_BODY])
    deadline.reschedule(None)  # all written: from here the read timeout applies


# Parsed URLs by their text; paths carry ids, so the cache is bounded and starts again when full.
_URL_CACHE_SIZE = 256
# How long aclose() from one loop waits for another thread's loop to close its session.
_WAIT = 5.0


class _Lane:
    """One event loop's aiohttp session."""

    __slots__ = ("loop", "session")

    def __init__(self, loop: asyncio.AbstractEventLoop, session: aiohttp.ClientSession) -> None:
        self.loop = loop
        self.session = session


async def _hold_open(session: aiohttp.ClientSession) -> AsyncGenerator[None, None]:
    """Live as long as the loop: its ``shutdown_asyncgens()`` closes the session.

    Dropped without being closed (a client nobody closed), it is finalized by the loop, which
    closes the session too. It holds the session, not the lane, so that no reference cycle
    leaves the session to the cycle collector, which would finalize it unclosed.
    """
    try:
        yield
    finally:
        await _close(session)


async def _close(session: aiohttp.ClientSession) -> None:
    """Close ``session`` and give its transports the loop iteration that closes their sockets.

    A transport closes its socket in a callback of the next iteration; a loop that stops right
    after the close would leave the socket to ``__del__`` (an ``unclosed transport`` warning).
    """
    await session.close()
    await asyncio.sleep(0)


class AiohttpWire:
    """The SDK's own pool: one aiohttp session per event loop, ``limit`` connections each."""

    owns_pool = True

    def __init__(self, *, root_url: str, limit: int, keepalive: float | None = None) -> None:
        self._origin = URL(root_url).origin()
        self._limit = limit
        self._keepalive = KEEPALIVE_EXPIRY if keepalive is None else keepalive
        self._lanes: PerLoop[_Lane] = PerLoop()
        self._guards: dict[asyncio.AbstractEventLoop, AsyncGenerator[None, None]] = {}
        self._ssl: ssl.SSLContext | None = None
        self._urls: dict[str, URL] = {}
        self.closed = False

    def default_headers(self) -> Mapping[str, str]:
        """None: aiohttp adds only Host, Accept-Encoding and Content-Length itself."""
        return {}

    def prepare_timeout(self, timeout: httpx.Timeout) -> _Timeouts:
        """``connect`` and ``read`` as aiohttp's socket timeouts, and ``write`` for bodies.

        ``pool`` is the gate's.
        """
        client = aiohttp.ClientTimeout(
            total=None, connect=None, sock_connect=timeout.connect, sock_read=timeout.read
        )
        return _Timeouts(client, timeout.write)

    def send(
        self,
        method: str,
        url: str,
        headers: Mapping[str, str],
        content: bytes | None,
        timeouts: Any,
    ) -> Coroutine[Any, Any, WireResponse]:
        """Send one request on this loop's session; await the whole answer.

        No coroutine of its own: it returns the one exchange to await, one frame less for
        every resumption of every call.
        """
        if content is not None and len(content) > WATCHED_BODY and timeouts.write is not None:
            return self._send_watched(method, url, headers, content, timeouts)
        plain: bytes | io.BytesIO | None = content
        if content is not None and len(content) > LARGE_BODY:
            plain = io.BytesIO(content)  # a new stream for each attempt; Content-Length is kept
        return self._exchange(method, url, headers, plain, timeouts)

    async def _send_watched(
        self,
        method: str,
        url: str,
        headers: Mapping[str, str],
        content: bytes,
        timeouts: _Timeouts,
    ) -> WireResponse:
        """Send a large body in chunks, each written within the ``write`` timeout."""
        write = timeouts.write or 0.0  # only called with a write timeout
        try:
            async with asyncio.timeout(None) as deadline:
                data = _watched(content, deadline, write)
                sized = {**headers, "Content-Length": str(len(content))}
                return await self._exchange(method, url, sized, data, timeouts)
        except TimeoutError:
            raise httpx.WriteTimeout(
                f"the body could not be written within the write timeout "
                f"({write:g} s): the server stopped reading",
                request=masked_request(method, url, headers),
            ) from None

    async def _exchange(
        self,
        method: str,
        url: str,
        headers: Mapping[str, str],
        data: bytes | io.BytesIO | AsyncGenerator[bytes, None] | None,
        timeouts: _Timeouts,
    ) -> WireResponse:
        loop = asyncio.get_running_loop()
        lanes = self._lanes
        lane = lanes.last if loop is lanes.last_loop else lanes.get(loop)
        if lane is None or lane.session.closed:  # new, or closed by its loop's shutdown
            lane = await self._new_lane(loop)
        target = self._urls.get(url)
        if target is None:
            target = self._url(url)
        # aiohttp gives a bodyless PATCH, POST or PUT a Content-Type of its own; httpx sends
        # none, nor does this wire. Skipped there only: every body the SDK writes has its own
        # Content-Type, and any other request keeps aiohttp's shorter path.
        skip = _NO_CONTENT_TYPE if data is None and method in _TYPED_WHEN_EMPTY else None
        try:
            async with lane.session.request(
                method,
                target,
                headers=headers,
                data=data,
                timeout=timeouts.client,
                allow_redirects=False,
                skip_auto_headers=skip,
            ) as answer:
                body = await answer.read()
                received = answer.headers
                if "Content-Encoding" in received:
                    body = decoded(received, body, masked_request(method, url, headers))
                return WireResponse(
                    answer.status,
                    received,
                    body,
                    method=method,
                    url=url,
                    request_headers=headers,
                )
        except (aiohttp.ClientError, RuntimeError) as exc:
            if isinstance(exc, RuntimeError) and not lane.session.closed:
                raise  # not a closed session: a bug, kept as itself
            error = _translate(exc, masked_request(method, url, headers))
        # Raised outside the except block: aiohttp's exception (whose request_info holds the
        # request headers, Authorization included) is neither the cause nor the context.
        raise error

    def _url(self, text: str) -> URL:
        target = URL(text, encoded=True)  # already encoded: sent exactly as the SDK wrote it
        if len(self._urls) >= _URL_CACHE_SIZE:
            self._urls.clear()
        self._urls[text] = target
        return target

    async def _new_lane(self, loop: asyncio.AbstractEventLoop) -> _Lane:
        """Make this loop's lane (a new session), dropping the lanes of closed loops."""
        if self.closed:
            raise httpx.ConnectError("the connection pool is closed")
        session = self._session()
        guard = _hold_open(session)
        await guard.__anext__()  # registers it with the loop's async generators
        self._guards[loop] = guard
        lane = _Lane(loop, session)
        for old in self._lanes.put(loop, lane):
            self._guards.pop(old, None)  # its loop ran no shutdown: its sockets go with it
        return lane

    def _session(self) -> aiohttp.ClientSession:
        tls: ssl.SSLContext | bool = False
        if self._origin.scheme == "https":
            if self._ssl is None:
                self._ssl = httpx.create_ssl_context()  # certifi, or SSL_CERT_FILE/SSL_CERT_DIR
            tls = self._ssl
        connector = TrustingConnector(
            limit=self._limit,
            limit_per_host=0,
            keepalive_timeout=self._keepalive,
            ssl=tls,
        )
        session = aiohttp.ClientSession(
            connector=connector,
            cookie_jar=aiohttp.DummyCookieJar(),
            proxy=_env_proxy(self._origin),
            trust_env=False,  # proxies are read once above; no per-request thread hops, no netrc
            auto_decompress=False,  # decoded as httpx decodes (_wire.decoded): one verdict
            requote_redirect_url=False,
            **PARSER_LIMITS,
        )
        # aiohttp resends an idempotent request once, silently, when its connection breaks;
        # the SDK's retry loop decides and counts every resend itself (max_retries).
        if hasattr(session, "_retry_connection"):
            session._retry_connection = False
        return session

    async def aclose(self) -> None:
        """Close every loop's session: this loop's here, another running loop's on that loop."""
        self.closed = True
        lanes = self._lanes.take_all()
        guards, self._guards = self._guards, {}
        here = asyncio.get_running_loop()
        for lane in lanes:
            close = _closer(lane.session, guards.get(lane.loop))
            if lane.loop is here:
                await close
            elif lane.loop.is_running():
                done = asyncio.run_coroutine_threadsafe(close, lane.loop)
                finished, _ = await asyncio.wait({asyncio.wrap_future(done)}, timeout=_WAIT)
                if not finished:
                    done.cancel()  # that loop is stuck; its own shutdown closes the session
            else:
                close.close()  # a closed loop closed its session at shutdown


async def _closer(session: aiohttp.ClientSession, guard: AsyncGenerator[None, None] | None) -> None:
    if guard is not None:
        await guard.aclose()
    await _close(session)


def _env_proxy(origin: URL) -> str | None:
    """Return the proxy for ``origin`` from the environment, as httpx reads it, or None."""
    proxies = urllib.request.getproxies_environment()
    host = origin.host or ""
    bypass = urllib.request.proxy_bypass_environment  # type: ignore[attr-defined]
    # With the port: a NO_PROXY entry may name it (``127.0.0.1:8080``), as httpx honours.
    where = f"{host}:{origin.port}" if origin.port else host
    if proxies.get("no") and bypass(where, proxies):
        return None
    proxy = proxies.get(origin.scheme) or proxies.get("all")
    if proxy and "://" not in proxy:
        proxy = "http://" + proxy  # as httpx reads a bare host:port
    return proxy or None


def _translate(exc: BaseException, request: httpx.Request) -> httpx.RequestError:
    """Map one aiohttp exception to the httpx exception that means the same."""
    detail = _describe(exc)
    error: httpx.RequestError
    if _not_http(exc):
        # The answer is not valid HTTP/1.1 (aiohttp's parser refused its head or its framing,
        # and closed the connection): a failure of the connection, as httpx's
        # RemoteProtocolError is, in words that quote no "400" no server sent.
        cause = exc.__cause__ if isinstance(exc, aiohttp.ClientPayloadError) else exc
        text = (
            cause.message
            if isinstance(cause, HttpProcessingError | aiohttp.ClientResponseError)
            else ""
        )
        error = httpx.RemoteProtocolError(_reason(text), request=request)
    elif isinstance(exc, aiohttp.ConnectionTimeoutError):
        error = httpx.ConnectTimeout(detail, request=request)
    elif isinstance(exc, aiohttp.ServerTimeoutError):
        error = httpx.ReadTimeout(detail, request=request)
    elif isinstance(exc, aiohttp.ClientConnectorError):
        error = httpx.ConnectError(detail, request=request)  # DNS, refused, TLS, the proxy
        error.__cause__ = exc.os_error if type(exc.os_error) in _PLAIN_OS_ERRORS else None
    elif isinstance(exc, aiohttp.ClientHttpProxyError):
        error = httpx.ProxyError(detail, request=request)
    elif isinstance(exc, aiohttp.ServerDisconnectedError | aiohttp.ClientPayloadError):
        error = httpx.RemoteProtocolError(detail, request=request)
    elif isinstance(exc, aiohttp.ClientOSError):
        error = httpx.ReadError(detail, request=request)
    else:
        error = httpx.NetworkError(detail, request=request)  # closed session, anything else
    return error


def _not_http(exc: BaseException) -> bool:
    """Whether aiohttp's parser refused an answer's head, or the framing of its body."""
    if isinstance(exc, aiohttp.ClientHttpProxyError):
        return False
    if isinstance(exc, aiohttp.ClientResponseError):
        return True  # only its parser raises one here (no raise_for_status, no redirects)
    return isinstance(exc, aiohttp.ClientPayloadError) and isinstance(
        exc.__cause__, HttpProcessingError
    )


def _reason(message: object) -> str:
    """Say what the parser found wrong, on one line.

    Never a status (aiohttp's errors carry a "400" no server sent), nor the bytes it quotes (a
    header's value can hold anything).
    """
    text = str(message).split("\n\n", 1)[0].split(": b'", 1)[0].split(" b'", 1)[0]
    return " ".join(text.split()).rstrip(":")[:200] or "the answer is not valid HTTP/1.1"


# OS errors kept as the cause: they hold an errno and a message, never the request.
_PLAIN_OS_ERRORS = frozenset(
    {ConnectionRefusedError, ConnectionResetError, ConnectionAbortedError, OSError, TimeoutError}
)


def _describe(exc: BaseException) -> str:
    """Describe ``exc`` by its class and its text, never its request's headers."""
    if isinstance(exc, aiohttp.ClientResponseError):
        return f"{type(exc).__name__}: {exc.status} {exc.message}"  # not request_info
    if isinstance(exc, aiohttp.ClientConnectorError):
        reason = exc.os_error.strerror or str(exc.os_error) or type(exc.os_error).__name__
        return f"cannot connect to {exc.host}:{exc.port} ({reason})"
    if isinstance(exc, aiohttp.ServerDisconnectedError):
        # Its text is the head read so far, when the server closed in the middle of one: every
        # field and value of it. Said as httpx says it:
        return "ServerDisconnectedError: Server disconnected"
    text = str(exc)
    return f"{type(exc).__name__}: {text}" if text else type(exc).__name__
