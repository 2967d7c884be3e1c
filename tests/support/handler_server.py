"""An ``httpx`` handler served over loopback HTTPS, so the default wire can meet it too.

The call-level tests describe the service as a handler, ``httpx.Request -> httpx.Response``, the
way ``httpx.MockTransport`` takes it. :func:`serve_handler` runs the same handler behind a real
HTTP/1.1 server (:mod:`tests.support.wire_server`) with TLS from a throwaway CA, and
:func:`served_wire` gives the client the SDK's own aiohttp wire pointed at it: the client keeps
the test's base URL (``https://api.payments.test/v1``), and only name resolution (to 127.0.0.1
and the server's port) and the trusted CA differ. So the same handler sees the same URL, Host
and headers on both wires, and the answers go back byte for byte.

A handler that raises an :class:`httpx.TransportError` (a test simulating a network failure: a
refused connection, a timeout) cannot be reproduced by a server that already read the request:
the server drops the connection, and the wire raises the handler's error in place of the
dropped connection's, as a failing network would. Any other exception is kept in
:attr:`HandlerServer.errors`, also drops the connection, and is raised by the fixture.
"""

from __future__ import annotations

import contextlib
import functools
import inspect
import socket
import ssl
from collections import deque
from collections.abc import Callable, Iterator, Mapping
from typing import Any

import httpx
import trustme
from aiohttp.abc import AbstractResolver, ResolveResult

from payments_sdk._aiohttp_wire import AiohttpWire
from payments_sdk._wire import WireResponse, masked_request
from tests.support.wire_server import DROP, Reply, Seen, WireServer, serve

Handler = Callable[[httpx.Request], Any]


class HandlerServer:
    """A running server for one handler; ``url`` is the base URL to give the client."""

    def __init__(self, server: WireServer) -> None:
        self._server = server
        self.errors: list[BaseException] = []
        self.faults: deque[httpx.TransportError] = deque()
        """Transport errors the handler raised, each to be raised by the wire in turn."""

    @property
    def port(self) -> int:
        """The loopback port."""
        return self._server.port


@functools.cache
def _authority() -> trustme.CA:
    return trustme.CA()


@functools.cache
def _server_tls(host: str) -> ssl.SSLContext:
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    _authority().issue_cert(host).configure_cert(context)
    return context


@functools.cache
def _client_tls() -> ssl.SSLContext:
    """Trusts the throwaway CA only (no system store to load: each client would pay for it)."""
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_CLIENT)
    _authority().configure_trust(context)
    return context


class _Loopback(AbstractResolver):
    """Resolves every name to 127.0.0.1 and the server's port."""

    def __init__(self, port: int) -> None:
        self._port = port

    async def resolve(
        self, host: str, port: int = 0, family: socket.AddressFamily = socket.AF_INET
    ) -> list[ResolveResult]:
        return [
            ResolveResult(
                hostname=host,
                host="127.0.0.1",
                port=self._port,
                family=socket.AF_INET,
                proto=0,
                flags=socket.AI_NUMERICHOST,
            )
        ]

    async def close(self) -> None:
        return None


class _ServedWire(AiohttpWire):
    """The SDK's aiohttp wire, resolving to the loopback server and trusting its CA."""

    def __init__(self, root_url: str, server: HandlerServer) -> None:
        super().__init__(root_url=root_url, limit=20)
        self._served = server
        self._ssl = _client_tls()

    def _session(self) -> Any:
        session = super()._session()
        session.connector._resolver = _Loopback(self._served.port)  # type: ignore[union-attr]
        return session

    async def send(
        self,
        method: str,
        url: str,
        headers: Mapping[str, str],
        content: bytes | None,
        timeouts: Any,
    ) -> WireResponse:
        try:
            return await super().send(method, url, headers, content, timeouts)
        except httpx.TransportError:
            if not self._served.faults:
                raise
            fault = self._served.faults.popleft()
        raise type(fault)(str(fault), request=masked_request(method, url, headers))


def served_wire(client: Any, server: HandlerServer) -> None:
    """Give ``client`` (made without ``http_client``) the aiohttp wire to ``server``."""
    client._pool._wire = _ServedWire(client.root_url, server)


def _request(seen: Seen, origin: str) -> httpx.Request:
    headers = [(name, value) for name, value in seen.raw_headers]
    return httpx.Request(seen.method, origin + seen.target, headers=headers, content=seen.body)


def _raw_body(response: httpx.Response) -> bytes:
    """The body as the handler gave it: still encoded (gzip, br) when it says so."""
    stream = response.stream
    if isinstance(stream, httpx.SyncByteStream):
        return b"".join(stream)
    return response.read()


def _reply(response: httpx.Response) -> Reply:
    body = _raw_body(response)
    fields = [
        (name, value)
        for name, value in response.headers.raw
        if name.lower() not in (b"content-length", b"transfer-encoding")
    ]
    return Reply(status=response.status_code, body=body, exact_headers=fields)


@contextlib.contextmanager
def serve_handler(handler: Handler, origin: str) -> Iterator[HandlerServer]:
    """Serve ``handler`` on loopback over TLS for ``origin``'s host; requests carry ``origin``."""
    holder: list[HandlerServer] = []

    async def script(seen: Seen) -> Any:
        request = _request(seen, origin)
        try:
            response = handler(request)
            if inspect.isawaitable(response):  # an async handler, as MockTransport takes
                response = await response
        except httpx.TransportError as exc:
            holder[0].faults.append(exc)
            return DROP
        except Exception as exc:  # reported at teardown: the call sees a dropped connection
            holder[0].errors.append(exc)
            return DROP
        return _reply(response)

    with serve(script, tls=_server_tls(httpx.URL(origin).host)) as server:
        running = HandlerServer(server)
        holder.append(running)
        yield running
