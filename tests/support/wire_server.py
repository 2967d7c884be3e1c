"""A scripted HTTP/1.1 server on 127.0.0.1, in its own thread, for the wire tests.

Each test gives it a *script*: an async function of the parsed request that returns a
:class:`Reply` (status, headers, body, optionally gzip), or :data:`DROP` (close the connection
without answering). The server records every request with the connection it came on, counts
connections, and can close idle connections after ``idle_timeout`` seconds, as uvicorn and Node
do. It runs on its own event loop in a thread, so clients on any loop (a second
``asyncio.run()``, another thread) can reach it.
"""

from __future__ import annotations

import asyncio
import contextlib
import gzip
import json
import ssl
import threading
import time
from collections.abc import Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

import h11


@dataclass
class Seen:
    """One request as the server read it."""

    method: str
    target: str
    headers: dict[str, str]
    body: bytes
    connection: int
    raw_headers: list[tuple[str, str]] = field(default_factory=list)
    """The header fields in the order and case they came, repeats kept."""


@dataclass
class Reply:
    """What to answer."""

    status: int = 200
    body: Any = field(default_factory=lambda: {"data": []})
    headers: dict[str, str] = field(default_factory=dict)
    gzip: bool = False
    delay: float = 0.0
    raw_headers: list[tuple[bytes, bytes]] = field(default_factory=list)
    """Header fields sent after ``headers`` as they are: repeats, and bytes that are not ASCII."""
    exact_headers: list[tuple[bytes, bytes]] | None = None
    """When set, the only header fields sent (no Content-Type added), with Content-Length
    added for a body: an answer exactly as a test's handler wrote it."""
    raw: bytes | None = None
    """Written as it is instead of a response (then the connection is closed): for replies
    that h11 would refuse to write, such as a wrong Content-Length."""
    keep_open: bool = False
    """After ``raw``, keep the connection open and read the next request on it (the script
    answers it): a client may reuse it, and a test can count whether it did."""
    raw_parts: list[bytes] = field(default_factory=list)
    """Written before ``raw``, each on its own after a pause: a head that arrives in pieces."""

    def encode(self) -> tuple[list[tuple[Any, Any]], bytes]:
        raw = self.body if isinstance(self.body, bytes) else json.dumps(self.body).encode()
        if self.exact_headers is not None:
            framing = [(b"content-length", str(len(raw)).encode())] if raw else []
            if not raw and self.status not in (204, 304) and self.status >= 200:
                framing = [(b"content-length", b"0")]
            return [*self.exact_headers, *framing], raw
        headers = {"content-type": "application/json", **self.headers}
        if self.gzip:
            raw = gzip.compress(raw)
            headers["content-encoding"] = "gzip"
        headers["content-length"] = str(len(raw))
        return [*headers.items(), *self.raw_headers], raw


DROP = object()
"""Returned by a script: close the connection after reading the request, without answering."""

Script = Callable[[Seen], Awaitable[Any]]


async def until(condition: Callable[[], bool], seconds: float = 10.0) -> None:
    """Wait (on the test's loop) until ``condition()`` holds; fail after ``seconds``."""
    for _ in range(int(seconds / 0.01)):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError("the condition did not come true in time")


async def ok(_: Seen) -> Reply:
    """Answer ``200 {"data": []}``."""
    return Reply(body={"data": []})


class RateLimit:
    """A script: from the first request it sees while :attr:`on`, 429s for ``seconds``, then 200s.

    Each 429 carries ``Retry-After: seconds``; every other answer is ``200 {"data": []}``.
    """

    def __init__(self, seconds: float, *, on: bool = True) -> None:
        self.seconds = seconds
        self.on = on
        self._until = 0.0

    async def __call__(self, _: Seen) -> Reply:
        """Answer one request."""
        if self.on:
            now = time.monotonic()
            if not self._until:
                self._until = now + self.seconds
            if now < self._until:
                return Reply(status=429, headers={"retry-after": f"{self.seconds:g}"})
        return Reply(body={"data": []})


class Holding:
    """A script: ``200 {"data": []}``; while :attr:`on`, each request first waits at the gate.

    The requests held wait until the test calls :meth:`WireServer.release`. ``serve`` binds
    it to its server.
    """

    def __init__(self) -> None:
        self.on = False
        self._server: WireServer | None = None

    def bind(self, server: WireServer) -> None:
        """Hold requests at ``server``'s gate."""
        self._server = server

    async def __call__(self, _: Seen) -> Reply:
        """Answer one request, held first while :attr:`on`."""
        if self.on and self._server is not None:
            await self._server.wait_gate()
        return Reply(body={"data": []})


class WireServer:
    """The server; use :func:`serve` to run one."""

    def __init__(self, script: Script, *, idle_timeout: float | None, tls: ssl.SSLContext | None):
        self.script = script
        self.idle_timeout = idle_timeout
        self.tls = tls
        self.seen: list[Seen] = []
        self.connections = 0
        self.open_connections = 0
        self.in_flight = 0
        self.peak_in_flight = 0
        self.loop: asyncio.AbstractEventLoop | None = None
        self.port = 0
        self.gate: asyncio.Event | None = None
        self._ready = threading.Event()
        self._stop: asyncio.Event | None = None
        self._writers: set[asyncio.StreamWriter] = set()

    @property
    def url(self) -> str:
        """The base URL of the service (with /v1)."""
        scheme = "https" if self.tls else "http"
        return f"{scheme}://127.0.0.1:{self.port}/v1"

    def release(self) -> None:
        """Let requests waiting in :meth:`wait_gate` go on."""
        assert self.loop is not None and self.gate is not None
        self.loop.call_soon_threadsafe(self.gate.set)

    async def wait_gate(self) -> None:
        """Within a script: wait until the test calls :meth:`release`."""
        assert self.gate is not None
        await self.gate.wait()

    def run(self) -> None:
        asyncio.run(self._main())

    async def _main(self) -> None:
        self.loop = asyncio.get_running_loop()
        self.gate = asyncio.Event()
        self._stop = asyncio.Event()
        server = await asyncio.start_server(self._connection, "127.0.0.1", 0, ssl=self.tls)
        self.port = server.sockets[0].getsockname()[1]
        self._ready.set()
        async with server:
            await self._stop.wait()
            # Stop accepting, then let the connections just accepted (a client that gave up
            # connecting) get their transports before the server closes: made after it, a
            # transport fails half-built (asyncio asserts the server is open) and leaves its
            # socket open, a ResourceWarning in whatever test runs when it is collected.
            for listening in server.sockets:
                self.loop.remove_reader(listening.fileno())
            for _ in range(3):
                await asyncio.sleep(0)
            server.close()
            # Close every connection still open and let its transport finish closing before
            # the loop ends: a transport left half-closed is a ResourceWarning when collected.
            for writer in list(self._writers):
                writer.close()
            for _ in range(3):
                await asyncio.sleep(0)

    def stop(self) -> None:
        assert self.loop is not None and self._stop is not None
        self.loop.call_soon_threadsafe(self._stop.set)

    async def _connection(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.connections += 1
        self.open_connections += 1
        self._writers.add(writer)
        number = self.connections
        conn = h11.Connection(h11.SERVER)
        try:
            while True:
                request = await self._read_request(conn, reader)
                if request is None:
                    return
                seen = Seen(
                    request[0].method.decode(),
                    request[0].target.decode(),
                    {k.decode().lower(): v.decode() for k, v in request[0].headers},
                    request[1],
                    number,
                    [
                        (k.decode(), v.decode("utf-8", "surrogateescape"))
                        for k, v in request[0].headers.raw_items()
                    ],
                )
                self.seen.append(seen)
                self.in_flight += 1
                self.peak_in_flight = max(self.peak_in_flight, self.in_flight)
                try:
                    reply = await self.script(seen)
                finally:
                    self.in_flight -= 1
                if reply is DROP:
                    return
                assert isinstance(reply, Reply)
                if reply.delay:
                    await asyncio.sleep(reply.delay)
                if reply.raw is not None:
                    for part in reply.raw_parts:
                        writer.write(part)
                        await writer.drain()
                        await asyncio.sleep(0.05)  # its own read, most likely (not relied on)
                    writer.write(reply.raw)
                    await writer.drain()
                    if not reply.keep_open:
                        return
                    conn = h11.Connection(h11.SERVER)  # the raw answer was not h11's
                    continue
                headers, body = reply.encode()
                writer.write(conn.send(h11.Response(status_code=reply.status, headers=headers)))
                writer.write(conn.send(h11.Data(data=body)) or b"")
                writer.write(conn.send(h11.EndOfMessage()) or b"")
                await writer.drain()
                if conn.our_state is h11.MUST_CLOSE:
                    return
                conn.start_next_cycle()
        except (ConnectionError, h11.ProtocolError, asyncio.IncompleteReadError, ssl.SSLError):
            return
        finally:
            self.open_connections -= 1
            writer.close()
            self._writers.discard(writer)
            with contextlib.suppress(Exception):
                await writer.wait_closed()

    async def _read_request(
        self, conn: h11.Connection, reader: asyncio.StreamReader
    ) -> tuple[h11.Request, bytes] | None:
        head: h11.Request | None = None
        body = b""
        while True:
            event = conn.next_event()
            if event is h11.NEED_DATA:
                first = head is None and not body
                try:
                    async with asyncio.timeout(self.idle_timeout if first else None):
                        data = await reader.read(65536)
                except TimeoutError:
                    return None  # idle: close, as uvicorn does after its keep-alive timeout
                conn.receive_data(data)
                if not data and head is None:
                    return None
                continue
            if isinstance(event, h11.Request):
                head = event
            elif isinstance(event, h11.Data):
                body += bytes(event.data)
            elif isinstance(event, h11.EndOfMessage):
                assert head is not None
                return head, body
            elif isinstance(event, h11.ConnectionClosed):
                return None


@contextlib.contextmanager
def serve(
    script: Script = ok, *, idle_timeout: float | None = None, tls: ssl.SSLContext | None = None
) -> Iterator[WireServer]:
    """Run a :class:`WireServer` in a thread for the duration of the block."""
    server = WireServer(script, idle_timeout=idle_timeout, tls=tls)
    if isinstance(script, Holding):
        script.bind(server)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    assert server._ready.wait(10), "the wire server did not start"
    try:
        yield server
    finally:
        server.stop()
        thread.join(10)
