"""The two wires send and read alike: headers, bodyless requests, encodings, error bodies.

Every test runs on both wires (the ``make_client`` fixture): a caller's httpx client, and the
SDK's default aiohttp wire against the same handler over loopback.
"""

from __future__ import annotations

import httpx
import pytest

from payments_sdk import APIResponseValidationError, BadRequestError
from tests.conftest import MakeClient
from tests.support.schema_values import answered

REFUND = answered("refunds.create", {"id": "rfnd_1", "status": "pending", "payment_id": "payt_1"})
BALANCES = answered("balances.retrieve", {"data": [{"currency": "USD", "amount": 5}]})


def created(_: httpx.Request) -> httpx.Response:
    return httpx.Response(201, json=REFUND)


@pytest.mark.parametrize("name", ["content-type", "CONTENT-TYPE", "Content-type"])
async def test_the_callers_content_type_wins_in_any_case(
    name: str, make_client: MakeClient
) -> None:
    """extra_headers' Content-Type replaces the operation's: one header, the caller's value."""
    client, recorder = make_client(created)
    await client.refunds.create(
        payment_id="payt_1", extra_headers={name: "application/vnd.test+json"}
    )
    assert recorder.last.headers.get_list("content-type") == ["application/vnd.test+json"]


async def test_an_extra_header_replaces_a_default_header_in_any_case(
    make_client: MakeClient,
) -> None:
    client, recorder = make_client(created, default_headers={"X-Source": "client"})
    await client.refunds.create(payment_id="payt_1", extra_headers={"x-SOURCE": "call"})
    assert recorder.last.headers.get_list("x-source") == ["call"]


async def test_a_bodyless_post_has_no_content_type(make_client: MakeClient) -> None:
    client, recorder = make_client(lambda _: httpx.Response(200, json={"ok": True}))
    await client.request("POST", "/customers")
    assert "content-type" not in recorder.last.headers
    assert recorder.last.content == b""


@pytest.mark.parametrize("method", ["GET", "POST"])
async def test_an_answer_in_an_encoding_that_cannot_be_decoded(
    method: str, make_client: MakeClient
) -> None:
    """``br`` (brotli is not installed): the same error on both wires, and never resent."""

    def brotli(_: httpx.Request) -> httpx.Response:
        return httpx.Response(
            200, headers={"content-encoding": "br"}, content=b"\x8b\x01\x80{}\x03"
        )

    client, recorder = make_client(brotli)
    with pytest.raises(APIResponseValidationError) as raised:
        await client.request(method, "/customers")
    assert "could not be read" in str(raised.value)
    assert len(recorder.requests) == 1


@pytest.mark.parametrize(
    "content_type", ["text/plain", "Text/Plain; charset=UTF-8", "TEXT/PLAIN", "text/plain ;q=1"]
)
async def test_a_plain_text_error_body_is_the_message_in_any_case(
    content_type: str, make_client: MakeClient
) -> None:
    def refused(_: httpx.Request) -> httpx.Response:
        return httpx.Response(
            400, headers={"content-type": content_type}, content=b"payment_id is unknown"
        )

    client, _ = make_client(refused)
    with pytest.raises(BadRequestError) as raised:
        await client.refunds.create(payment_id="payt_1")
    assert raised.value.message == "payment_id is unknown"


async def test_a_none_query_value_is_left_out(make_client: MakeClient) -> None:
    client, recorder = make_client(lambda _: httpx.Response(200, json=BALANCES))
    await client.balances.retrieve(extra_query={"expand": None, "keep": "1"})
    await client.request("GET", "/customers", params={"a": None, "b": [None, "x"]})
    first, second = recorder.requests
    assert first.url.query == b"keep=1"
    assert second.url.query == b"b=x"
