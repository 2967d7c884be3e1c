"""The wire: the one seam every SDK request crosses, and the answer that comes back.

A *wire* sends one HTTP exchange and reads the whole answer; it never retries, never decides
anything about authentication, and never raises anything but httpx's exception classes (it maps
its library's exceptions once, as httpx maps httpcore's), so the layers above speak one language.

Two wires implement :class:`Wire`:

- ``AiohttpWire`` (``_aiohttp_wire.py``), the default: the SDK's own connection pool on aiohttp;
- ``HttpxWire`` (``_httpx_wire.py``): a caller's ``http_client=httpx.AsyncClient(...)``.

A :class:`WireResponse` carries only what a call needs: the status, case-insensitive headers
and the body bytes. The :class:`httpx.Response` users see on errors and in ``with_raw_response``
is built from it on demand, with the key masked in its request.
"""

from __future__ import annotations

import time
from collections.abc import Coroutine, Mapping
from typing import Any, Protocol

import httpx

__all__ = [
    "HEAD_LIMIT",
    "MASKED",
    "TIMER_EARLY",
    "Wire",
    "WireResponse",
    "coding_error",
    "decoded",
    "head_size",
    "masked_request",
    "undecodable",
]

HEAD_LIMIT = 100 * 1024
"""The most bytes of an answer's head (status line, fields, blank line) either wire reads, as
httpx (httpcore's h11) reads it; a longer one is not valid HTTP/1.1 to the SDK."""

TIMER_EARLY = max(1e-6, time.get_clock_info("monotonic").resolution)
"""How early asyncio may run a timer (its clock's resolution: about 15 ms on Windows). The
SDK's timers (the gate's queue, the default wire's read timer) count a deadline within it as
passed; else they would arm again for it, and again, until it passed."""

MASKED = "Bearer ***"
"""What the Authorization header reads in every request the SDK hands out."""

# aiohttp and httpx both undo the Content-Encoding before the body reaches us; a response
# rebuilt from the decoded bytes must not claim it again.
_DECODED = frozenset({"content-encoding", "content-length", "transfer-encoding"})


class Wire(Protocol):
    """Sends one exchange and reads its whole answer; raises only httpx exceptions."""

    @property
    def owns_pool(self) -> bool:
        """Whether the SDK made the connection pool (and so gates it and closes it)."""
        ...

    def default_headers(self) -> Mapping[str, str]:
        """Headers the pool adds to every request, under the SDK's own."""
        ...

    def prepare_timeout(self, timeout: httpx.Timeout) -> Any:
        """Return the wire's own form of ``timeout`` (given to :meth:`send` as ``timeouts``)."""
        ...

    def send(
        self,
        method: str,
        url: str,
        headers: Mapping[str, str],
        content: bytes | None,
        timeouts: Any,
    ) -> Coroutine[Any, Any, WireResponse]:
        """Send one request (``url`` absolute and encoded); await the answer, body read."""
        ...

    async def aclose(self) -> None:
        """Close every connection the wire made."""
        ...


class WireResponse:
    """An answer: ``status_code``, case-insensitive ``headers`` and the ``content`` bytes."""

    __slots__ = (
        "_http",
        "_method",
        "_request_headers",
        "_url",
        "content",
        "headers",
        "status_code",
    )

    def __init__(
        self,
        status_code: int,
        headers: Mapping[str, str],
        content: bytes,
        *,
        method: str,
        url: str,
        request_headers: Mapping[str, str],
        http: httpx.Response | None = None,
    ) -> None:
        self.status_code = status_code
        self.headers = headers
        """The response headers, case-insensitive (the wire's own mapping)."""
        self.content = content
        self._method = method
        self._url = url
        self._request_headers = request_headers
        self._http = http

    def to_httpx(self) -> httpx.Response:
        """Return this answer as an :class:`httpx.Response` (made once, on first use).

        Its request carries the method, URL and headers that were sent, with Authorization
        masked; its body is the decoded content.
        """
        if self._http is None:
            kept = [  # values as bytes: a server may send one that is not ASCII
                (name.encode(), value.encode("utf-8", "surrogateescape"))
                for name, value in self.headers.items()
                if name.lower() not in _DECODED
            ]
            self._http = httpx.Response(
                self.status_code,
                headers=kept,
                content=self.content,
                request=masked_request(self._method, self._url, self._request_headers),
            )
        return self._http

    @property
    def httpx_headers(self) -> httpx.Headers:
        """The headers as :class:`httpx.Headers`."""
        if self._http is not None:
            return self._http.headers
        if isinstance(self.headers, httpx.Headers):
            return self.headers
        return httpx.Headers(
            [
                (name.encode(), value.encode("utf-8", "surrogateescape"))
                for name, value in self.headers.items()
            ]
        )

    def __repr__(self) -> str:
        return f"<WireResponse [{self.status_code}]>"


def masked_request(method: str, url: str, headers: Mapping[str, str]) -> httpx.Request:
    """Return an :class:`httpx.Request` for what was sent, with Authorization masked."""
    request = httpx.Request(method, url, headers=headers)
    if "authorization" in request.headers:
        request.headers["Authorization"] = MASKED
    return request


def undecodable(headers: Mapping[str, str]) -> str | None:
    """Return the answer's first Content-Encoding that the wires cannot decode, or None.

    Both wires decode what httpx decodes here (identity, gzip, deflate; br and zstd when their
    packages are installed), stacked codings in the order they were applied, and refuse the
    rest alike, as ``httpx.DecodingError`` naming the coding.
    """
    from httpx._decoders import SUPPORTED_DECODERS

    for name in _codings(headers):
        if name not in SUPPORTED_DECODERS:
            return name
    return None


def decoded(headers: Mapping[str, str], body: bytes, request: httpx.Request) -> bytes:
    """Return ``body`` with its Content-Encoding undone, as httpx undoes it.

    With httpx's own decoders, so both wires read the same bytes alike: every coding of every
    Content-Encoding line, in the order applied (``gzip, gzip``, ``identity, gzip``). A coding
    they cannot decode, or a body that is not in its coding, is ``httpx.DecodingError`` naming
    the coding.
    """
    from httpx._decoders import SUPPORTED_DECODERS, ContentDecoder, MultiDecoder

    decoders = []
    for name in _codings(headers):
        if name not in SUPPORTED_DECODERS:
            raise httpx.DecodingError(
                f"its Content-Encoding {name!r} cannot be decoded", request=request
            )
        decoders.append(SUPPORTED_DECODERS[name]())
    if not decoders:  # only empty codings (``Content-Encoding: ,``)
        return body
    decoder: ContentDecoder = decoders[0] if len(decoders) == 1 else MultiDecoder(decoders)
    try:
        return decoder.decode(body) + decoder.flush()
    except httpx.DecodingError as exc:
        raise coding_error(headers, exc, request) from None


def coding_error(
    headers: Mapping[str, str], exc: httpx.DecodingError, request: httpx.Request
) -> httpx.DecodingError:
    """Return ``exc`` (a body not in its Content-Encoding) as the error that names the coding."""
    coding = ", ".join(_codings(headers)) or "identity"
    return httpx.DecodingError(
        f"its body is not in its Content-Encoding {coding!r} ({exc})", request=request
    )


def _codings(headers: Mapping[str, str]) -> list[str]:
    """Every coding of every Content-Encoding line, lowercase, in order; empty ones left out."""
    getall = getattr(headers, "get_list", None) or getattr(headers, "getall", None)
    values: list[str] = list(getall("content-encoding", [])) if getall is not None else []
    return [
        name for value in values for coding in value.split(",") if (name := coding.strip().lower())
    ]


def head_size(status_line: int, raw: list[tuple[bytes, bytes]]) -> int:
    """Return the size of a head (``status_line`` bytes, then ``raw`` fields) as it was sent.

    Each field as ``name: value`` and CRLF, and the blank line: within a few bytes of what
    came (the whitespace around a value is not kept), never more.
    """
    return status_line + sum(len(name) + len(value) + 4 for name, value in raw) + 2
