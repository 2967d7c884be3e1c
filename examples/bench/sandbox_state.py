"""The sandbox with and without a state file, in process and served, side by side.

Writes (``orders.create``) and reads (``orders.retrieve``) through the SDK, against
``Sandbox()`` and ``Sandbox(state=FILE)`` in process, and against ``payments-sandbox`` with and
without ``--state`` served on loopback (a separate process); medians of interleaved rounds.
"""

from __future__ import annotations

import asyncio
import contextlib
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

from payments_sdk import AsyncPaymentsClient
from payments_sdk.sandbox import Sandbox

from .overhead import _throughput

ROUNDS = 5
CALLS = 300

Rows = list[tuple[str, float, float]]  # (scenario, calls/s in memory, calls/s with a file)


def _calls(
    client: AsyncPaymentsClient, order_id: str
) -> dict[str, Callable[[], Awaitable[object]]]:
    async def write() -> object:
        return await client.orders.create(amount=100, currency="USD", payment_methods=["card"])

    async def read() -> object:
        return await client.orders.retrieve(order_id)

    return {"orders.create": write, "orders.retrieve": read}


async def _in_process(folder: Path) -> Rows:
    samples: dict[tuple[str, str], list[float]] = {}
    async with (
        Sandbox(seed_payments=10) as memory,
        Sandbox(seed_payments=10, state=folder / "in-process.db") as durable,
    ):
        clients = {"memory": memory.client(), "file": durable.client()}
        calls = {}
        for kind, client in clients.items():
            order = await client.orders.create(amount=1, currency="USD", payment_methods=["card"])
            calls[kind] = _calls(client, order.id)
        for _ in range(ROUNDS):
            for kind in clients:
                for name, call in calls[kind].items():
                    samples.setdefault((name, kind), []).append(await _throughput(call, CALLS, 1))
    return [
        (
            f"in process: {name}",
            statistics.median(samples[(name, "memory")]),
            statistics.median(samples[(name, "file")]),
        )
        for name in ("orders.create", "orders.retrieve")
    ]


@contextlib.contextmanager
def _served(*args: str) -> Iterator[tuple[str, str]]:
    command = [sys.executable, "-m", "payments_sdk.sandbox", "--seed", "1", *args]
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert child.stdout is not None
        found = {}
        for _ in range(2):
            name, _, value = child.stdout.readline().strip().removeprefix("export ").partition("=")
            found[name] = value.strip("'")
        yield found["PAYMENTS_BASE_URL"], found["PAYMENTS_API_KEY"]
    finally:
        child.terminate()
        child.wait(timeout=30)


async def _over_loopback(servers: dict[str, tuple[str, str]]) -> Rows:
    samples: dict[tuple[str, str], list[float]] = {}
    async with contextlib.AsyncExitStack() as stack:
        calls = {}
        for kind, (url, key) in servers.items():
            client = await stack.enter_async_context(AsyncPaymentsClient(api_key=key, base_url=url))
            order = await client.orders.create(amount=1, currency="USD", payment_methods=["card"])
            calls[kind] = _calls(client, order.id)
        for _ in range(ROUNDS):
            for concurrency in (1, 16):
                for kind in servers:
                    for name, call in calls[kind].items():
                        label = f"{name}, {'sequential' if concurrency == 1 else '16 concurrent'}"
                        rate = await _throughput(call, CALLS, concurrency)
                        samples.setdefault((label, kind), []).append(rate)
    labels = sorted({label for label, _ in samples})
    return [
        (
            f"served: {label}",
            statistics.median(samples[(label, "memory")]),
            statistics.median(samples[(label, "file")]),
        )
        for label in labels
    ]


def run() -> Rows:
    """Measure in process and served, with and without a state file."""
    with tempfile.TemporaryDirectory() as folder:
        rows = asyncio.run(_in_process(Path(folder)))
        with _served() as memory, _served("--state", str(Path(folder) / "served.db")) as durable:
            rows += asyncio.run(_over_loopback({"memory": memory, "file": durable}))
    return rows


def section(rows: Rows) -> list[str]:
    """Render the section: calls per second without and with the state file, and the ratio."""
    lines = [
        "## The sandbox with a state file",
        "",
        "`Sandbox()` against `Sandbox(state=FILE)` in process, and `payments-sandbox` without",
        "and with `--state` served on loopback (`bench/sandbox_state.py`); calls per second,",
        f"medians of {ROUNDS} interleaved rounds of {CALLS} calls. Every write with a state file",
        "is one SQLite transaction, committed before the answer.",
        "",
        "| scenario | in memory | with `--state` | ratio |",
        "|---|---|---|---|",
    ]
    for label, memory, durable in rows:
        lines.append(f"| {label} | {memory:,.0f} | {durable:,.0f} | {durable / memory:.2f}x |")
    return lines
