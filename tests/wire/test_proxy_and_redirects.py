"""Where a call goes: NO_PROXY read as httpx reads it, and no redirect followed, on both wires."""

from __future__ import annotations

import pytest

from payments_sdk import APIStatusError
from tests.support.wire_server import Reply, serve
from tests.wire.test_wire_promises import TRANSPORTS, answering, sdk


@pytest.mark.parametrize("transport", TRANSPORTS)
@pytest.mark.parametrize("entry", ["127.0.0.1:{port}", "localhost,127.0.0.1:{port}", "*"])
async def test_no_proxy_exempts_the_host(
    transport: str, entry: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A NO_PROXY entry naming the host with its port (or ``*``) sends straight to it."""
    with serve(answering(Reply(status=502))) as proxy, serve() as origin:
        monkeypatch.setenv("HTTP_PROXY", f"http://127.0.0.1:{proxy.port}")
        monkeypatch.delenv("no_proxy", raising=False)
        monkeypatch.setenv("NO_PROXY", entry.format(port=origin.port))
        async with sdk(origin.url, transport, max_retries=0) as client:
            await client.balances.retrieve()
        assert len(origin.seen) == 1 and not proxy.seen


@pytest.mark.parametrize("status", [302, 307, 308])
async def test_a_callers_client_that_follows_redirects_does_not_follow_the_sdks(
    status: int,
) -> None:
    """With follow_redirects=True on the caller's client, a 3xx to a POST is still one send."""
    redirect = Reply(status=status, headers={"location": "/v1/refunds"}, body=b"")
    with serve(answering(redirect, Reply(body={"id": "rfd_1"}))) as server:
        async with sdk(
            server.url, "httpx", http={"follow_redirects": True}, max_retries=0
        ) as client:
            with pytest.raises(APIStatusError) as raised:
                await client.refunds.create(payment_id="payt_1")
    assert raised.value.status_code == status
    assert "the SDK follows no redirect" in str(raised.value)
    assert len(server.seen) == 1


@pytest.mark.parametrize("transport", TRANSPORTS)
@pytest.mark.parametrize("condition", ["If-None-Match", "If-Modified-Since", None])
async def test_a_304_is_not_a_redirect(transport: str, condition: str | None) -> None:
    """304 Not Modified: an APIStatusError that says "not modified", sent once, ETag kept.

    A method returns a model only from a 2xx answer with a body; a 304 has none, so it raises,
    and a caller who sent a conditional header reads ``status_code`` and ``headers``.
    """
    unchanged = Reply(status=304, body=b"", exact_headers=[(b"etag", b'"v1"')])
    value = '"v1"' if condition == "If-None-Match" else "Sun, 01 Nov 2026 00:00:00 GMT"
    options = {"extra_headers": {condition: value}} if condition else {}
    with serve(answering(unchanged)) as server:
        async with sdk(server.url, transport, max_retries=2) as client:
            with pytest.raises(APIStatusError) as raised:
                await client.balances.retrieve(**options)  # type: ignore[arg-type]
    error = raised.value
    assert type(error) is APIStatusError and error.status_code == 304
    assert str(error).startswith("304 Not Modified: ")
    assert "redirect" not in str(error)
    assert (condition or "not conditional") in str(error)
    assert error.headers["etag"] == '"v1"'
    assert len(server.seen) == 1
