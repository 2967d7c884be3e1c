"""Which kept-alive connection may carry the next request: never one that cannot be trusted.

A connection goes back to the pool after a complete answer. Between two calls it must stay
silent: anything that arrives on it then is no answer to a request the SDK made. It is the
server's close (a load balancer or a server whose idle timeout ended, without
``Connection: close``), or bytes that would be read as the next call's answer (a response
desync: a proxy or server that wrote more than its answer declared). Either way the connection
is discarded and the request goes on a new one, as httpcore does (its ``has_expired`` asks
whether an idle socket is readable):

- **The default wire** (:class:`TrustingConnector`, aiohttp): a connection taken from the pool
  is reused only if nothing came on it while it sat there (its protocol saw no bytes, holds
  no parsed answer and no tail) and its socket is not readable: a close or bytes that the
  kernel holds and the event loop has not read yet. One ``poll`` of one socket per reuse,
  where httpcore polls every idle connection for each request. Bytes that came with the
  answer itself are aiohttp's own case: it parses them as a second answer and closes the
  connection instead of pooling it.
- **A caller's httpx client** (``_httpx_wire.py``): httpcore checks the socket, but bytes
  that came in the same read as the answer sit in h11's buffer and would be read as the
  next answer; the wire closes the connection that holds them before it can be reused.
"""

from __future__ import annotations

import asyncio
import functools
import select
from typing import TYPE_CHECKING, Any

from aiohttp import TCPConnector
from aiohttp.client_proto import ResponseHandler

from ._aiohttp_framing import FramedResponseHandler

if TYPE_CHECKING:
    from aiohttp.client_reqrep import ConnectionKey
    from aiohttp.connector import Connection
    from aiohttp.tracing import Trace

__all__ = ["TrustingConnector"]


class _Handler(FramedResponseHandler):
    """The default wire's protocol, which knows whether bytes came while it sat in the pool.

    Its answers are framed as h11 frames them (``_aiohttp_framing``).
    """

    pooled = False
    """Between a complete answer and the next request."""
    stale = False
    """Bytes came while :attr:`pooled`: never reused."""

    def data_received(self, data: bytes) -> None:
        """Feed aiohttp's parser; remember any byte that came while pooled."""
        if data and self.pooled:  # aiohttp calls it with b"" to resume a paused parser
            self.stale = True
        super().data_received(data)


def _readable(transport: asyncio.BaseTransport | None) -> bool:
    """Whether the socket holds bytes or a close the event loop has not read yet.

    A transport without a socket cannot be vouched for: it counts as readable, as httpcore
    counts it.
    """
    sock = None if transport is None else transport.get_extra_info("socket")
    fd = -1 if sock is None else sock.fileno()
    if fd < 0:
        return True
    if not hasattr(select, "poll"):  # pragma: no cover - Windows
        return bool(select.select([fd], [], [], 0)[0])
    poller = select.poll()
    poller.register(fd, select.POLLIN)
    return bool(poller.poll(0))


class TrustingConnector(TCPConnector):
    """aiohttp's TCP pool that reuses a kept-alive connection only if it stayed silent."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self._factory = functools.partial(_Handler, loop=self._loop)  # type: ignore[assignment]

    async def _get(self, key: ConnectionKey, traces: list[Trace]) -> Connection | None:
        while (conn := await super()._get(key, traces)) is not None:
            proto = conn.protocol
            if isinstance(proto, _Handler) and not (
                proto.stale or proto.should_close or _readable(proto.transport)
            ):
                proto.pooled = False
                return conn
            conn.close()  # closed, not pooled again; the next idle one is tried
        return None

    def _release(
        self, key: ConnectionKey, protocol: ResponseHandler, *, should_close: bool = False
    ) -> None:
        super()._release(key, protocol, should_close=should_close)
        if isinstance(protocol, _Handler):
            protocol.pooled = True
