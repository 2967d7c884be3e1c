"""The in-process transport of ``sandbox.client()``: httpx's ASGI transport, with a read timeout.

``httpx.ASGITransport`` calls the app directly and ignores the request's timeouts, which only a
socket enforces. Without one, a ``latency`` fault longer than the client's timeout would simply
make the call slow in process, where over loopback it times out. This transport gives the app
the request's read timeout to answer in, and raises ``httpx.ReadTimeout`` as a socket would,
so the SDK raises ``APITimeoutError`` either way.
"""

from __future__ import annotations

import anyio
import httpx

__all__ = ["InProcessTransport"]


class InProcessTransport(httpx.ASGITransport):
    """An ``httpx.ASGITransport`` that enforces the request's read timeout."""

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        """Call the app; raise ``httpx.ReadTimeout`` if it does not answer within the timeout."""
        timeouts = request.extensions.get("timeout") or {}
        read = timeouts.get("read")
        if read is None:
            return await super().handle_async_request(request)
        with anyio.move_on_after(read):
            return await super().handle_async_request(request)
        raise httpx.ReadTimeout(f"the sandbox did not answer within {read:g} s", request=request)
