"""A kept-alive connection carries the next call only if it stayed silent, on both wires.

Servers behind load balancers close a connection right after an answer without
``Connection: close``; a call that follows at once must not be written into the dead socket
(a POST with ``max_retries=0`` failed with ``ServerDisconnectedError`` on the default wire and
looked like an outage). And bytes after a complete answer, in the same write or while the
connection is idle, must never be read as the next call's answer (a response desync: the next
call returned ``{"smuggled": true}``). The server here writes every byte itself
(tests/support/raw_socket_server.py); its close travels with the answer's last bytes, so
each verdict is the same however the threads are scheduled.
"""

from __future__ import annotations

import asyncio
import ssl
from pathlib import Path

import pytest
import trustme

from payments_sdk import (
    APIConnectionError,
    APIResponseValidationError,
    InternalServerError,
    instant_retries,
)
from tests.support.clients import sdk
from tests.support.raw_socket_server import LINUX, Answer, Heard, answer, raw_server
from tests.support.wire_server import serve

pytestmark = pytest.mark.skipif(not LINUX, reason="the raw server corks its answers (Linux)")

SMUGGLED = answer("200 OK", b'{"smuggled": true}')
CALLS = 12


def _closing(heard: Heard) -> Answer:
    return Answer(answer("200 OK", b'{"data": []}'), close=True)


async def test_a_post_after_the_server_closed_goes_on_a_new_connection(wire: str) -> None:
    """Back-to-back POSTs, never retried, all succeed though each answer closes its connection."""
    with raw_server(_closing) as server:
        async with sdk(server.url, wire, max_retries=0) as client:
            for _ in range(CALLS):
                assert await client.request("POST", "/customers") == {"data": []}
        server.wait_for(CALLS)
    assert len(server.seen) == CALLS  # each sent once
    assert server.closes > 0  # the case under test happened (the kernel held the cork)


async def test_a_get_answered_5xx_and_closed_is_sent_alike_on_both_wires(wire: str) -> None:
    """1 + max_retries sends, each on a new connection; none is written into a closed one."""

    def failing(heard: Heard) -> Answer:
        return Answer(answer("503 Service Unavailable", b'{"message": "down"}'), close=True)

    with raw_server(failing) as server:
        async with sdk(server.url, wire, max_retries=2) as client:
            with instant_retries(), pytest.raises(InternalServerError):
                await client.request("GET", "/balances")
        server.wait_for(3)
    assert len(server.seen) == 3


async def test_a_silent_connection_is_reused(wire: str) -> None:
    """The checks never cost keep-alive: calls in a row share one connection."""
    with raw_server(lambda _: Answer(answer("200 OK", b"{}"))) as server:
        async with sdk(server.url, wire) as client:
            for _ in range(CALLS):
                assert await client.request("GET", "/balances") == {}
    assert server.connections == 1


@pytest.mark.parametrize("timing", ["same-write", "idle-unread", "idle-read", "idle-part-read"])
async def test_bytes_after_an_answer_are_never_the_next_answer(wire: str, timing: str) -> None:
    """``{}`` then a whole second answer: the connection is dropped; every call gets ``{}``.

    ``same-write``: the second answer comes in the same write as the first. ``idle-unread``:
    it comes while the connection sits in the pool, and the next call follows before the event
    loop has read it. ``idle-read``: the loop may have read it first. ``idle-part-read``: only
    the start of a head comes. In every case the connection that carried the stray bytes is
    closed, and the calls after it share one new connection.
    """
    stray = b"HTTP/1.1 200 OK\r\nx-pad: " if timing == "idle-part-read" else SMUGGLED

    def desyncing(heard: Heard) -> Answer:
        if heard.connection > 1:
            return Answer(answer("200 OK", b"{}"))
        if timing == "same-write":
            return Answer(answer("200 OK", b"{}", extra=stray))
        return Answer(answer("200 OK", b"{}"), idle=stray)

    with raw_server(desyncing) as server:
        async with sdk(server.url, wire, max_retries=0) as client:
            assert await client.request("GET", "/balances") == {}
            if timing != "same-write":
                server.write_idle()  # returns once the client's kernel holds the bytes
                if timing.endswith("-read"):
                    await asyncio.sleep(0.05)
            for _ in range(3):
                assert await client.request("GET", "/balances") == {}
    assert len(server.seen) == 4
    assert server.connections == 2


async def test_bytes_left_by_a_short_content_length_do_not_fail_the_next_call(wire: str) -> None:
    """``Content-Length: 2`` before a longer body: that call fails, typed; the next is whole.

    (httpx reads ``{"`` and finds it is not JSON; aiohttp's parser fails on the bytes after
    it and never hands the answer over. Which typed error the first call raises is the
    framing rules' verdict; what is guaranteed here is that the next call never reads them.)
    """

    def short(heard: Heard) -> Answer:
        if heard.connection == 1:
            return Answer(answer("200 OK", b'{"', extra=b'"data": []}'))
        return Answer(answer("200 OK", b'{"data": []}'))

    with raw_server(short) as server:
        async with sdk(server.url, wire, max_retries=0) as client:
            with pytest.raises((APIResponseValidationError, APIConnectionError)):
                await client.request("GET", "/balances")
            for _ in range(3):
                assert await client.request("GET", "/balances") == {"data": []}
    assert len(server.seen) == 4


async def test_a_silent_tls_connection_is_reused(
    wire: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Over TLS too: the socket check never mistakes TLS's own records for stray bytes."""
    authority = trustme.CA()
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    authority.issue_cert("127.0.0.1").configure_cert(context)
    ca_file = tmp_path / "ca.pem"
    authority.cert_pem.write_to_path(str(ca_file))
    monkeypatch.setenv("SSL_CERT_FILE", str(ca_file))
    with serve(tls=context) as server:
        async with sdk(server.url, wire) as client:
            for _ in range(CALLS):
                await client.balances.retrieve()
    assert len(server.seen) == CALLS
    assert server.connections == 1
