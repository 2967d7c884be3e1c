"""``make bench``: measure the SDK side by side against its baselines; write docs/benchmarks.md.

Not a test: nothing here asserts a timing. Each row runs its two variants in the same process,
interleaved round by round against the same sandbox, and reports their ratio.

1. Walking 400 payments in pages of 20 with 25 ms of simulated network latency per request:
   sequential pages vs ``prefetch=4``.
2. 300 ``GET /balances`` calls over loopback HTTP: the SDK (typed, with retries, error mapping
   and parsing) vs bare ``httpx`` with ``json()``.
3. 300 conversions in process: the same comparison for a POST with a body.
"""

from __future__ import annotations

import asyncio
import platform
import statistics
import sys
import time
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx

from payments_sdk import AsyncPaymentsClient
from payments_sdk.sandbox import Sandbox

OUT = Path(__file__).resolve().parent.parent / "docs" / "benchmarks.md"
ROUNDS = 5

Timed = Callable[[], Awaitable[None]]


class Latency:
    """ASGI middleware that delays every request, standing in for a real network."""

    def __init__(self, app: Any, seconds: float) -> None:
        self.app, self.seconds = app, seconds

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """Wait, then hand the request to the app."""
        await asyncio.sleep(self.seconds)
        await self.app(scope, receive, send)


async def _time(run: Timed) -> float:
    started = time.perf_counter()
    await run()
    return time.perf_counter() - started


async def side_by_side(first: Timed, second: Timed) -> tuple[float, float]:
    """Median seconds of each variant over ROUNDS interleaved rounds (after one warm-up)."""
    await first()
    await second()
    a, b = [], []
    for _ in range(ROUNDS):
        a.append(await _time(first))
        b.append(await _time(second))
    return statistics.median(a), statistics.median(b)


async def bench_prefetch() -> tuple[float, float]:
    """Sequential pages vs prefetch=4, with 25 ms latency per request."""
    box = Sandbox(seed_payments=400)
    http = httpx.AsyncClient(transport=httpx.ASGITransport(app=Latency(box.app, 0.025)))
    async with AsyncPaymentsClient(
        api_key=box.api_key, base_url="http://127.0.0.1/v1", http_client=http
    ) as client:

        async def walk(prefetch: int) -> None:
            count = sum([1 async for _ in client.payments.list(per_page=20, prefetch=prefetch)])
            assert count == 400

        result = await side_by_side(lambda: walk(0), lambda: walk(4))
    await http.aclose()
    return result


async def bench_overhead() -> tuple[float, float]:
    """SDK vs bare httpx for 300 GET /balances over loopback HTTP."""
    box = Sandbox()
    with box.serve() as url:
        headers = {"Authorization": f"Bearer {box.api_key}"}
        async with (
            AsyncPaymentsClient(api_key=box.api_key, base_url=url) as client,
            httpx.AsyncClient(headers=headers) as raw,
        ):

            async def sdk() -> None:
                for _ in range(300):
                    await client.balances.retrieve()

            async def bare() -> None:
                for _ in range(300):
                    response = await raw.get(f"{url}/balances")
                    response.raise_for_status()
                    response.json()

            return await side_by_side(bare, sdk)


async def bench_post_in_process() -> tuple[float, float]:
    """SDK vs bare httpx for 300 conversions through ASGITransport (no sockets)."""
    box = Sandbox()
    client = box.client()
    raw = httpx.AsyncClient(
        transport=httpx.ASGITransport(app=box.app),
        base_url="http://127.0.0.1/v1",
        headers={"Authorization": f"Bearer {box.api_key}"},
    )
    body = {"source_currency": "USD", "target_currency": "EUR", "source_amount": 100}

    async def sdk() -> None:
        for _ in range(300):
            await client.balance_conversions.create(
                source_currency="USD", target_currency="EUR", source_amount=100
            )

    async def bare() -> None:
        for _ in range(300):
            response = await raw.post("/balance_conversions", json=body)
            response.raise_for_status()
            response.json()

    result = await side_by_side(bare, sdk)
    await raw.aclose()
    await box.aclose()
    await client.aclose()
    return result


async def main() -> int:
    """Run every benchmark and write the report."""
    rows = []
    sequential, prefetched = await bench_prefetch()
    rows.append(
        (
            "walk 400 payments, 20 per page, 25 ms latency",
            f"sequential {sequential * 1000:.0f} ms",
            f"prefetch=4 {prefetched * 1000:.0f} ms",
            f"prefetch is {sequential / prefetched:.2f}x faster",
        )
    )
    bare, sdk = await bench_overhead()
    rows.append(
        (
            "300 x GET /balances, loopback HTTP",
            f"httpx {bare * 1000:.0f} ms",
            f"SDK {sdk * 1000:.0f} ms",
            f"SDK / httpx = {sdk / bare:.2f}",
        )
    )
    bare, sdk = await bench_post_in_process()
    rows.append(
        (
            "300 x POST /balance_conversions, in process",
            f"httpx {bare * 1000:.0f} ms",
            f"SDK {sdk * 1000:.0f} ms",
            f"SDK / httpx = {sdk / bare:.2f}",
        )
    )
    stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    lines = [
        "# Benchmarks",
        "",
        "Written by `make bench` (`examples/benchmark.py`). Each row runs both variants in one",
        f"process, interleaved over {ROUNDS} rounds after a warm-up; times are medians. Ratios are",
        "what matters: absolute times depend on the machine.",
        "",
        f"Last run: {stamp}, Python {platform.python_version()}, {platform.machine()}.",
        "",
        "| scenario | baseline | variant | ratio |",
        "|---|---|---|---|",
        *(f"| {a} | {b} | {c} | {d} |" for a, b, c, d in rows),
        "",
    ]
    OUT.write_text("\n".join(lines), encoding="utf-8")
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
