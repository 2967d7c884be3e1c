"""Answers with large header blocks read alike on both wires, against a real server.

Proxies and CDNs send long header lines and many fields; httpx (httpcore) reads a head up to
100 KiB. The default wire reads the same (aiohttp's own limits, 8,190 bytes a line and 128
fields, refused them as a "400" no server sent, and the GET was sent three times). A head over
100 KiB, in one line or in many fields, is not HTTP/1.1 the SDK reads: on both wires an
APIConnectionError, as a dropped connection is, retried for a GET and never for a POST
(errors.md#broken-answers).
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import AsyncIterator

import httpx
import pytest

from payments_sdk import APIConnectionError, AsyncPaymentsClient, instant_retries
from tests.support.keyscan import KEY
from tests.support.schema_values import answered
from tests.support.wire_server import Reply, Seen, serve

BALANCES = answered("balances.retrieve", {"data": [{"currency": "USD", "amount": 5}]})


@contextlib.asynccontextmanager
async def sdk(url: str, wire: str) -> AsyncIterator[AsyncPaymentsClient]:
    """A client for ``url`` on ``wire``."""
    if wire == "httpx":
        async with (
            httpx.AsyncClient() as http,
            AsyncPaymentsClient(api_key=KEY, base_url=url, http_client=http) as client,
        ):
            yield client
    else:
        async with AsyncPaymentsClient(api_key=KEY, base_url=url) as client:
            yield client


def _answer(fields: list[tuple[bytes, bytes]]) -> object:
    async def script(_: Seen) -> Reply:
        return Reply(body=BALANCES, raw_headers=fields)

    return script


@pytest.mark.parametrize(
    "fields",
    [
        [(b"x-long", b"a" * 9000)],  # one line over aiohttp's 8,190 bytes
        [(b"x-long", b"a" * 60_000)],
        [(b"x-field-%d" % n, b"v") for n in range(200)],  # over aiohttp's 128 fields
        [(b"set-cookie", b"c%d=%s" % (n, b"v" * 100)) for n in range(300)],
    ],
    ids=["9000-byte-line", "60000-byte-line", "200-fields", "300-long-fields"],
)
@pytest.mark.parametrize("method", ["GET", "POST"])
async def test_a_large_head_is_read(
    wire: str, method: str, fields: list[tuple[bytes, bytes]]
) -> None:
    with serve(_answer(fields)) as server:
        async with sdk(server.url, wire) as client:
            if method == "GET":
                balances = await client.balances.retrieve()
                assert balances.data[0].amount == 5
            else:
                assert await client.request("POST", "/customers") == BALANCES
    assert len(server.seen) == 1


@pytest.mark.parametrize(
    "fields",
    [
        [(b"x-long", b"a" * 200_000)],
        [(b"x-long", b"a" * 110_000)],  # h11 reads it (it bounds only 64 KiB reads); refused
        [(b"x-f%04d" % n, b"v" * 17) for n in range(8000)],  # 8,000 fields of 27 bytes
    ],
    ids=["200-KiB-line", "110-KiB-line", "8000-fields"],
)
@pytest.mark.parametrize("method", ["GET", "POST"])
async def test_a_head_beyond_the_limit_is_a_connection_failure(
    wire: str, method: str, fields: list[tuple[bytes, bytes]]
) -> None:
    """Over 100 KiB: APIConnectionError on both wires; a GET sent 3 times, a POST once."""
    with serve(_answer(fields)) as server:
        async with sdk(server.url, wire) as client:
            with instant_retries(), pytest.raises(APIConnectionError) as raised:
                await client.request(method, "/customers")
    assert re.search(r"100 KiB|102400 bytes|too long", str(raised.value))
    assert not re.search(r"\b400\b", str(raised.value))  # no status the server never sent
    assert "aaaa" not in str(raised.value)  # nor the header's bytes
    assert len(server.seen) == (3 if method == "GET" else 1)
