"""Concurrency: 1,000 concurrent ``orders.retrieve`` calls on one client with the default pool.

Against the sandbox in its own process, without and with 20 ms of latency. Every call must
succeed; failures are counted by exception type (a ``PoolTimeout`` would show up here as an
``APITimeoutError``). Raw httpx with the same connection limits makes the same burst, so the
effect of the SDK's gate in front of httpcore's queue shows as a ratio.
"""

from __future__ import annotations

import asyncio
import collections
import time
from collections.abc import Awaitable
from dataclasses import dataclass, field

import httpx

from payments_sdk import AsyncPaymentsClient
from payments_sdk._options import PACED_CONNECTIONS

from ._server import serving

RAW_HTTPX_LIMITS = httpx.Limits(
    max_connections=PACED_CONNECTIONS, max_keepalive_connections=PACED_CONNECTIONS
)
"""Raw httpx's pool in these comparisons: 20 connections, where httpcore runs fastest (its pool
rescans every queued request against every connection: benchmarks.md, finding 3), so the
baseline is raw httpx at its best, not at its default 100."""

CALLS = 1_000


@dataclass(frozen=True)
class Burst:
    """The outcome of one burst of concurrent calls."""

    client: str
    latency_ms: float
    calls: int
    seconds: float
    failures: dict[str, int] = field(default_factory=dict)

    @property
    def throughput(self) -> float:
        """Successful calls per second."""
        return (self.calls - sum(self.failures.values())) / self.seconds


async def _timed(calls: list[Awaitable[object]]) -> tuple[float, dict[str, int]]:
    started = time.perf_counter()
    results = await asyncio.gather(*calls, return_exceptions=True)
    seconds = time.perf_counter() - started
    failures = collections.Counter(type(r).__name__ for r in results if isinstance(r, Exception))
    return seconds, dict(failures)


async def _bursts(base_url: str, key: str, latency_ms: float) -> list[Burst]:
    async with (
        AsyncPaymentsClient(api_key=key, base_url=base_url) as client,
        httpx.AsyncClient(
            headers={"Authorization": f"Bearer {key}"}, limits=RAW_HTTPX_LIMITS
        ) as raw,
    ):
        orders = [
            await client.orders.create(amount=1_000 + n, currency="USD", payment_methods=["card"])
            for n in range(10)
        ]
        ids = [orders[n % len(orders)].id for n in range(CALLS)]

        async def raw_retrieve(order_id: str) -> object:
            response = await raw.get(f"{base_url}/orders/{order_id}")
            response.raise_for_status()
            return response.json()

        sdk_time, sdk_failures = await _timed([client.orders.retrieve(i) for i in ids])
        raw_time, raw_failures = await _timed([raw_retrieve(i) for i in ids])
    return [
        Burst("SDK (default pool)", latency_ms, CALLS, sdk_time, sdk_failures),
        Burst("raw httpx (same limits)", latency_ms, CALLS, raw_time, raw_failures),
    ]


def run() -> list[Burst]:
    """Run the bursts without and with latency."""
    bursts = []
    for latency_ms in (0.0, 20.0):
        with serving("sandbox", latency_ms=latency_ms) as (url, key):
            bursts += asyncio.run(_bursts(url, key, latency_ms))
    return bursts
