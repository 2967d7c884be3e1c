"""Caller headers cannot reframe a request: refused before anything is sent, on both wires."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from payments_sdk import AsyncPaymentsClient, InvalidParameterError, instant_retries
from tests.support.keyscan import KEY
from tests.support.wire_server import Reply, serve
from tests.wire.test_wire_promises import TRANSPORTS, answering, sdk

FRAMING = [
    {"Content-Length": "0"},
    {"content-length": "abc"},
    {"Transfer-Encoding": "chunked"},
    {"Host": "elsewhere.example"},
    {"Connection": "close"},
    {"Expect": "100-continue"},
]


@pytest.mark.parametrize("transport", TRANSPORTS)
@pytest.mark.parametrize("headers", FRAMING)
def test_extra_headers_cannot_set_framing_headers(transport: str, headers: dict[str, str]) -> None:
    """Content-Length, Transfer-Encoding, Host, Connection, Expect: refused, nothing sent."""

    async def call(url: str) -> None:
        async with sdk(url, transport, timeout=httpx.Timeout(2.0)) as client:
            with instant_retries(), pytest.raises(InvalidParameterError) as raised:
                await client.refunds.create(payment_id="payt_1", extra_headers=headers)
        assert "extra_headers" in str(raised.value)

    with serve(answering(Reply(body={"id": "rfd_1"}))) as server:
        asyncio.run(asyncio.wait_for(call(server.url), 10))
    assert server.seen == []


@pytest.mark.parametrize("headers", FRAMING)
def test_default_headers_cannot_set_framing_headers(headers: dict[str, str]) -> None:
    """The client's default_headers are refused the same way, when the client is made."""
    with pytest.raises(InvalidParameterError, match="default_headers"):
        AsyncPaymentsClient(api_key=KEY, base_url="http://127.0.0.1:9/v1", default_headers=headers)
