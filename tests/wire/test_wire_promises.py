"""The wire's promises, over both transports, against a real server on 127.0.0.1.

Every test runs twice: on the SDK's default wire (aiohttp) and on a caller's
``http_client=httpx.AsyncClient()``. What they check: exact send counts, every timeout, the key
kept out of every exception, no cookies, no redirects, proxies from the environment, TLS
verification, gzip, connection limits and keep-alive.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import ssl
from collections.abc import AsyncIterator, Iterator
from typing import Any

import httpx
import pytest
import trustme
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from payments_sdk import (
    APIConnectionError,
    APIStatusError,
    APITimeoutError,
    AsyncPaymentsClient,
    InternalServerError,
    PaymentsError,
    instant_retries,
)
from payments_sdk._options import PACED_CONNECTIONS
from tests.support.clients import default_tls
from tests.support.keyscan import KEY, key_leaks
from tests.support.wire_server import DROP, Reply, Seen, serve, until

TRANSPORTS = ["aiohttp", "httpx"]
CALLERS_LIMIT = 20
"""The connection limit the tests give a caller's httpx client (httpx's pool slows with more)."""


def limit_of(transport: str) -> int:
    """The connection limit on ``transport``: the SDK's own pool's, or the caller's client's."""
    return PACED_CONNECTIONS if transport == "aiohttp" else CALLERS_LIMIT


@pytest.fixture(params=TRANSPORTS)
def transport(request: pytest.FixtureRequest) -> str:
    """The wire under test: the SDK's default, or a caller's httpx client."""
    return str(request.param)


@contextlib.asynccontextmanager
async def sdk(
    url: str, transport: str, *, http: dict[str, Any] | None = None, **options: Any
) -> AsyncIterator[AsyncPaymentsClient]:
    """A client for ``url`` on ``transport``; ``http`` configures the caller's httpx client."""
    if transport == "httpx":
        async with (
            httpx.AsyncClient(**{"verify": default_tls(), **(http or {})}) as pool,
            AsyncPaymentsClient(api_key=KEY, base_url=url, http_client=pool, **options) as client,
        ):
            yield client
    else:
        async with AsyncPaymentsClient(api_key=KEY, base_url=url, **options) as client:
            yield client


def answering(*replies: Any) -> Any:
    """A script that gives ``replies`` in turn, then repeats the last one."""
    queue = list(replies)

    async def script(_: Seen) -> Any:
        return queue.pop(0) if len(queue) > 1 else queue[0]

    return script


# -- sends, retries, counts --------------------------------------------------------------------


async def test_a_call_reads_the_typed_answer_and_sends_the_key_once(transport: str) -> None:
    """A GET returns the typed model; the server saw one request with the bearer key."""
    body = {"data": [{"currency": "USD", "amount": 1250}]}
    with serve(answering(Reply(body=body))) as server:
        async with sdk(server.url, transport) as client:
            balances = await client.balances.retrieve()
            raw = await client.with_raw_response.balances.retrieve()
    assert balances.data[0].amount == 1250
    assert raw.status_code == 200 and raw.headers["content-type"] == "application/json"
    assert raw.http_response.request.headers["authorization"] == "Bearer ***"
    assert [s.target for s in server.seen] == ["/v1/balances", "/v1/balances"]
    assert server.seen[0].headers["authorization"] == f"Bearer {KEY}"


@pytest.mark.parametrize(
    ("method", "status", "sends"),
    [("GET", 503, 3), ("GET", 500, 3), ("POST", 500, 1), ("POST", 429, 3), ("GET", 400, 1)],
)
async def test_exact_send_counts(transport: str, method: str, status: int, sends: int) -> None:
    """max_retries=2: idempotent 5xx and any 429 are sent 3 times, a failed POST once."""
    with serve(answering(Reply(status=status, body={"error": "x", "message": "y"}))) as server:
        async with sdk(server.url, transport) as client:
            with instant_retries(), pytest.raises(APIStatusError) as raised:
                await client.request(method, "/ping")
    assert raised.value.status_code == status
    assert len(server.seen) == sends


@pytest.mark.parametrize(("method", "sends"), [("GET", 3), ("POST", 1)])
async def test_a_dropped_connection_is_resent_only_when_idempotent(
    transport: str, method: str, sends: int
) -> None:
    """The server read the request and hung up: GET is resent, POST never is."""
    with serve(answering(DROP)) as server:
        async with sdk(server.url, transport) as client:
            with instant_retries(), pytest.raises(APIConnectionError) as raised:
                await client.request(method, "/ping")
    assert len(server.seen) == sends
    assert not isinstance(raised.value, APITimeoutError)
    assert not key_leaks(raised.value)


async def test_a_refused_connection_names_the_host(transport: str) -> None:
    """Nothing listens: APIConnectionError naming host and port, retried as never sent."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # closed again before the call: nothing listens
    async with sdk(f"http://127.0.0.1:{port}/v1", transport) as client:
        with instant_retries(), pytest.raises(APIConnectionError) as raised:
            await client.request("POST", "/ping")
    assert f"127.0.0.1:{port}" in str(raised.value)
    assert "after 2 retries" in str(raised.value)  # never sent: even a POST is retried
    assert not key_leaks(raised.value)


# -- timeouts ----------------------------------------------------------------------------------


async def test_read_timeout(transport: str) -> None:
    """A server slower than the read timeout: APITimeoutError, the request sent 1 + 0 times."""
    with serve(answering(Reply(delay=2.0))) as server:
        async with sdk(server.url, transport, timeout=httpx.Timeout(5.0, read=0.2)) as client:
            with pytest.raises(APITimeoutError) as raised:
                await client.with_options(max_retries=0).balances.retrieve()
    assert len(server.seen) == 1
    assert not key_leaks(raised.value)


@contextlib.contextmanager
def unanswered_listener() -> Iterator[int]:
    """A port whose accept queue is full, so that a new connection attempt hangs."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(0)
    port = listener.getsockname()[1]
    fillers = []
    try:
        for _ in range(4):  # fill the accept queue; later SYNs are dropped, not refused
            filler = socket.socket()
            filler.setblocking(False)
            with contextlib.suppress(BlockingIOError):
                filler.connect(("127.0.0.1", port))
            fillers.append(filler)
        yield port
    finally:
        for filler in fillers:
            filler.close()
        listener.close()


async def test_connect_timeout(transport: str) -> None:
    """A connection that is never accepted: APITimeoutError from the connect timeout."""
    with unanswered_listener() as port:
        timeout = httpx.Timeout(5.0, connect=0.2)
        async with sdk(f"http://127.0.0.1:{port}/v1", transport, timeout=timeout) as client:
            with pytest.raises(APITimeoutError, match="timed out"):
                await client.with_options(max_retries=0).ping()


async def test_pool_timeout(transport: str) -> None:
    """Every connection busy past the pool timeout: APITimeoutError, the request never sent."""

    async def slow(_: Seen) -> Reply:
        await server.wait_gate()
        return Reply()

    limit = limit_of(transport)
    http = {"limits": httpx.Limits(max_connections=limit)}
    with serve(slow) as server:
        timeout = httpx.Timeout(5.0, pool=0.2)
        async with sdk(server.url, transport, http=http, timeout=timeout, max_retries=0) as client:
            busy = [asyncio.ensure_future(client.ping()) for _ in range(limit)]
            await until(lambda: len(server.seen) >= limit)
            with pytest.raises(APITimeoutError):
                await client.ping()
            server.release()
            await asyncio.gather(*busy)
    assert len(server.seen) == limit


async def test_total_timeout(transport: str) -> None:
    """total_timeout bounds a call that keeps being retried."""
    with serve(answering(Reply(status=503, headers={"retry-after": "30"}))) as server:
        async with sdk(server.url, transport, total_timeout=0.3) as client:
            with pytest.raises(APITimeoutError, match="total_timeout"):
                await client.balances.retrieve()
    assert len(server.seen) == 1


# -- what is sent and followed -----------------------------------------------------------------


async def test_no_cookies_are_kept_or_sent(transport: str) -> None:
    """A Set-Cookie from the service is never sent back."""
    cookie = Reply(headers={"set-cookie": "session=abc; Path=/"}, body={"data": []})
    with serve(answering(cookie)) as server:
        async with sdk(server.url, transport) as client:
            await client.balances.retrieve()
            await client.balances.retrieve()
    assert all("cookie" not in seen.headers for seen in server.seen)


async def test_a_redirect_is_not_followed_and_names_its_location(transport: str) -> None:
    """A 301 to another origin: one request, an error naming the Location, no key sent on."""
    with serve() as elsewhere:
        moved = Reply(status=301, headers={"location": elsewhere.url + "/balances"}, body=b"")
        with serve(answering(moved)) as server:
            async with sdk(server.url, transport) as client:
                with pytest.raises(APIStatusError) as raised:
                    await client.balances.retrieve()
    assert raised.value.status_code == 301
    assert elsewhere.url + "/balances" in str(raised.value)
    assert len(server.seen) == 1 and not elsewhere.seen
    assert not key_leaks(raised.value)


async def test_gzip_answers_are_decoded(transport: str) -> None:
    """A gzip-encoded body is decoded; the raw response still reads as JSON."""
    body = {"data": [{"currency": "EUR", "amount": 7}]}
    with serve(answering(Reply(body=body, gzip=True))) as server:
        async with sdk(server.url, transport) as client:
            raw = await client.with_raw_response.balances.retrieve()
    assert raw.parse().data[0].amount == 7
    assert raw.http_response.json() == body
    assert "gzip" in server.seen[0].headers["accept-encoding"]


async def test_proxies_come_from_the_environment(
    transport: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """HTTP_PROXY routes the call through the proxy; NO_PROXY exempts the host."""
    body = {"data": [{"currency": "GBP", "amount": 3}]}
    with serve(answering(Reply(body=body))) as proxy, serve() as origin:
        monkeypatch.setenv("HTTP_PROXY", f"http://127.0.0.1:{proxy.port}")
        monkeypatch.delenv("NO_PROXY", raising=False)
        monkeypatch.delenv("no_proxy", raising=False)
        async with sdk(origin.url, transport) as client:
            balances = await client.balances.retrieve()
        assert balances.data[0].amount == 3
        assert proxy.seen[0].target == origin.url + "/balances"  # absolute form: a proxy
        assert not origin.seen
        monkeypatch.setenv("NO_PROXY", "127.0.0.1")
        async with sdk(origin.url, transport) as client:
            await client.balances.retrieve()
        assert len(origin.seen) == 1 and len(proxy.seen) == 1


@pytest.fixture(scope="module")
def authority() -> trustme.CA:
    """A throwaway certificate authority."""
    return trustme.CA()


async def test_tls_is_verified(
    transport: str, authority: trustme.CA, monkeypatch: pytest.MonkeyPatch, tmp_path: Any
) -> None:
    """An untrusted certificate fails; trusting its CA (SSL_CERT_FILE) makes the call work."""
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    authority.issue_cert("127.0.0.1").configure_cert(context)
    with serve(tls=context) as server:
        async with sdk(server.url, transport) as client:
            with instant_retries(), pytest.raises(APIConnectionError) as raised:
                await client.balances.retrieve()
        assert "certificate" in str(raised.value).lower()
        assert not server.seen
        ca_file = tmp_path / "ca.pem"
        authority.cert_pem.write_to_path(str(ca_file))
        monkeypatch.setenv("SSL_CERT_FILE", str(ca_file))
        async with sdk(server.url, transport) as client:
            await client.balances.retrieve()
    assert len(server.seen) == 1


# -- connections -------------------------------------------------------------------------------


async def test_connection_limit_under_three_times_as_many_calls(transport: str) -> None:
    """Three times as many concurrent calls as connections: each succeeds, within the limit."""
    limit = limit_of(transport)
    http = {"limits": httpx.Limits(max_connections=limit)}
    with serve() as server:
        async with sdk(server.url, transport, http=http) as client:
            calls = 3 * limit
            results = await asyncio.gather(*(client.balances.retrieve() for _ in range(calls)))
    assert len(results) == calls
    assert server.connections <= limit
    assert server.peak_in_flight <= limit


async def test_sequential_calls_keep_one_connection_alive(transport: str) -> None:
    """Ten calls one after another travel on one connection."""
    with serve() as server:
        async with sdk(server.url, transport) as client:
            for _ in range(10):
                await client.balances.retrieve()
    assert {seen.connection for seen in server.seen} == {1}


async def test_idle_connections_expire_before_the_server_closes_them(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A POST after an idle pause goes on a fresh connection, not one the server just closed.

    The server closes idle connections after 0.5 s; the SDK's own pool expires them sooner
    (scaled down here from 4 s against uvicorn's 5 s), so the POST, which must not be
    resent, is never written into a closed connection.
    """
    monkeypatch.setattr("payments_sdk._aiohttp_wire.KEEPALIVE_EXPIRY", 0.3)
    with serve(answering(Reply(status=201, body={})), idle_timeout=0.5) as server:
        async with AsyncPaymentsClient(api_key=KEY, base_url=server.url) as client:
            for _ in range(3):
                await client.request("POST", "/ping", json={})
                await asyncio.sleep(0.5)
    assert [seen.connection for seen in server.seen] == [1, 2, 3]


def test_the_default_idle_expiry_is_below_common_server_timeouts() -> None:
    """The SDK's own pool keeps idle connections less than uvicorn's and Node's 5 s."""
    from payments_sdk._aiohttp_wire import KEEPALIVE_EXPIRY

    assert 0 < KEEPALIVE_EXPIRY < 5


async def test_an_error_answer_keeps_its_headers_and_body(transport: str) -> None:
    """A 500 carries the service's body and headers, none of them with the key."""
    reply = Reply(status=500, body={"error": "Internal", "message": KEY}, headers={"x-k": KEY})
    with serve(answering(reply)) as server:
        async with sdk(server.url, transport, max_retries=0) as client:
            with pytest.raises(InternalServerError) as raised:
                await client.balances.retrieve()
    assert raised.value.error == "Internal"
    assert not key_leaks(raised.value)


# -- hostile answers ---------------------------------------------------------------------------

_STATUS = st.sampled_from([200, 201, 204, 301, 304, 400, 404, 418, 429, 500, 503, 599])
_ENCODING = st.sampled_from(["", "gzip", "deflate", "br", "identity", "x-junk", "gzip, gzip"])
_HEADER_TEXT = st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7E), max_size=40)
_BODY = st.one_of(
    st.binary(max_size=200),
    st.sampled_from([b"", b"{", b'{"data": [', b'{"data": [{"currency": "USD", ', b"null"]),
    st.builds(lambda b: b + KEY.encode(), st.binary(max_size=20)),
)


def _raw_reply(status: int, encoding: str, retry_after: str, body: bytes, length: int) -> bytes:
    lines = [f"HTTP/1.1 {status} X", "content-type: application/json", f"content-length: {length}"]
    if encoding:
        lines.append(f"content-encoding: {encoding}")
    if retry_after:
        lines.append(f"retry-after: {retry_after}")
    return ("\r\n".join(lines) + "\r\n\r\n").encode() + body


@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    status=_STATUS,
    encoding=_ENCODING,
    retry_after=_HEADER_TEXT,
    body=_BODY,
    length_shift=st.sampled_from([0, 0, 0, -1, 1, 50]),
)
def test_hostile_answers_raise_only_sdk_errors_without_the_key(
    transport: str, status: int, encoding: str, retry_after: str, body: bytes, length_shift: int
) -> None:
    """Any status, encoding, Retry-After, body and wrong length: only SDK errors, never the key."""
    raw = _raw_reply(status, encoding, retry_after, body, max(0, len(body) + length_shift))

    async def call(url: str) -> None:
        async with sdk(url, transport, timeout=httpx.Timeout(2.0)) as client:
            with instant_retries():
                await client.balances.retrieve()

    with serve(answering(Reply(raw=raw))) as server:
        try:
            asyncio.run(call(server.url))
        except PaymentsError as exc:
            assert not key_leaks(exc)
