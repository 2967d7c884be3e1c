"""The work of one small call, counted: Python calls and bytecode instructions, SDK and raw aiohttp.

Timings on a shared machine move by 10 to 20 % from one run to the next; these counts by 1 to
2 % (how many turns the event loop takes per call still depends on timing).
For ``GET /v1/balances`` against the static loopback server, sequentially and 64 at a time, it
counts per call, after a warm-up:

- **Python calls**: every function call ``cProfile`` sees (Python and C functions), over
  :data:`PROFILED` calls;
- **instructions**: every bytecode instruction run in Python code (``sys.settrace`` with
  ``f_trace_opcodes``), over :data:`TRACED` calls: the nearest thing to CPU time that does not
  depend on the machine. C code (llhttp, msgspec, the kernel) is not in it.

Raw aiohttp runs with its defaults (``aiohttp.ClientSession()``, ``raise_for_status()``,
``json()``), as in the wire section; the SDK with its own (``AsyncPaymentsClient()``, typed
model). The SDK's own modules are listed by the instructions they add.
"""

from __future__ import annotations

import asyncio
import collections
import cProfile
import pstats
import sys
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from types import FrameType
from typing import Any

import aiohttp

from payments_sdk import AsyncPaymentsClient

from ._server import serving

PROFILED = 2_000
TRACED = 300
WARM_UP = 100
ROWS = (("sequential", 1), ("64 concurrent", 64))
CLIENTS = ("raw aiohttp", "SDK")

Call = Callable[[], Awaitable[object]]


@dataclass
class Work:
    """Per call: Python calls and instructions, by (row, client); the SDK's modules' share."""

    calls: dict[tuple[str, str], float] = field(default_factory=dict)
    instructions: dict[tuple[str, str], float] = field(default_factory=dict)
    ours: dict[str, float] = field(default_factory=dict)
    """Instructions per sequential call in each module of the SDK (``payments_sdk...``)."""


async def _batch(call: Call, calls: int, concurrency: int) -> None:
    if concurrency == 1:
        for _ in range(calls):
            await call()
        return
    gate = asyncio.Semaphore(concurrency)

    async def one() -> None:
        async with gate:
            await call()

    await asyncio.gather(*(one() for _ in range(calls)))


async def _profiled(call: Call, concurrency: int) -> float:
    profile = cProfile.Profile()
    profile.enable()
    await _batch(call, PROFILED, concurrency)
    profile.disable()
    stats: Any = pstats.Stats(profile)
    return float(stats.total_calls) / PROFILED


async def _traced(call: Call, concurrency: int) -> collections.Counter[str]:
    counts: collections.Counter[str] = collections.Counter()

    def tracer(frame: FrameType, event: str, arg: object) -> Any:
        frame.f_trace_opcodes = True
        if event == "opcode":
            counts[frame.f_code.co_filename] += 1
        return tracer

    sys.settrace(tracer)
    try:
        await _batch(call, TRACED, concurrency)
    finally:
        sys.settrace(None)
    return counts


def _module(path: str) -> str | None:
    """``payments_sdk/_sender.py`` for a file of the SDK's own packages, else None."""
    for package in ("/payments_sdk/", "/payments_sdk_generated/"):
        if package in path:
            return package.strip("/") + "/" + path.rsplit(package, 1)[1]
    return None


async def _count(base_url: str, key: str, work: Work) -> None:
    auth = {"Authorization": f"Bearer {key}"}
    async with (
        aiohttp.ClientSession(headers=auth) as session,
        AsyncPaymentsClient(api_key=key, base_url=base_url) as sdk,  # its defaults, as in wire.py
    ):
        small = f"{base_url}/balances"

        async def raw() -> object:
            async with session.get(small) as response:
                response.raise_for_status()
                return await response.json()

        async def typed() -> object:
            return await sdk.balances.retrieve()

        for row, concurrency in ROWS:
            for name, call in zip(CLIENTS, (raw, typed), strict=True):
                await _batch(call, WARM_UP, concurrency)
                work.calls[(row, name)] = await _profiled(call, concurrency)
                counts = await _traced(call, concurrency)
                work.instructions[(row, name)] = sum(counts.values()) / TRACED
                if name == "SDK" and concurrency == 1:
                    for path, n in counts.items():
                        module = _module(path)
                        if module is not None:
                            work.ours[module] = work.ours.get(module, 0.0) + n / TRACED


def run() -> Work:
    """Count the work of one small call, raw aiohttp and the SDK, each row."""
    work = Work()
    with serving("static") as (base_url, key):
        asyncio.run(_count(base_url, key, work))
    return work


def section(work: Work) -> list[str]:
    """Render the counts: the table, then the SDK's modules by the instructions they add."""
    lines = [
        "The work of one small call (`GET /balances`), counted (`bench/work.py`): Python",
        "calls (cProfile) and bytecode instructions run in Python code (`sys.settrace`), per",
        "call. They move by 1 to 2 % from run to run, where the timings move by 10 to 20 %;",
        "C code (llhttp, msgspec, the kernel) is not in them.",
        "",
        "| row | raw aiohttp: calls | SDK: calls | raw aiohttp: instructions "
        "| SDK: instructions | SDK / raw aiohttp, instructions |",
        "|---|---|---|---|---|---|",
    ]
    for row, _ in ROWS:
        raw_calls, sdk_calls = work.calls[(row, "raw aiohttp")], work.calls[(row, "SDK")]
        raw_ops = work.instructions[(row, "raw aiohttp")]
        sdk_ops = work.instructions[(row, "SDK")]
        lines.append(
            f"| {row} | {raw_calls:,.0f} | {sdk_calls:,.0f} | {raw_ops:,.0f} | {sdk_ops:,.0f} "
            f"| {sdk_ops / raw_ops:.2f}x |"
        )
    ranked = sorted(work.ours.items(), key=lambda item: -item[1])
    shown = ", ".join(f"`{module}` {n:,.0f}" for module, n in ranked if n >= 10)
    lines += ["", f"Instructions per sequential call in the SDK's own modules: {shown}."]
    return lines
