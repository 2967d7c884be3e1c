"""A client-wide Retry-After hold is waited out before the gate, within the call's own bounds.

After a ``503 Retry-After``, every new send of the client waits (docs/retries.md). That wait
used to happen inside the connection gate: held calls kept every place, and the calls queued
behind them failed with "timed out waiting for a free connection" though no connection was in
use; and a copy made with ``timeout=1`` sat out another call's 3 s hold. Now a held call waits
holding no place, and a hold longer than the call will wait (its read timeout, and what is left
of ``total_timeout``) ends it at once with APITimeoutError, unsent.

Under ``instant_retries()`` a Retry-After holds nothing (docs/retries.md). It used to set the
hold anyway, and on the default wire the retry then spun until the hold ran out: it took a
place at the gate, saw the hold, gave the place back, skipped the wait, and looped without ever
awaiting, so the whole event loop froze (no other task, no ``wait_for``, no timeout) for as
long as the Retry-After said. Every test here runs under the loop watchdog
(tests/support/loop_watchdog.py), which fails a test whose loop was blocked.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator

import pytest

from payments_sdk import (
    APITimeoutError,
    InternalServerError,
    RateLimitError,
    instant_retries,
)
from payments_sdk._options import PACED_CONNECTIONS
from tests.support.clients import sdk
from tests.support.schema_values import answered
from tests.support.wire_server import Reply, Seen, WireServer, serve

pytestmark = pytest.mark.usefixtures("loop_watchdog")  # fails a test that blocks the loop

BALANCES = answered("balances.retrieve", {"data": [{"currency": "USD", "amount": 5}]})


@contextlib.contextmanager
def held_service(retry_after: str, status: int = 503, times: int = 1) -> Iterator[WireServer]:
    """A server answering its first ``times`` requests ``status`` with ``retry_after``, then 200."""
    answered: list[int] = []

    async def script(_: Seen) -> Reply:
        answered.append(1)
        if len(answered) <= times:
            return Reply(status=status, headers={"retry-after": retry_after}, body={})
        return Reply(body=BALANCES)

    with serve(script) as server:
        yield server


async def test_held_calls_keep_no_place_at_the_gate() -> None:
    """More calls during a 2 s hold than the gate has places: every place stays free meanwhile.

    Held calls used to take every place while they waited, and the calls queued behind them
    failed with "timed out waiting for a free connection" once the pool timeout passed. The
    places are checked while the calls wait (not by the timing of what follows); then all
    succeed, sent once each.
    """
    with held_service("2") as server:
        async with sdk(server.url, "aiohttp", max_retries=0) as client:
            with pytest.raises(InternalServerError):
                await client.balances.retrieve()  # sets the hold
            many = PACED_CONNECTIONS + 5
            calls = [asyncio.ensure_future(client.balances.retrieve()) for _ in range(many)]
            for _ in range(20):
                await asyncio.sleep(0)
            lane = client._pool._lane()
            assert client._pool.holding(), "the hold ended before the places were checked"
            assert (lane.free, len(lane.waiters)) == (PACED_CONNECTIONS, 0)
            results = await asyncio.gather(*calls, return_exceptions=True)
    failures = [r for r in results if isinstance(r, BaseException)]
    assert failures == []
    assert len(server.seen) == many + 1


async def test_a_hold_longer_than_the_calls_timeout_ends_it_unsent(wire: str) -> None:
    """Another call's 30 s hold, and a copy with timeout=1: APITimeoutError at once, unsent."""
    with held_service("30") as server:
        async with sdk(server.url, wire, max_retries=0) as client:
            with pytest.raises(InternalServerError):
                await client.balances.retrieve()
            async with asyncio.timeout(10):  # without the bound, it would sit out 30 s
                with pytest.raises(APITimeoutError) as raised:
                    await client.with_options(timeout=1).balances.retrieve()
    assert "held by a Retry-After" in str(raised.value)
    assert "timeout (1 s)" in str(raised.value)
    assert len(server.seen) == 1


async def test_a_hold_past_total_timeout_ends_the_call_unsent(wire: str) -> None:
    with held_service("30") as server:
        async with sdk(server.url, wire, max_retries=0) as client:
            with pytest.raises(InternalServerError):
                await client.balances.retrieve()
            async with asyncio.timeout(10):
                with pytest.raises(APITimeoutError) as raised:
                    await client.with_options(total_timeout=2).balances.retrieve()
    assert "held by a Retry-After" in str(raised.value)
    assert len(server.seen) == 1


# -- instant_retries(): a Retry-After holds nothing, and nothing spins -------------------------


@pytest.mark.parametrize("status", [429, 503])
async def test_under_instant_retries_a_retry_after_holds_nothing(wire: str, status: int) -> None:
    """The issue's case: Retry-After 3 once, then 200: retried at once, and nothing is held after.

    Before the fix the default wire froze the loop for 3 s here (the watchdog fails it), and the
    hold outlived the block: the next call, with timeout=1, ended unsent.
    """
    with held_service("3", status) as server:
        async with sdk(server.url, wire, max_retries=2) as client:
            with instant_retries():
                balances = await client.balances.retrieve()
            assert balances.data[0].amount == 5
            async with asyncio.timeout(10):
                await client.with_options(timeout=1).balances.retrieve()  # not held
    assert len(server.seen) == 3


async def test_under_instant_retries_another_calls_hold_is_not_waited(wire: str) -> None:
    """A hold set outside the block (3 s): a call inside it is sent at once, without spinning."""
    with held_service("3", 429) as server:
        async with sdk(server.url, wire, max_retries=0) as client:
            with pytest.raises(RateLimitError):
                await client.balances.retrieve()  # sets the client-wide hold
            with instant_retries():
                balances = await client.balances.retrieve()
    assert balances.data[0].amount == 5
    assert len(server.seen) == 2


async def test_under_instant_retries_wait_for_still_bounds_a_rate_limited_call(wire: str) -> None:
    """Always 429 Retry-After 30: wait_for(..., 30) sees RateLimitError after 1 + 2 sends.

    Before the fix the default wire spun for 30 s before each retry, so wait_for fired only
    after a minute, and no other task ran meanwhile.
    """
    with held_service("30", 429, times=1000) as server:
        async with sdk(server.url, wire, max_retries=2) as client:
            with instant_retries(), pytest.raises(RateLimitError):
                await asyncio.wait_for(client.balances.retrieve(), 30)
    assert len(server.seen) == 3


async def test_a_call_waiting_out_a_hold_is_cancelled_at_once(wire: str) -> None:
    """wait_for() ends a call waiting out a 30 s hold: unsent, and the gate keeps every place."""
    with held_service("30") as server:
        async with sdk(server.url, wire, max_retries=0) as client:
            with pytest.raises(InternalServerError):
                await client.balances.retrieve()  # sets the hold
            patient = client.with_options(timeout=60)
            async with asyncio.timeout(10):  # a frozen loop would not get here
                with pytest.raises(TimeoutError):
                    await asyncio.wait_for(patient.balances.retrieve(), 0.2)
                with pytest.raises(TimeoutError):  # twenty at once, too
                    calls = (patient.balances.retrieve() for _ in range(20))
                    await asyncio.wait_for(asyncio.gather(*calls), 0.2)
            assert len(server.seen) == 1
            client._pool.hold_until = 0.0  # the service is back: every place is free again
            async with asyncio.timeout(10):
                await asyncio.gather(*(client.balances.retrieve() for _ in range(25)))
    assert len(server.seen) == 26
