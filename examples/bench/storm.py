"""Bursts under 429s: how long a storm lasts, what the service sees, and the slowest call.

Two scenes, with real waits (no ``instant_retries()``):

- **the storm**: 64 concurrent ``orders.retrieve()`` against a loopback server that answers
  every request ``429 Retry-After: 1``, ``max_retries=2``, on both of the SDK's wires, beside
  raw aiohttp with the retry loop a user writes by hand (up to two retries, each after the
  ``Retry-After``);
- **the fault burst**: 100 concurrent ``refunds.create()`` against the sandbox on loopback,
  whose faults answer 25 of them ``429 Retry-After: 1``.

Each row gives the wall time, the requests the server saw, the slowest call and the outcomes.
Run alone with ``python -m bench --only storm`` (from ``examples/``).
"""

from __future__ import annotations

import asyncio
import collections
import socket
import threading
import time
from collections.abc import Awaitable, Callable, Coroutine, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import aiohttp
import httpx

from payments_sdk import AsyncPaymentsClient
from payments_sdk.sandbox import Sandbox

CALLS = 64
MAX_RETRIES = 2
RETRY_AFTER = 1
REFUNDS = 100
REFUSED = 25


@dataclass(frozen=True)
class Storm:
    """One row: a client's burst and what it cost."""

    scene: str
    client: str
    seconds: float
    requests: int
    slowest: float
    outcomes: dict[str, int] = field(default_factory=dict)


class _Always429:
    """A loopback HTTP/1.1 server, in a thread, answering every request 429 Retry-After."""

    def __init__(self) -> None:
        self.requests = 0
        self._sock = socket.create_server(("127.0.0.1", 0), backlog=256)
        self.url = f"http://127.0.0.1:{self._sock.getsockname()[1]}/v1"
        self._loop = asyncio.new_event_loop()
        self._thread = threading.Thread(target=self._loop.run_forever, daemon=True)
        self._handlers: set[asyncio.Task[None]] = set()

    async def _serve(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        if task is not None:
            self._handlers.add(task)
        answer = (
            b"HTTP/1.1 429 Too Many Requests\r\ncontent-type: application/json\r\n"
            b"retry-after: %d\r\ncontent-length: 2\r\n\r\n{}" % RETRY_AFTER
        )
        try:
            while await reader.readuntil(b"\r\n\r\n"):  # GETs: a head and no body
                self.requests += 1
                writer.write(answer)
                await writer.drain()
        except (asyncio.IncompleteReadError, ConnectionError, asyncio.CancelledError):
            pass
        finally:
            writer.close()
            self._handlers.discard(task)

    async def _shutdown(self, server: asyncio.Server) -> None:
        server.close()
        for task in list(self._handlers):
            task.cancel()
        await asyncio.gather(*self._handlers, return_exceptions=True)

    @contextmanager
    def running(self) -> Iterator[_Always429]:
        """Serve until the block ends."""
        self._thread.start()
        server = asyncio.run_coroutine_threadsafe(
            asyncio.start_server(self._serve, sock=self._sock), self._loop
        ).result()
        try:
            yield self
        finally:
            asyncio.run_coroutine_threadsafe(self._shutdown(server), self._loop).result(10)
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(timeout=10)
            self._loop.close()


async def _burst(calls: list[Callable[[], Awaitable[object]]]) -> tuple[float, float, list[str]]:
    """Run the calls at once; return the wall time, the slowest call and each outcome."""

    async def timed(call: Callable[[], Awaitable[object]]) -> tuple[float, str]:
        started = time.perf_counter()
        try:
            await call()
        except Exception as exc:  # the outcome is what is reported
            return time.perf_counter() - started, type(exc).__name__
        return time.perf_counter() - started, "ok"

    started = time.perf_counter()
    results = await asyncio.gather(*(timed(call) for call in calls))
    return (
        time.perf_counter() - started,
        max(took for took, _ in results),
        [outcome for _, outcome in results],
    )


async def _sdk_storm(url: str, wire: str) -> tuple[float, float, list[str]]:
    http = httpx.AsyncClient() if wire == "httpx" else None
    try:
        async with AsyncPaymentsClient(
            api_key="bench.key.only", base_url=url, max_retries=MAX_RETRIES, http_client=http
        ) as client:
            return await _burst([partial(client.orders.retrieve, f"ord_{n}") for n in range(CALLS)])
    finally:
        if http is not None:
            await http.aclose()


async def _raw_storm(url: str) -> tuple[float, float, list[str]]:
    """Raw aiohttp with the retry loop a user writes: wait the Retry-After, up to 2 retries."""
    async with aiohttp.ClientSession() as session:

        async def retrieve(n: int) -> object:
            for attempt in range(MAX_RETRIES + 1):
                async with session.get(f"{url}/orders/ord_{n}") as response:
                    if response.status != 429:
                        response.raise_for_status()
                        return await response.json()
                    wait = float(response.headers.get("retry-after", RETRY_AFTER))
                if attempt < MAX_RETRIES:
                    await asyncio.sleep(wait)
            raise RuntimeError("rate limited")

        return await _burst([partial(retrieve, n) for n in range(CALLS)])


async def _fault_burst(sandbox: Sandbox, url: str, wire: str) -> tuple[float, float, list[str]]:
    payments = [sandbox.simulate_payment(amount=500)["id"] for _ in range(REFUNDS)]
    sandbox.faults.clear()
    sandbox.faults.fail("refunds.create", status=429, times=REFUSED, retry_after=RETRY_AFTER)
    http = httpx.AsyncClient() if wire == "httpx" else None
    try:
        async with AsyncPaymentsClient(
            api_key=sandbox.api_key, base_url=url, http_client=http
        ) as client:
            return await _burst([partial(client.refunds.create, payment_id=p) for p in payments])
    finally:
        if http is not None:
            await http.aclose()


def run() -> list[Storm]:
    """Measure both scenes, on every client."""
    rows: list[Storm] = []
    storm = f"{CALLS} calls, every answer 429 Retry-After: 1, max_retries={MAX_RETRIES}"
    Scene = Callable[[str], Coroutine[Any, Any, tuple[float, float, list[str]]]]
    runs: list[tuple[str, Scene]] = [
        ("SDK (aiohttp wire)", lambda url: _sdk_storm(url, "aiohttp")),
        ("SDK (httpx wire)", lambda url: _sdk_storm(url, "httpx")),
        ("raw aiohttp, hand-written retries", _raw_storm),
    ]
    for client, scene in runs:
        with _Always429().running() as server:
            seconds, slowest, outcomes = asyncio.run(scene(server.url))
            rows.append(_row(storm, client, seconds, server.requests, slowest, outcomes))
    faults = f"{REFUNDS} refunds, the sandbox answers {REFUSED} of them 429 Retry-After: 1"
    for wire in ("aiohttp", "httpx"):
        sandbox = Sandbox(seed_payments=0)
        with sandbox.serve() as url:
            seconds, slowest, outcomes = asyncio.run(_fault_burst(sandbox, url, wire))
            requests = sandbox.faults.calls("refunds.create")
        rows.append(_row(faults, f"SDK ({wire} wire)", seconds, requests, slowest, outcomes))
    return rows


def _row(
    scene: str, client: str, seconds: float, requests: int, slowest: float, outcomes: list[str]
) -> Storm:
    return Storm(scene, client, seconds, requests, slowest, dict(collections.Counter(outcomes)))


def section(rows: list[Storm]) -> list[str]:
    """Return the report's section on bursts under 429s."""
    lines = [
        "## Bursts under 429s",
        "",
        "Real waits, a real server on 127.0.0.1 (`bench/storm.py`). Each attempt waits at most",
        "once (docs/retries.md), so a call ends within its own schedule: with `max_retries=2`",
        "and `Retry-After: 1`, three waits of at most 1.25 s, plus time on the wire.",
        "",
        "| scene | client | wall time | requests | slowest call | outcomes |",
        "|---|---|---|---|---|---|",
    ]
    for row in rows:
        outcomes = ", ".join(f"{name} {count}" for name, count in sorted(row.outcomes.items()))
        lines.append(
            f"| {row.scene} | {row.client} | {row.seconds:.2f} s | {row.requests} | "
            f"{row.slowest:.2f} s | {outcomes} |"
        )
    return lines


def goal(rows: list[Storm]) -> tuple[str, str, bool]:
    """Return the summary row: each SDK call of the storm on schedule, at most 96 requests."""
    bound = (MAX_RETRIES + 1) * RETRY_AFTER * 1.25
    sdk = [row for row in rows if row.client.startswith("SDK") and "every answer" in row.scene]
    slowest = max(row.slowest for row in sdk)
    most = max(row.requests for row in sdk)
    ok = slowest <= bound + 1.0 and most <= 96
    return (
        f"429 storm ({CALLS} calls): slowest call within {bound:.2f} s + 1 s, <= 96 requests",
        f"slowest {slowest:.2f} s, at most {most} requests",
        ok,
    )
