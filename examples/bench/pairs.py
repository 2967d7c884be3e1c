"""The small call, the SDK against raw aiohttp, in many short paired rounds.

``python -m bench.pairs [ROUNDS]`` (from ``examples/``) measures ``GET /balances`` sequentially
and at 64 concurrent, each client with its defaults, in rounds of :data:`CALLS` calls in the
order A B, then B A, against the static loopback server. It prints the median of each round's
own ratio, and the quartiles: on a noisy machine, many short pairs tell a change of a few
percent where the wire section's seven long rounds cannot. Run it once per build to compare
two builds, alternating them. Nothing is written.

``make bench`` judges issue 47's goal rows (throughput and client CPU of the small call) on
these paired rounds too (:func:`measure`, :data:`BENCH_ROUNDS` of them, in ``wire.py``).
"""

from __future__ import annotations

import asyncio
import statistics
import sys
from dataclasses import dataclass

import aiohttp

from payments_sdk import AsyncPaymentsClient

from ._server import serving
from .peers import _run

CALLS = 400
CONCURRENCY = (1, 64)
BENCH_ROUNDS = 60
"""The rounds ``make bench`` runs at each concurrency (about a minute in all)."""


@dataclass(frozen=True)
class Spread:
    """The SDK's ratios to raw aiohttp over the rounds: median and quartiles."""

    median: float
    low: float
    high: float

    @classmethod
    def of(cls, ratios: list[float]) -> Spread:
        """Return the median of ``ratios`` and their first and third quartiles."""
        low, _, high = statistics.quantiles(ratios, n=4)
        return cls(statistics.median(ratios), low, high)


@dataclass(frozen=True)
class Paired:
    """At one concurrency, over ``rounds`` paired rounds: throughput and client CPU ratios."""

    concurrency: int
    rounds: int
    throughput: Spread
    cpu: Spread

    def line(self) -> str:
        """One line of the outcome, as ``python -m bench.pairs`` prints it."""
        t, c = self.throughput, self.cpu
        return (
            f"{self.concurrency:>2} at a time: throughput {t.median:.3f}x "
            f"(quartiles {t.low:.2f} to {t.high:.2f}), client CPU {c.median:.3f}x "
            f"(quartiles {c.low:.2f} to {c.high:.2f}) of raw aiohttp's"
        )


async def measure(base_url: str, key: str, rounds: int) -> list[Paired]:
    """Run ``rounds`` paired rounds at each of :data:`CONCURRENCY`; one result for each."""
    async with (
        aiohttp.ClientSession(headers={"Authorization": f"Bearer {key}"}) as session,
        AsyncPaymentsClient(api_key=key, base_url=base_url) as client,
    ):

        async def raw() -> object:
            async with session.get(f"{base_url}/balances") as response:
                response.raise_for_status()
                return await response.json()

        async def sdk() -> object:
            return await client.balances.retrieve()

        for call in (raw, sdk):
            await _run(call, 2_000, 64)  # connections open, code warm
        results = []
        for concurrency in CONCURRENCY:
            pace, spent = [], []
            for turn in range(rounds):
                order = (raw, sdk) if turn % 2 == 0 else (sdk, raw)
                # each: (calls per second, client CPU µs per call), of the same CALLS calls
                got = {call: await _run(call, CALLS, concurrency) for call in order}
                pace.append(got[sdk][0] / got[raw][0])
                spent.append(got[sdk][1] / got[raw][1])
            results.append(Paired(concurrency, rounds, Spread.of(pace), Spread.of(spent)))
        return results


def main() -> None:
    """Measure and print."""
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    with serving("static") as (base_url, key):
        for paired in asyncio.run(measure(base_url, key, rounds)):
            print(paired.line())


if __name__ == "__main__":
    main()
