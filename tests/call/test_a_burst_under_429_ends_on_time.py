"""A burst under 429s ends on time: each call waits out its own retries, not the whole queue's.

The client-wide hold (docs/retries.md) used to be waited out again and again: every 429 re-armed
it for every call still waiting, so 64 calls against a service answering ``429 Retry-After: 1``
went out about three a second, and after 20 s a third of them had not returned. Now an attempt
waits at most once: before a retry, the longer of its own ``Retry-After`` and what is left of
the hold, plus the jitter; before a first attempt, the hold in force, if any. A call with
``max_retries=2`` therefore ends within ``(max_retries + 1)`` waits of at most
``Retry-After * (1 + 25%)`` each, plus time on the wire.

The bounds below are what the code guarantees, with a margin for a loaded machine: nothing here
asserts how fast a quiet machine is.
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Awaitable

import pytest

from payments_sdk import RateLimitError
from tests.support.clients import sdk
from tests.support.wire_server import Reply, Seen, serve

pytestmark = pytest.mark.usefixtures("loop_watchdog")  # fails a test that blocks the loop

RETRY_AFTER = 1.0
MAX_RETRIES = 2
CALLS = 64
# docs/retries.md: each wait is at most the Retry-After plus a quarter of it (the jitter), and
# a call waits at most once per attempt: (max_retries + 1) waits in all.
OWN_BOUND = (MAX_RETRIES + 1) * RETRY_AFTER * 1.25
MARGIN = 3.0  # the wire, 64 tasks and a busy neighbour on one core: seconds, not holds


async def _always_429(_: Seen) -> Reply:
    return Reply(status=429, headers={"retry-after": f"{RETRY_AFTER:g}"}, body={})


async def _timed(call: Awaitable[object]) -> tuple[float, BaseException | None]:
    started = time.monotonic()
    try:
        await call
    except BaseException as exc:
        return time.monotonic() - started, exc
    return time.monotonic() - started, None


async def test_every_call_of_a_429_storm_ends_within_its_own_schedule(wire: str) -> None:
    """64 calls, always 429 Retry-After 1, max_retries=2: each ends by its own bound, <= 96 sent."""
    with serve(_always_429) as server:
        async with sdk(server.url, wire, max_retries=MAX_RETRIES) as client:
            async with asyncio.timeout(OWN_BOUND + MARGIN + 10):  # a hang fails, it does not wait
                outcomes = await asyncio.gather(
                    *(_timed(client.orders.retrieve(f"ord_{n}")) for n in range(CALLS))
                )
    errors = [error for _, error in outcomes]
    assert all(isinstance(error, RateLimitError) for error in errors), errors
    slowest = max(took for took, _ in outcomes)
    assert slowest <= OWN_BOUND + MARGIN, f"the slowest call took {slowest:.2f} s"
    assert len(server.seen) <= 96, f"{len(server.seen)} requests for {CALLS} calls"
    # Every call was sent at least once, and none more than 1 + max_retries times.
    assert CALLS <= len(server.seen) <= CALLS * (1 + MAX_RETRIES)


async def test_a_held_call_waits_once_per_attempt_however_often_the_hold_is_rearmed(
    wire: str,
) -> None:
    """Another task re-arms a 1 s hold every 0.3 s; a call with max_retries=0 ends in one hold.

    It waits out the hold that was on when it came (at most 1.25 s), then is sent: the holds
    armed while it waited do not make it wait again.
    """
    with serve(_always_429) as server:
        async with sdk(server.url, wire, max_retries=0) as client:
            stop = asyncio.Event()

            async def rearm() -> None:
                while not stop.is_set():
                    client._pool.hold(RETRY_AFTER)
                    await asyncio.sleep(0.3)

            rearming = asyncio.ensure_future(rearm())
            try:
                await asyncio.sleep(0.05)
                async with asyncio.timeout(RETRY_AFTER * 1.25 + MARGIN + 5):
                    took, error = await _timed(client.orders.retrieve("ord_1"))
            finally:
                stop.set()
                await rearming
    assert isinstance(error, RateLimitError)
    assert took <= RETRY_AFTER * 1.25 + MARGIN, f"held {took:.2f} s"
    assert took >= 0.5, f"sent after {took:.2f} s: the hold in force was not waited out"
    assert len(server.seen) == 1


_LINE = re.compile(r"-> (\d+) in ([0-9.]+) ms, held ([0-9.]+) ms, retries=(\d+), waits=(\d+)")


async def test_the_debug_line_shows_the_time_held_apart_from_the_attempt(
    wire: str, caplog: pytest.LogCaptureFixture
) -> None:
    """429 Retry-After 1, then 200: the retry's line says held ~1 s, waits=1, and a short attempt.

    The time held used to be counted as the attempt's own time (``-> 429 in 14067.1 ms``), and
    nothing counted the waits.
    """
    answers = iter([Reply(status=429, headers={"retry-after": "1"}, body={}), Reply(body={})])

    async def script(_: Seen) -> Reply:
        return next(answers)

    caplog.set_level(logging.DEBUG, logger="payments_sdk")
    with serve(script) as server:
        async with sdk(server.url, wire, max_retries=2) as client:
            await client.request("GET", "/fx_rates")
    lines = [_LINE.search(record.getMessage()) for record in caplog.records]
    found = [match.groups() for match in lines if match is not None]
    assert [(status, retries, waits) for status, _, _, retries, waits in found] == [
        ("429", "0", "0"),
        ("200", "1", "1"),
    ]
    first_held, retry_in, retry_held = float(found[0][2]), float(found[1][1]), float(found[1][2])
    assert first_held == 0.0
    assert RETRY_AFTER * 1000 <= retry_held <= (RETRY_AFTER * 1.25 + MARGIN) * 1000
    assert retry_in < retry_held  # the attempt's own time leaves the wait out
