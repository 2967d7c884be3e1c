"""Answers with header values that are not ASCII: reported truthfully, on both wires."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from payments_sdk import APIStatusError, BadRequestError
from tests.support.keyscan import key_leaks
from tests.support.wire_server import Reply, serve
from tests.wire.test_wire_promises import TRANSPORTS, answering, sdk

_BALANCES = b'{"data": []}'


def _raw(status: int, header: bytes, body: bytes = b"") -> bytes:
    head = f"HTTP/1.1 {status} X\r\ncontent-type: application/json\r\n".encode()
    length = f"content-length: {len(body)}\r\n\r\n".encode()
    return head + header + b"\r\n" + length + body


def _run(raw: bytes, transport: str, *, raw_response: bool = False) -> object:
    async def call(url: str) -> object:
        async with sdk(url, transport, timeout=httpx.Timeout(2.0), max_retries=0) as client:
            if raw_response:
                return await client.with_raw_response.balances.retrieve()
            return await client.balances.retrieve()

    with serve(answering(Reply(raw=raw))) as server:
        return asyncio.run(asyncio.wait_for(call(server.url), 10))


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_a_redirect_to_a_location_that_is_not_ascii_is_a_status_error(transport: str) -> None:
    """A 302 whose Location holds a byte 0xff is APIStatusError naming it, not a caller error."""
    with pytest.raises(APIStatusError) as raised:
        _run(_raw(302, b"location: http://127.0.0.1:9/\xff"), transport)
    assert raised.value.status_code == 302
    assert "the SDK follows no redirect" in str(raised.value)
    assert not key_leaks(raised.value)


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_an_error_answer_with_a_header_that_is_not_ascii_keeps_its_status(transport: str) -> None:
    """A 400 with a header value in Latin-1 or UTF-8 is BadRequestError with that header."""
    with pytest.raises(BadRequestError) as raised:
        _run(_raw(400, "x-note: café".encode(), b'{"error": "Bad"}'), transport)
    assert raised.value.error == "Bad"
    assert "caf" in raised.value.response.headers["x-note"]


@pytest.mark.parametrize("transport", TRANSPORTS)
def test_a_raw_response_with_a_header_that_is_not_ascii_is_returned(transport: str) -> None:
    """with_raw_response on a 200 with a byte 0xff in a header returns the answer."""
    answer = _run(_raw(200, b"x-note: \xff", _BALANCES), transport, raw_response=True)
    assert answer.status_code == 200  # type: ignore[attr-defined]
    assert answer.headers["x-note"]  # type: ignore[attr-defined]
