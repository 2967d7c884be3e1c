"""What watching calls costs: no observer, one observer, and OpenTelemetry with no SDK.

GET /balances (the small call) against the static loopback server, one client per set-up,
interleaved over rounds (medians): the SDK with ``opentelemetry=False`` and no observer (the
baseline), with one observer that does nothing, and with ``opentelemetry=True`` where no
OpenTelemetry SDK is configured, the case of a service that installed the ``otel`` extra but
exports nothing. Reported as throughput and client CPU per call, relative to the baseline.
"""

from __future__ import annotations

import asyncio
import contextlib
import statistics
from typing import Any

from payments_sdk import AsyncPaymentsClient, AttemptEvent, CallEvent

from ._server import serving
from .peers import _run

ROUNDS = 7
CALLS = 1_500
SETUPS = ("no observer, no tracing", "one observer", "OpenTelemetry API, no SDK")


class _Quiet:
    def on_attempt(self, event: AttemptEvent) -> None:
        pass

    def on_call(self, event: CallEvent) -> None:
        pass


async def _measure() -> dict[str, tuple[float, float]]:
    samples: dict[str, list[tuple[float, float]]] = {name: [] for name in SETUPS}
    with serving("static") as (base_url, key):
        async with contextlib.AsyncExitStack() as stack:
            options: dict[str, dict[str, Any]] = {
                SETUPS[0]: {"opentelemetry": False},
                SETUPS[1]: {"opentelemetry": False, "observers": [_Quiet()]},
                SETUPS[2]: {"opentelemetry": True},
            }
            clients = {
                name: await stack.enter_async_context(
                    AsyncPaymentsClient(api_key=key, base_url=base_url, **kwargs)
                )
                for name, kwargs in options.items()
            }
            calls = {name: client.balances.retrieve for name, client in clients.items()}
            for call in calls.values():
                await _run(call, 200, 1)  # warm up
            for _ in range(ROUNDS):
                for name, call in calls.items():
                    samples[name].append(await _run(call, CALLS, 1))
    return {
        name: (statistics.median(s[0] for s in runs), statistics.median(s[1] for s in runs))
        for name, runs in samples.items()
    }


def run() -> dict[str, tuple[float, float]]:
    """Return (calls/s, client CPU µs per call) of each set-up."""
    return asyncio.run(_measure())


def section(results: dict[str, tuple[float, float]]) -> list[str]:
    """Render the section: each set-up against the baseline."""
    base_rate, base_cpu = results[SETUPS[0]]
    lines = [
        "## Observers and OpenTelemetry: what watching costs",
        "",
        "`GET /balances`, sequential, against the static loopback server (`bench/observe.py`);",
        f"medians of {ROUNDS} interleaved rounds of {CALLS:,} calls.",
        "",
        "| set-up | calls/s | vs baseline | client CPU µs/call | vs baseline |",
        "|---|---|---|---|---|",
    ]
    for name in SETUPS:
        rate, cpu = results[name]
        lines.append(
            f"| {name} | {rate:,.0f} | {rate / base_rate:.3f}x | {cpu:,.1f} | "
            f"{cpu / base_cpu:.3f}x |"
        )
    return lines


def goal(results: dict[str, tuple[float, float]]) -> tuple[str, str, bool]:
    """Return the goal row: OpenTelemetry installed, no SDK, under 3% on the small call."""
    base_rate, _ = results[SETUPS[0]]
    rate, _ = results[SETUPS[2]]
    cost = 1 - rate / base_rate
    return (
        "OpenTelemetry API installed, no SDK: < 3% on the small call",
        f"{cost:+.1%} throughput",
        cost < 0.03,
    )
