"""errors.md's Broken answers table is what the SDK does, row by row, on both wires.

Each row names a kind of broken answer; this file holds the bytes of one such answer for each
row, and a raw socket server on 127.0.0.1 writes them, every byte, to a GET and to a POST, on
the default wire and on a caller's ``httpx.AsyncClient``. The call must do what the row says
(raise its exception, or read the body), after the row's number of sends. A row without bytes
here, or bytes without a row, fails too: the table and the behaviour cannot drift apart.
"""

from __future__ import annotations

import asyncio
import gzip
import re
import zlib
from pathlib import Path
from typing import Any

import httpx
import pytest

import payments_sdk
from payments_sdk import instant_retries
from tests.support.clients import sdk
from tests.support.markdown import table
from tests.support.wire_server import Reply, Seen, serve

PAGE = Path(__file__).resolve().parents[2] / "docs" / "errors.md"
HEADER = (
    "| broken answer | for example | what the call does | sends (GET) | sends (POST) | both wires |"
)
BODY = b'{"data": []}'


def _answer(*fields: bytes, body: bytes = BODY, length: bool = True) -> bytes:
    """A 200 with ``fields`` (and, unless ``length`` is False, a right Content-Length)."""
    head = b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\n"
    head += b"".join(field + b"\r\n" for field in fields)
    if length:
        head += b"content-length: %d\r\n" % len(body)
    return head + b"\r\n" + body


def _chunked(*fields: bytes) -> bytes:
    return _answer(*fields, body=b"c\r\n" + BODY + b"\r\n0\r\n\r\n", length=False)


def _status_line(line: bytes) -> bytes:
    return line + b"\r\ncontent-length: 2\r\n\r\n{}"


# One answer for each row of the table, by the row's first cell.
ANSWERS: dict[str, bytes] = {
    "a status line that is not HTTP/1.1's": _status_line(b"HTTP/1.1 abc OK"),
    "a status code of four digits": _status_line(b"HTTP/1.1 2000 OK"),
    "a version other than HTTP/1.0 or HTTP/1.1": _status_line(b"HTTP/2.0 200 OK"),
    "a status code below 100": _status_line(b"HTTP/1.1 099 Early"),
    "a 101 that no request asked for": b"HTTP/1.1 101 Switching Protocols\r\nupgrade: h2c\r\n\r\n"
    + _answer(),
    "a header line without a colon": _answer(b"X-Note"),
    "whitespace before a header's colon": _answer(b"X-Note : v"),
    "a NUL in a header": _answer(b"X-Note: a\x00b"),
    "a Content-Length that is not a number": _answer(b"content-length: abc", length=False),
    "a negative Content-Length": _answer(b"content-length: -1", length=False),
    "two Content-Length lines that differ": _answer(
        b"content-length: 12", b"content-length: 13", length=False
    ),
    "a Content-Length list that differs": _answer(b"content-length: 12, 13", length=False),
    "a bad chunk size": _answer(
        b"transfer-encoding: chunked", body=b"zz\r\n" + BODY + b"\r\n0\r\n\r\n", length=False
    ),
    "a body shorter than its Content-Length": _answer(b"content-length: 40", length=False),
    "a head over 100 KiB in one line": _answer(b"x-long: " + b"a" * 200_000),
    "a head just over 100 KiB": _answer(b"x-long: " + b"a" * 110_000),
    "a head over 100 KiB in many fields": _answer(
        *[b"x-field-%04d: vvvvvvvvvvvvv" % n for n in range(8000)]
    ),
    "a Transfer-Encoding other than chunked alone": _chunked(b"transfer-encoding: gzip, chunked"),
    "two Content-Length lines with one value": _answer(
        b"content-length: 12", b"content-length: 12", length=False
    ),
    "a Content-Length list with one value": _answer(b"content-length: 12, 12", length=False),
    "Content-Length with chunked": _chunked(b"content-length: 12", b"transfer-encoding: chunked"),
    "a coding applied twice": _answer(
        b"content-encoding: gzip, gzip", body=gzip.compress(gzip.compress(BODY))
    ),
    "a coding on two lines": _answer(
        b"content-encoding: gzip",
        b"content-encoding: gzip",
        body=gzip.compress(gzip.compress(BODY)),
    ),
    "identity before a coding": _answer(
        b"content-encoding: identity, gzip", body=gzip.compress(BODY)
    ),
    "two different codings": _answer(
        b"content-encoding: deflate, gzip", body=gzip.compress(zlib.compress(BODY))
    ),
    "a coding that cannot be decoded": _answer(b"content-encoding: br", body=b"\x8b\x01\x80{}\x03"),
    "a body that is not in its coding": _answer(b"content-encoding: gzip"),
    "a 2xx body that is not JSON": _answer(body=b'{"data": ['),
}

# The server keeps each connection open after its answer (a client that reused one would wait
# in vain), except where the answer ends only when the connection does.
CLOSED = {"a body shorter than its Content-Length"}


def _rows() -> list[list[str]]:
    return table(PAGE.read_text(encoding="utf-8"), HEADER)


def test_every_row_has_an_answer_and_every_answer_a_row() -> None:
    assert [row[0] for row in _rows()] == list(ANSWERS)


def _outcome(raw: bytes, keep_open: bool, wire: str, method: str) -> tuple[Any, int, int]:
    """Send one call; return what it returned or raised, the requests and the connections."""

    async def script(_: Seen) -> Reply:
        return Reply(raw=raw, keep_open=keep_open)

    async def call(url: str) -> Any:
        async with sdk(url, wire, timeout=httpx.Timeout(10.0)) as client:
            with instant_retries():
                try:
                    return await client.request(method, "/customers")
                except payments_sdk.PaymentsError as exc:
                    return exc

    with serve(script) as server:
        result = asyncio.run(asyncio.wait_for(call(server.url), 60))
        return result, len(server.seen), server.connections


@pytest.mark.parametrize("method", ["GET", "POST"])
@pytest.mark.parametrize("row", _rows(), ids=lambda row: row[0])
def test_each_row_is_what_a_call_does_on_both_wires(row: list[str], wire: str, method: str) -> None:
    kind, _, does, sends_get, sends_post, wires = row
    assert wires == "alike"
    result, sends, connections = _outcome(ANSWERS[kind], kind not in CLOSED, wire, method)
    assert sends == int(sends_get if method == "GET" else sends_post)
    assert connections == sends  # a broken connection is never used again
    if does.startswith("read"):
        assert result == {"data": []}
        return
    expected = getattr(payments_sdk, does.strip("`"))
    assert type(result) is expected, repr(result)
    message = str(result)
    assert not re.search(r"\b400\b", message)  # no status the server never sent
    assert "aaaa" not in message and "vvvv" not in message  # nor the bytes it refused
