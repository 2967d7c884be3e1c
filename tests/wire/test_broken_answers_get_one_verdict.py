"""A broken answer gets one verdict on both wires, whatever the path its bytes take.

errors.md's table (tests/docs/test_broken_answer_table_is_the_behaviour.py) drives one answer
of each kind; these hold what it does not show: the message names the coding a body is not in
(and never a status the server did not send), an answer RFC 9112 §6.3 reads is read whole even
when its head comes in pieces or after a 1xx, and the connection stays usable after it, and a
broken answer never costs the next call its connection.
"""

from __future__ import annotations

import gzip
import re

import httpx
import pytest

from payments_sdk import APIConnectionError, APIResponseValidationError, instant_retries
from tests.support.clients import sdk
from tests.support.wire_server import Reply, Seen, serve

BODY = b'{"data": []}'


def _answer(*fields: bytes, body: bytes = BODY, status: bytes = b"200 OK") -> bytes:
    head = b"HTTP/1.1 " + status + b"\r\ncontent-type: application/json\r\n"
    return head + b"".join(field + b"\r\n" for field in fields) + b"\r\n" + body


def _length(body: bytes = BODY) -> bytes:
    return b"content-length: %d" % len(body)


@pytest.mark.parametrize("status", [b"200 OK", b"404 Not Found", b"500 Oops"])
@pytest.mark.parametrize("method", ["GET", "POST"])
async def test_a_body_not_in_its_coding_names_the_coding_and_no_status(
    wire: str, method: str, status: bytes
) -> None:
    """Gzip over plain JSON: APIResponseValidationError naming 'gzip', sent once, no "400"."""
    raw = _answer(b"content-encoding: gzip", _length(), status=status)

    async def script(_: Seen) -> Reply:
        return Reply(raw=raw)

    with serve(script) as server:
        async with sdk(server.url, wire) as client:
            with instant_retries(), pytest.raises(APIResponseValidationError) as raised:
                await client.request(method, "/customers")
    message = str(raised.value)
    assert "Content-Encoding 'gzip'" in message
    assert not re.search(r"\b400\b", message)
    assert len(server.seen) == 1


async def test_an_unknown_coding_among_known_ones_is_refused_by_name(wire: str) -> None:
    """``gzip, x-custom``: httpx would decode the gzip and hand the rest on; both refuse it."""
    body = gzip.compress(BODY)
    raw = _answer(b"content-encoding: gzip, x-custom", _length(body), body=body)

    async def script(_: Seen) -> Reply:
        return Reply(raw=raw)

    with serve(script) as server:
        async with sdk(server.url, wire) as client:
            with pytest.raises(APIResponseValidationError, match="'x-custom' cannot be decoded"):
                await client.request("GET", "/customers")
    assert len(server.seen) == 1


@pytest.mark.parametrize(
    "fields",
    [
        [b"content-length: 12", b"content-length: 12"],
        [b"content-length: 12, 12"],
        [b"content-length: 12 ,12", b"content-length: 12"],
    ],
    ids=["two-lines", "a-list", "both"],
)
async def test_one_length_sent_twice_is_read_and_the_connection_serves_the_next_call(
    wire: str, fields: list[bytes]
) -> None:
    """RFC 9112 §6.3: read with that length; the next call on the connection gets its own answer."""
    answers = iter([_answer(*fields), _answer(_length(b'{"data": [1]}'), body=b'{"data": [1]}')])

    async def script(_: Seen) -> Reply:
        return Reply(raw=next(answers), keep_open=True)

    with serve(script) as server:
        async with sdk(server.url, wire) as client:
            assert await client.request("GET", "/customers") == {"data": []}
            assert await client.request("GET", "/customers") == {"data": [1]}
    assert server.connections == 1  # the answer framed as §6.3 says left nothing behind


@pytest.mark.parametrize("in_pieces", [True, False], ids=["in-pieces", "in-one-write"])
async def test_a_head_after_a_1xx_is_read_as_one(wire: str, in_pieces: bool) -> None:
    """A 103, then a head with two equal Content-Lengths, in pieces or at once: read whole."""
    early = b"HTTP/1.1 103 Early Hints\r\nlink: </style.css>\r\n\r\n"
    whole = early + _answer(b"content-length: 12", b"x-pad: " + b"p" * 3000, b"content-length: 12")
    cut = [20, len(early) + 40, len(whole) - 200] if in_pieces else []
    pieces = [whole[start:end] for start, end in zip([0, *cut], cut, strict=False)]

    async def script(_: Seen) -> Reply:
        return Reply(raw_parts=pieces, raw=whole[cut[-1] :] if cut else whole)

    with serve(script) as server:
        async with sdk(server.url, wire) as client:
            assert await client.request("POST", "/customers") == {"data": []}
    assert len(server.seen) == 1


@pytest.mark.parametrize("method", ["GET", "POST"])
async def test_a_head_over_the_limit_after_a_1xx_is_refused(wire: str, method: str) -> None:
    """A small 103 and then 8,000 fields (200 KiB) in one write: over the limit all the same."""
    early = b"HTTP/1.1 103 Early Hints\r\nlink: </style.css>\r\n\r\n"
    fields = [b"x-f%04d: vvvvvvvvvvvvvvvvv" % n for n in range(8000)]

    async def script(_: Seen) -> Reply:
        return Reply(raw=early + _answer(*fields, _length()), keep_open=True)

    with serve(script) as server:
        async with sdk(server.url, wire) as client:
            with instant_retries(), pytest.raises(APIConnectionError):
                await client.request(method, "/customers")
    assert len(server.seen) == (3 if method == "GET" else 1)
    assert server.connections == len(server.seen)


async def test_chunks_override_a_content_length(wire: str) -> None:
    """Content-Length with Transfer-Encoding: chunked: the chunks frame the body (§6.3)."""
    chunks = b"5\r\n" + BODY[:5] + b"\r\n7\r\n" + BODY[5:] + b"\r\n0\r\n\r\n"
    raw = _answer(b"content-length: 3", b"transfer-encoding: chunked", body=chunks)

    async def script(_: Seen) -> Reply:
        return Reply(raw=raw, keep_open=True)

    with serve(script) as server:
        async with sdk(server.url, wire) as client:
            assert await client.request("GET", "/customers") == {"data": []}
            assert await client.request("GET", "/customers") == {"data": []}
    assert server.connections == 1


@pytest.mark.parametrize(
    "framing",
    [b"transfer-encoding: gzip, chunked", b"transfer-encoding: chunked, gzip"],
    ids=["gzip-chunked", "chunked-gzip"],
)
@pytest.mark.parametrize("method", ["GET", "POST"])
async def test_a_transfer_coding_besides_chunked_is_a_connection_failure(
    wire: str, method: str, framing: bytes
) -> None:
    """Never read as if its body were plain (aiohttp returned ``{}``): APIConnectionError."""
    chunks = b"c\r\n" + BODY + b"\r\n0\r\n\r\n"

    async def script(_: Seen) -> Reply:
        return Reply(raw=_answer(framing, body=chunks), keep_open=True)

    with serve(script) as server:
        async with sdk(server.url, wire) as client:
            with instant_retries(), pytest.raises(APIConnectionError, match="chunked"):
                await client.request(method, "/customers")
    assert len(server.seen) == (3 if method == "GET" else 1)
    assert server.connections == len(server.seen)  # each broken connection closed


async def test_a_broken_answer_leaves_the_next_call_a_good_connection(wire: str) -> None:
    """After a head the SDK refused, the next call is answered on a new connection."""
    answers = iter([_answer(b"X-Note : v", _length()), _answer(_length())])

    async def script(_: Seen) -> Reply:
        return Reply(raw=next(answers), keep_open=True)

    with serve(script) as server:
        async with sdk(server.url, wire, max_retries=0, timeout=httpx.Timeout(10.0)) as client:
            with pytest.raises(APIConnectionError, match=r"(?i)header"):
                await client.request("GET", "/customers")
            assert await client.request("GET", "/customers") == {"data": []}
    assert server.connections == 2
