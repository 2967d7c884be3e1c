"""Status lines and heads near the edges of HTTP/1.1 get one verdict on both wires.

Found by an adversarial pass over the default wire (aiohttp) and a caller's httpx client,
with a server that writes every byte: a status code below 100 (``099``, ``000``) was read as
a status ``99`` on the default wire (``APIStatusError: 99 Error``), and a ``101 Switching
Protocols`` that no request asked for as a final answer; httpx refuses both as not HTTP/1.1.
A server that closed in the middle of a head made the default wire's message quote the head
it had read (its fields and their values); httpx says only that the server disconnected.
"""

from __future__ import annotations

import httpx
import pytest

from payments_sdk import APIConnectionError, instant_retries
from tests.support.clients import sdk
from tests.support.wire_server import Reply, Seen, serve

BODY = b'{"data": []}'
GOOD = b'HTTP/1.1 200 OK\r\ncontent-length: 13\r\n\r\n{"data": [7]}'


def _answer(status: bytes) -> bytes:
    return b"HTTP/1.1 " + status + b"\r\ncontent-length: 12\r\n\r\n" + BODY


@pytest.mark.parametrize(
    "raw",
    [
        _answer(b"099 Early"),
        _answer(b"000 Nothing"),
        b"HTTP/1.1 101 Switching Protocols\r\nupgrade: websocket\r\n\r\n" + _answer(b"200 OK"),
    ],
    ids=["099", "000", "101-unasked"],
)
@pytest.mark.parametrize("method", ["GET", "POST"])
async def test_a_status_http_1_1_cannot_answer_with_is_a_connection_failure(
    wire: str, method: str, raw: bytes
) -> None:
    """APIConnectionError, sent 3 times for a GET and once for a POST; the next call is served."""

    async def script(seen: Seen) -> Reply:
        return Reply(raw=GOOD if seen.target.endswith("/next") else raw, keep_open=True)

    with serve(script) as server:
        async with sdk(server.url, wire, timeout=httpx.Timeout(10.0)) as client:
            with instant_retries(), pytest.raises(APIConnectionError) as raised:
                await client.request(method, "/customers")
            assert await client.request("GET", "/next") == {"data": [7]}
    assert type(raised.value) is APIConnectionError
    assert "Error" not in str(raised.value).rsplit(":", 1)[-1]  # no "99 Error" status
    assert len(server.seen) - 1 == (3 if method == "GET" else 1)


@pytest.mark.parametrize("method", ["GET", "POST"])
async def test_a_close_in_the_middle_of_a_head_quotes_none_of_it(wire: str, method: str) -> None:
    """The server closes after half a head: APIConnectionError naming no field of that head."""
    raw = b"HTTP/1.1 200 OK\r\nx-session: s3cr3tv4lue\r\ncontent-type: appl"

    async def script(_: Seen) -> Reply:
        return Reply(raw=raw)

    with serve(script) as server:
        async with sdk(server.url, wire, timeout=httpx.Timeout(10.0)) as client:
            with instant_retries(), pytest.raises(APIConnectionError) as raised:
                await client.request(method, "/customers")
    message = str(raised.value)
    assert "s3cr3tv4lue" not in message and "x-session" not in message.lower(), message
    assert "disconnected" in message, message
    assert len(server.seen) == (3 if method == "GET" else 1)


@pytest.mark.parametrize("version", [b"HTTP/1.0", b"HTTP/1.1"])
async def test_an_http_1_answer_is_read(wire: str, version: bytes) -> None:
    """HTTP/1.0 and HTTP/1.1 status lines: read, on both wires."""
    raw = version + b" 200 OK\r\ncontent-length: 12\r\n\r\n" + BODY

    async def script(_: Seen) -> Reply:
        return Reply(raw=raw, keep_open=True)

    with serve(script) as server:
        async with sdk(server.url, wire, timeout=httpx.Timeout(10.0)) as client:
            assert await client.request("GET", "/customers") == {"data": []}


@pytest.mark.parametrize(
    "version", [b"HTTP/0.9", b"HTTP/1.2", b"HTTP/1.9", b"HTTP/2.0", b"HTTP/3.0", b"HTTP/9.9"]
)
@pytest.mark.parametrize("method", ["GET", "POST"])
@pytest.mark.parametrize("doubled", [False, True], ids=["one-length", "doubled-length"])
async def test_a_version_other_than_http_1_0_or_1_1_is_a_connection_failure(
    wire: str, method: str, version: bytes, doubled: bool
) -> None:
    """h11 read ``HTTP/1.9`` and ``HTTP/3.0``, llhttp ``HTTP/2.0``: both refuse them now."""
    raw = version + b" 200 OK\r\ncontent-length: 12\r\n\r\n" + BODY
    if doubled:  # read again as RFC 9112 §6.3 says: the same checks
        raw = raw.replace(b"\r\n\r\n", b"\r\ncontent-length: 12\r\n\r\n", 1)

    async def script(seen: Seen) -> Reply:
        return Reply(raw=GOOD if seen.target.endswith("/next") else raw, keep_open=True)

    with serve(script) as server:
        async with sdk(server.url, wire, timeout=httpx.Timeout(10.0)) as client:
            with instant_retries(), pytest.raises(APIConnectionError, match="version"):
                await client.request(method, "/customers")
            assert await client.request("GET", "/next") == {"data": [7]}
    assert len(server.seen) - 1 == (3 if method == "GET" else 1)


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (_answer(b"200 OK") + b"garbage\r\n\r\n", {"data": []}),
        (_answer(b"200 OK") + b"\x00\x01", {"data": []}),
        (b"HTTP/1.1 204 No Content\r\n\r\n" + BODY, None),
        (b"HTTP/1.1 204 No Content\r\ncontent-length: 12\r\n\r\n" + BODY, None),
        (
            b"HTTP/1.1 200 OK\r\ntransfer-encoding: chunked\r\n\r\nc\r\n"
            + BODY
            + b"\r\n0\r\n\r\nnot an answer\r\n\r\n",
            {"data": []},
        ),
        (
            b"HTTP/1.1 200 OK\r\ncontent-length: 12\r\ncontent-length: 12\r\n\r\n" + BODY + b"zz",
            {"data": []},
        ),
    ],
    ids=[
        "junk-after-body",
        "nul-after-body",
        "204-with-body",
        "204-with-length",
        "junk-after-chunks",
        "junk-after-a-doubled-length",
    ],
)
@pytest.mark.parametrize("method", ["GET", "POST"])
async def test_bytes_after_a_whole_answer_never_cost_it(
    wire: str, method: str, raw: bytes, expected: object
) -> None:
    """A whole answer, then bytes that are no answer, in one write: the call gets its answer.

    Sent once (llhttp refused the junk and lost the answer with it); the connection is dropped.
    """

    async def script(seen: Seen) -> Reply:
        return Reply(raw=GOOD if seen.target.endswith("/next") else raw, keep_open=True)

    with serve(script) as server:
        async with sdk(server.url, wire, timeout=httpx.Timeout(10.0)) as client:
            with instant_retries():
                assert await client.request(method, "/customers") == expected
            assert await client.request("GET", "/next") == {"data": [7]}
    assert len(server.seen) == 2
    assert server.connections == 2  # never reused after those bytes
