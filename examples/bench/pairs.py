"""The small call, the SDK against raw aiohttp, in many short paired rounds: a quick A/B.

``python -m bench.pairs [ROUNDS]`` (from ``examples/``) measures ``GET /balances`` sequentially
and at 64 concurrent, each client with its defaults, in rounds of :data:`CALLS` calls in the
order A B, then B A, against the static loopback server. It prints the median of each round's
own ratio, and the quartiles: on a noisy machine, many short pairs tell a change of a few
percent where the wire section's seven long rounds cannot. Run it once per build to compare
two builds, alternating them. Nothing is written.
"""

from __future__ import annotations

import asyncio
import statistics
import sys

import aiohttp

from payments_sdk import AsyncPaymentsClient

from ._server import serving
from .peers import _run

CALLS = 400
CONCURRENCY = (1, 64)


async def _measure(base_url: str, key: str, rounds: int) -> list[str]:
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
        lines = []
        for concurrency in CONCURRENCY:
            pace, spent = [], []
            for turn in range(rounds):
                order = (raw, sdk) if turn % 2 == 0 else (sdk, raw)
                # each: (calls per second, client CPU µs per call), of the same CALLS calls
                got = {call: await _run(call, CALLS, concurrency) for call in order}
                pace.append(got[sdk][0] / got[raw][0])
                spent.append(got[sdk][1] / got[raw][1])
            p, s = statistics.quantiles(pace, n=4), statistics.quantiles(spent, n=4)
            lines.append(
                f"{concurrency:>2} at a time: throughput {statistics.median(pace):.3f}x "
                f"(quartiles {p[0]:.2f} to {p[2]:.2f}), client CPU {statistics.median(spent):.3f}x "
                f"(quartiles {s[0]:.2f} to {s[2]:.2f}) of raw aiohttp's"
            )
        return lines


def main() -> None:
    """Measure and print."""
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 40
    with serving("static") as (base_url, key):
        for line in asyncio.run(_measure(base_url, key, rounds)):
            print(line)


if __name__ == "__main__":
    main()
