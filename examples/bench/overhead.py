"""Per-call overhead: AsyncPaymentsClient against raw ``httpx.AsyncClient`` + ``json()``.

Both clients talk to the same loopback server (a separate process), with the same connection
limits, interleaved round by round. Two servers: the sandbox (a realistic server that does
work per request) and a static app (fixed bytes, so nearly all the time is the client's).
Then the CPU time per call of each client, in process over ``httpx.MockTransport``.
"""

from __future__ import annotations

import asyncio
import statistics
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass

import httpx

from payments_sdk import AsyncPaymentsClient
from payments_sdk.sandbox import Sandbox

from ._server import PAGE_SIZE, canned_bodies, serving
from .concurrency import RAW_HTTPX_LIMITS as LIMITS

ROUNDS = 5

Call = Callable[[], Awaitable[object]]


@dataclass(frozen=True)
class Pair:
    """One scenario measured for both clients: calls per second, or µs of CPU per call."""

    scenario: str
    raw: float
    sdk: float
    unit: str

    @property
    def ratio(self) -> float:
        """SDK relative to raw httpx; above 1 means the SDK does better."""
        return self.sdk / self.raw if self.unit == "calls/s" else self.raw / self.sdk


def _calls(raw: httpx.AsyncClient, sdk: AsyncPaymentsClient, base_url: str) -> dict[str, Call]:
    async def raw_balances() -> object:
        response = await raw.get(f"{base_url}/balances")
        response.raise_for_status()
        return response.json()

    async def raw_page() -> object:
        response = await raw.get(f"{base_url}/payments", params={"per_page": PAGE_SIZE})
        response.raise_for_status()
        return response.json()

    async def sdk_balances() -> object:
        return await sdk.balances.retrieve()

    async def sdk_page() -> object:
        return await sdk.payments.list(per_page=PAGE_SIZE)

    async def sdk_page_dicts() -> object:
        return await sdk.request("GET", "/payments", params={"per_page": PAGE_SIZE})

    return {
        "sdk page dicts": sdk_page_dicts,
        "raw balances": raw_balances,
        "raw page": raw_page,
        "sdk balances": sdk_balances,
        "sdk page": sdk_page,
    }


async def _throughput(call: Call, total: int, concurrency: int) -> float:
    """Return calls per second for ``total`` calls made by ``concurrency`` workers."""
    per_worker = total // concurrency

    async def worker() -> None:
        for _ in range(per_worker):
            await call()

    started = time.perf_counter()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    return per_worker * concurrency / (time.perf_counter() - started)


async def _side_by_side(raw: Call, sdk: Call, total: int, concurrency: int) -> tuple[float, float]:
    await _throughput(raw, concurrency * 4, concurrency)  # warm up: connections, caches
    await _throughput(sdk, concurrency * 4, concurrency)
    raws, sdks = [], []
    for _ in range(ROUNDS):
        raws.append(await _throughput(raw, total, concurrency))
        sdks.append(await _throughput(sdk, total, concurrency))
    return statistics.median(raws), statistics.median(sdks)


async def loopback(mode: str) -> list[Pair]:
    """Throughput of both clients against one loopback server, sequential and 64-concurrent."""
    pairs = []
    with serving(mode) as (base_url, key):
        async with (
            httpx.AsyncClient(headers={"Authorization": f"Bearer {key}"}, limits=LIMITS) as raw,
            AsyncPaymentsClient(api_key=key, base_url=base_url) as sdk,
        ):
            calls = _calls(raw, sdk, base_url)
            rows = (
                ("balances", "GET /balances", 640),
                ("page", "GET /payments (100 items)", 192),
                ("page dicts", "GET /payments (100 items) as dicts via client.request()", 192),
            )
            for what, label, total in rows:
                raw_call, sdk_call = calls[f"raw {what.split()[0]}"], calls[f"sdk {what}"]
                for concurrency in (1, 64):
                    r, s = await _side_by_side(raw_call, sdk_call, total, concurrency)
                    how = "sequential" if concurrency == 1 else "64 concurrent"
                    pairs.append(Pair(f"{mode}: {label}, {how}", r, s, "calls/s"))
    return pairs


async def cpu_per_call() -> list[Pair]:
    """CPU µs per call of each client with an in-process transport that returns fixed bodies."""
    sandbox = Sandbox(seed_payments=PAGE_SIZE)
    bodies = await canned_bodies(sandbox)

    def answer(request: httpx.Request) -> httpx.Response:
        return httpx.Response(
            200, content=bodies[request.url.path], headers={"content-type": "application/json"}
        )

    base_url = "http://127.0.0.1/v1"
    pairs = []
    async with (
        httpx.AsyncClient(
            transport=httpx.MockTransport(answer), headers={"Authorization": "Bearer x"}
        ) as raw,
        httpx.AsyncClient(transport=httpx.MockTransport(answer)) as pool,
        AsyncPaymentsClient(api_key=sandbox.api_key, base_url=base_url, http_client=pool) as sdk,
    ):
        calls = _calls(raw, sdk, base_url)
        for what, label, count in (
            ("balances", "GET /balances", 2000),
            ("page", "GET /payments (100 items)", 300),
        ):
            raws, sdks = [], []
            for _ in range(ROUNDS):
                raws.append(await _cpu_us(calls[f"raw {what}"], count))
                sdks.append(await _cpu_us(calls[f"sdk {what}"], count))
            pairs.append(
                Pair(
                    f"in process: {label}",
                    statistics.median(raws),
                    statistics.median(sdks),
                    "CPU µs/call",
                )
            )
    return pairs


async def _cpu_us(call: Call, count: int) -> float:
    for _ in range(count // 10):
        await call()
    started = time.process_time()
    for _ in range(count):
        await call()
    return (time.process_time() - started) / count * 1e6
