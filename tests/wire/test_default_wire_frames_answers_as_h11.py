"""The default wire's parser frames an answer exactly as httpx's h11 does, byte for byte.

The raw-socket tests (test_broken_answers_get_one_verdict.py, and errors.md's table) cannot
choose how the kernel splits the bytes; these feed aiohttp's protocol, as the default wire
builds it, the bytes in the splits that matter (a 1xx and a head in one read, a head a byte at
a time), and compare its verdict with h11's on generated heads: accepted or refused alike, and
the same body when accepted.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import h11
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from payments_sdk._aiohttp_hooks import WireProtocol
from payments_sdk._wire import HEAD_LIMIT

LEFTOVER = b"<bytes after the body>"
"""What h11 reads from an answer with bytes after its body: who may read those is not framing
but connection reuse (a connection with unread bytes is never reused), left out here."""
EARLY = b"HTTP/1.1 103 Early Hints\r\nlink: </style.css>\r\n\r\n"


@pytest.fixture
def loop() -> Iterator[asyncio.AbstractEventLoop]:
    made = asyncio.new_event_loop()
    yield made
    made.close()


def _aiohttp(loop: asyncio.AbstractEventLoop, pieces: list[bytes]) -> bytes | None:
    """Feed ``pieces`` to the default wire's protocol; the body, or None if it was refused."""
    protocol = WireProtocol(loop=loop)
    protocol.set_response_params(
        max_line_size=HEAD_LIMIT,
        max_field_size=HEAD_LIMIT,
        max_headers=HEAD_LIMIT // 4,
        auto_decompress=False,
        read_until_eof=True,  # as aiohttp's session asks
    )
    for piece in pieces:
        protocol.data_received(piece)
        if protocol.exception() is not None:
            return None
    try:
        protocol._parser.feed_eof()  # the server closes: a body read to the end is complete
    except Exception:  # the parser's verdict on a body cut short
        return None
    queued = [item for item, _ in protocol._buffer]  # (message, payload), size
    finals = [(message, payload) for message, payload in queued if message.code >= 200]
    if len(finals) != 1 or protocol.exception() is not None:
        return None
    payload = finals[0][1]
    if payload.exception() is not None:
        return None
    return b"".join(getattr(payload, "_buffer", ()))  # EmptyStreamReader: no body


def _h11(raw: bytes) -> bytes | None:
    """Let h11 read ``raw`` as the answer to a GET; the body, or None if it refused it."""
    client = h11.Connection(h11.CLIENT, max_incomplete_event_size=HEAD_LIMIT)
    client.send(h11.Request(method="GET", target="/", headers=[("Host", "x")]))
    client.send(h11.EndOfMessage())
    client.receive_data(raw)
    client.receive_data(b"")
    body = b""
    try:
        while True:
            event = client.next_event()
            if isinstance(event, h11.Data):
                body += event.data
            elif isinstance(event, h11.EndOfMessage):
                return LEFTOVER if client.trailing_data[0] else body
            elif event is h11.NEED_DATA or isinstance(event, h11.ConnectionClosed):
                return None
    except h11.RemoteProtocolError:
        return None


def _head(*fields: bytes, body: bytes = b"") -> bytes:
    return b"HTTP/1.1 200 OK\r\n" + b"".join(f + b"\r\n" for f in fields) + b"\r\n" + body


def test_a_head_over_the_limit_after_a_1xx_in_the_same_read_is_refused(
    loop: asyncio.AbstractEventLoop,
) -> None:
    fields = [b"x-f%04d: vvvvvvvvvvvvvvvvv" % n for n in range(8000)]
    raw = EARLY + _head(*fields, b"content-length: 2", body=b"{}")
    assert _aiohttp(loop, [raw]) is None  # (h11 reads a head whole in one read; the httpx
    # wire refuses it after, in _httpx_wire._check_head)


def test_a_head_just_within_the_limit_is_read(loop: asyncio.AbstractEventLoop) -> None:
    short = _head(b"x-long: ", b"content-length: 2", body=b"{}")
    pad = HEAD_LIMIT - (len(short) - 2)
    raw = _head(b"x-long: " + b"a" * pad, b"content-length: 2", body=b"{}")
    assert len(raw) - 2 == HEAD_LIMIT
    assert _aiohttp(loop, [raw]) == b"{}"
    assert _aiohttp(loop, [raw.replace(b"x-long: ", b"x-long: a")]) is None


def test_one_length_twice_a_byte_at_a_time_is_read(loop: asyncio.AbstractEventLoop) -> None:
    raw = EARLY + _head(b"content-length: 2", b"content-length: 2, 2", body=b"{}")
    assert _aiohttp(loop, [raw[n : n + 1] for n in range(len(raw))]) == b"{}"


_LENGTHS = st.sampled_from(
    [b"2", b"2, 2", b" 2 ", b"2,2", b"3", b"2, 3", b"abc", b"-1", b"+2", b"", b"02", b"2,"]
)
_CODINGS = st.sampled_from(
    [b"chunked", b"Chunked", b"gzip, chunked", b"chunked, gzip", b"identity", b"gzip"]
)
_BODIES = st.sampled_from(
    [b"{}", b"2\r\n{}\r\n0\r\n\r\n", b"{}{}", b"1\r\n{\r\n1\r\n}\r\n0\r\n\r\n"]
)


@settings(max_examples=300, deadline=None)
@given(
    lengths=st.lists(_LENGTHS, max_size=3),
    codings=st.lists(_CODINGS, max_size=2),
    body=_BODIES,
    early=st.booleans(),
    split=st.integers(min_value=1, max_value=200),
)
def test_the_default_wire_and_h11_agree_on_how_an_answer_is_framed(
    lengths: list[bytes], codings: list[bytes], body: bytes, early: bool, split: int
) -> None:
    """Any Content-Length and Transfer-Encoding lines: both read the same body, or both refuse."""
    fields = [b"content-length: " + v for v in lengths]
    fields += [b"transfer-encoding: " + v for v in codings]
    raw = (EARLY if early else b"") + _head(*fields, body=body)
    expected = _h11(raw)
    assume(expected != LEFTOVER)
    made = asyncio.new_event_loop()
    try:
        assert _aiohttp(made, [raw]) == expected
        assert _aiohttp(made, [raw[:split], raw[split:]]) == expected
    finally:
        made.close()
