"""The wire over a caller's ``http_client=httpx.AsyncClient(...)``.

The caller keeps ownership: the SDK never closes their client. It lends its transport (so
respx and ``httpx.MockTransport`` work in tests), limits, proxies and event hooks, and its
default headers (read once, under the SDK's own); the SDK sends no cookies or default query
parameters of its own through it, and never follows a redirect, whatever the client's
``follow_redirects``. httpx's exceptions pass through unchanged.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import httpx

from ._wire import HEAD_LIMIT, MASKED, WireResponse, coding_error, head_size, undecodable
from .errors import ClientClosedError

__all__ = ["HttpxWire"]


class HttpxWire:
    """Sends through a caller's :class:`httpx.AsyncClient`."""

    owns_pool = False

    def __init__(self, client: httpx.AsyncClient) -> None:
        self._client = client

    @property
    def closed(self) -> bool:
        """Whether the caller closed their client."""
        return self._client.is_closed

    def default_headers(self) -> Mapping[str, str]:
        """Return the caller's client's default headers."""
        return self._client.headers

    def prepare_timeout(self, timeout: httpx.Timeout) -> dict[str, Any]:
        """Return the request extension httpx reads its timeouts from."""
        return timeout.as_dict()

    async def send(
        self,
        method: str,
        url: str,
        headers: Mapping[str, str],
        content: bytes | None,
        timeouts: Any,
    ) -> WireResponse:
        """Send one request through the caller's client; return the whole answer."""
        request = httpx.Request(
            method, url, headers=headers, content=content, extensions={"timeout": timeouts}
        )
        try:
            # Never the caller's follow_redirects: a 307 would resend a POST, with the key.
            response = await self._client.send(request, follow_redirects=False, stream=True)
        except RuntimeError:
            if not self._client.is_closed:
                raise  # not the closed-client refusal: a bug, kept as itself
            raise ClientClosedError("the http_client was closed by its owner") from None
        finally:
            # The request is kept by the response and by httpx's exceptions: never with the key.
            # (A call that sent an apiKey header instead sent no Authorization: none is added.)
            _mask(request)
        for hop in (*response.history, response):  # its auth or hooks may have made hops
            _mask(hop.request)
        try:
            _check_head(response)
            if "content-encoding" in response.headers:
                coding = undecodable(response.headers)
                if coding is not None:
                    # httpx hands an encoding it cannot decode (br without brotli) on as it
                    # is, and the body would then fail as if it were wrong JSON. Refused
                    # before its body is read, as the default wire refuses it:
                    raise httpx.DecodingError(
                        f"its Content-Encoding {coding!r} cannot be decoded",
                        request=response.request,
                    )
                try:
                    await response.aread()
                except httpx.DecodingError as exc:
                    raise coding_error(response.headers, exc, response.request) from None
            else:
                await response.aread()
            unread = _holding_unread_bytes(response)
            if unread is not None:  # bytes after the answer: never the next call's answer
                await unread.aclose()
        finally:
            await response.aclose()  # read, or refused: never left open
        return WireResponse(
            response.status_code,
            response.headers,
            response.content,
            method=method,
            url=url,
            request_headers=headers,
            http=response,
        )

    async def aclose(self) -> None:
        """Nothing: the caller closes their own client."""


def _mask(request: httpx.Request) -> None:
    if "authorization" in request.headers:
        request.headers["Authorization"] = MASKED


def _check_head(response: httpx.Response) -> None:
    """Refuse a head over :data:`~._wire.HEAD_LIMIT`, or not HTTP/1.0 or 1.1, as the default wire.

    h11 bounds only what it holds before a head ends, read 64 KiB at a time, so it reads some
    heads a little over the limit; the same bytes get one verdict on both wires.
    """
    version = response.http_version
    if version != "HTTP/1.1":
        if version == "HTTP/1.0" or "." not in version:
            return  # HTTP/2 heads (h2 says "HTTP/2") are framed otherwise
        # h11 reads any HTTP/d.d; llhttp, on the default wire, not all: both read only these.
        raise httpx.RemoteProtocolError(
            "Bad status line: Invalid HTTP version", request=response.request
        )
    reason = response.extensions.get("reason_phrase", b"")
    status_line = len(response.http_version) + len(reason) + 7  # "HTTP/1.1 200 OK\r\n"
    if head_size(status_line, response.headers.raw) > HEAD_LIMIT:
        raise httpx.RemoteProtocolError(
            f"the head is over {HEAD_LIMIT // 1024} KiB", request=response.request
        )


def _holding_unread_bytes(response: httpx.Response) -> Any:
    """Return the httpcore connection that read ``response`` if it holds bytes after it.

    httpcore polls an idle socket before reusing it, but bytes that came in the same read as
    the answer sit in h11's buffer, and the next request on the connection would read them as
    its answer (a response desync); the caller closes that connection, so the pool never hands
    it out again (see ``_aiohttp_hooks.py``). httpx's default transport only: httpcore's
    HTTP/1.1 connection, reached through the response's stream; any other transport gives
    None.
    """
    stream: object = response.stream  # httpx's BoundAsyncStream, then its transport's stream
    for name in ("_stream", "_httpcore_stream", "_stream", "_connection"):
        stream = getattr(stream, name, None)
    h11_state = getattr(stream, "_h11_state", None)
    if h11_state is None or not h11_state.trailing_data[0]:
        return None
    return stream
