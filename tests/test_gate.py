"""The sender's gate: at most max_connections requests in the pool, the rest queue in order."""

from __future__ import annotations

import asyncio

import httpx
import pytest

from payments_sdk import APITimeoutError, AsyncPaymentsClient
from payments_sdk._options import DEFAULT_CONNECTION_LIMITS
from payments_sdk._secret import SecretKey
from payments_sdk._sender import Sender
from tests.conftest import BASE_URL, TEST_KEY


class Gauge:
    """An async handler that counts requests in flight and can hold them."""

    def __init__(self) -> None:
        self.inside = self.peak = self.served = 0
        self.release = asyncio.Event()

    async def __call__(self, request: httpx.Request) -> httpx.Response:
        self.inside += 1
        self.peak = max(self.peak, self.inside)
        try:
            await self.release.wait()
        finally:
            self.inside -= 1
        self.served += 1
        return httpx.Response(200, json={"n": self.served})


def _sender(pool: httpx.AsyncClient, gate: int, pool_timeout: float = 5.0) -> Sender:
    return Sender(
        pool=pool,
        root_url="http://127.0.0.1",
        api_key=SecretKey(TEST_KEY),
        headers={},
        timeout=httpx.Timeout(5.0, pool=pool_timeout),
        max_retries=0,
        gate=asyncio.Semaphore(gate),
    )


async def test_the_gate_bounds_requests_in_the_pool() -> None:
    """300 concurrent calls through a gate of 7: never more than 7 inside, all served."""
    gauge = Gauge()
    async with httpx.AsyncClient(transport=httpx.MockTransport(gauge)) as pool:
        sender = _sender(pool, gate=7)
        calls = [asyncio.ensure_future(sender.send("GET", "/v1/ping")) for _ in range(300)]
        for _ in range(50):  # let every call reach the gate or the handler
            await asyncio.sleep(0)
        assert gauge.inside == 7
        gauge.release.set()
        responses = await asyncio.gather(*calls)
    assert gauge.peak == 7 and gauge.served == 300
    assert all(r.status_code == 200 for r in responses)


async def test_waiting_at_the_gate_counts_against_the_pool_timeout() -> None:
    """A call that cannot get past a full gate in time is an APITimeoutError, not a hang."""
    gauge = Gauge()
    async with httpx.AsyncClient(transport=httpx.MockTransport(gauge)) as pool:
        client = AsyncPaymentsClient(
            api_key=TEST_KEY, base_url=BASE_URL, http_client=pool, max_retries=0
        )
        client._requestor._sender = _sender(pool, gate=1, pool_timeout=0.05)
        first = asyncio.ensure_future(client.request("GET", "/ping"))
        await asyncio.sleep(0.01)
        with pytest.raises(APITimeoutError, match="waiting for a free connection"):
            await client.request("GET", "/ping")
        gauge.release.set()
        assert await first == {"n": 1}


async def test_only_the_sdk_own_pool_is_gated() -> None:
    """The SDK's pool gets a gate sized to its limits; a caller's pool keeps its own rules."""
    async with AsyncPaymentsClient(api_key=TEST_KEY, base_url=BASE_URL) as own:
        assert own._gate is not None
        assert own.with_options(max_retries=0)._gate is own._gate
        for _ in range(DEFAULT_CONNECTION_LIMITS.max_connections or 0):
            await own._gate.acquire()
        assert own._gate.locked()
    async with (
        httpx.AsyncClient() as pool,
        AsyncPaymentsClient(api_key=TEST_KEY, base_url=BASE_URL, http_client=pool) as theirs,
    ):
        assert theirs._gate is None
