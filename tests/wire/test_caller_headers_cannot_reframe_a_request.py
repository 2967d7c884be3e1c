"""Caller headers cannot reframe a request: refused before anything is sent, on both wires."""

from __future__ import annotations

import asyncio

import httpx
import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

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


# RFC 9110 §5.1: a field name is a token. "X:Y" reached the server as a header X with the
# value "Y: v" on aiohttp (header injection); httpx refused some names locally, as an
# APIConnectionError it retried with backoff.
NOT_TOKENS = ["X:Y", "X\tY", *'(",;/@[=?{\\', ")", "]", "}", "<", ">", ":authority", "", "A B"]
TCHARS = "!#$%&'*+-.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"


def _is_token(name: str) -> bool:
    return bool(name) and all(ch in TCHARS for ch in name)


@pytest.mark.parametrize("name", NOT_TOKENS)
def test_a_header_name_that_is_not_a_token_is_refused_before_sending(wire: str, name: str) -> None:
    """extra_headers: InvalidParameterError naming the header, nothing sent, on both wires."""

    async def call(url: str) -> None:
        async with sdk(url, wire, timeout=httpx.Timeout(2.0)) as client:
            with instant_retries(), pytest.raises(InvalidParameterError) as raised:
                await client.balances.retrieve(extra_headers={name: "v"})
        assert raised.value.field == f"extra_headers[{name!r}]"

    with serve(answering(Reply(body={"data": []}))) as server:
        asyncio.run(asyncio.wait_for(call(server.url), 10))
    assert server.seen == []


@pytest.mark.parametrize("name", NOT_TOKENS)
def test_a_default_header_name_that_is_not_a_token_is_refused(name: str) -> None:
    """default_headers, at the client and in with_options: refused, naming the header."""
    with pytest.raises(InvalidParameterError) as raised:
        AsyncPaymentsClient(
            api_key=KEY, base_url="http://127.0.0.1:9/v1", default_headers={name: "v"}
        )
    assert raised.value.field == f"default_headers[{name!r}]"
    client = AsyncPaymentsClient(api_key=KEY, base_url="http://127.0.0.1:9/v1")
    with pytest.raises(InvalidParameterError) as again:
        client.with_options(default_headers={name: "v"})
    assert again.value.field == f"default_headers[{name!r}]"


# Refused by name, not by form (test_extra_headers_cannot_set_framing_headers).
FRAMING_NAMES = {"content-length", "transfer-encoding", "host", "connection", "expect", "te"}
FRAMING_NAMES |= {"upgrade"}
NAMES = st.text(max_size=6) | st.text(alphabet=TCHARS + ':\t ()",;/@[]=?{}\\', max_size=6)


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(name=NAMES)
def test_a_header_is_sent_as_named_or_refused_naming_it(wire: str, name: str) -> None:
    """Any name: a token goes out as that one header; anything else is refused, unsent."""
    assume(name.lower() not in {"authorization", *FRAMING_NAMES})

    async def call(url: str) -> None:
        async with sdk(url, wire, timeout=httpx.Timeout(2.0), max_retries=0) as client:
            if _is_token(name):
                await client.balances.retrieve(extra_headers={name: "v"})
                return
            with pytest.raises(InvalidParameterError) as raised:
                await client.balances.retrieve(extra_headers={name: "v"})
            assert raised.value.field == f"extra_headers[{name!r}]"

    with serve(answering(Reply(body={"data": []}))) as server:
        asyncio.run(asyncio.wait_for(call(server.url), 10))
    if _is_token(name):
        assert len(server.seen) == 1
        sent = [value for key, value in server.seen[0].raw_headers if key.lower() == name.lower()]
        assert sent == ["v"]
    else:
        assert server.seen == []
