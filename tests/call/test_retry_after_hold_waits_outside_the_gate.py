"""A client-wide Retry-After hold is waited out before the gate, within the call's own bounds.

After a ``503 Retry-After``, every new send of the client waits (docs/retries.md). That wait
used to happen inside the connection gate: 20 held calls kept every place, and the calls queued
behind them failed with "timed out waiting for a free connection" though no connection was in
use; and a copy made with ``timeout=1`` sat out another call's 3 s hold. Now a held call waits
holding no place, and a hold longer than the call will wait (its read timeout, and what is left
of ``total_timeout``) ends it at once with APITimeoutError, unsent.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import Iterator

import httpx
import pytest

from payments_sdk import APITimeoutError, InternalServerError
from tests.support.clients import sdk
from tests.support.wire_server import Reply, Seen, WireServer, serve

BALANCES = {"data": [{"currency": "USD", "amount": 5}]}


@contextlib.contextmanager
def held_service(retry_after: str) -> Iterator[WireServer]:
    """A server answering its first request 503 with ``retry_after``, every later one 200."""
    answered: list[int] = []

    async def script(_: Seen) -> Reply:
        answered.append(1)
        if len(answered) == 1:
            return Reply(status=503, headers={"retry-after": retry_after}, body={})
        return Reply(body=BALANCES)

    with serve(script) as server:
        yield server


async def test_held_calls_keep_no_place_at_the_gate() -> None:
    """25 calls during a 1 s hold, with a 0.5 s pool timeout and 20 places: all succeed."""
    with held_service("1") as server:
        async with sdk(server.url, "aiohttp", max_retries=0) as client:
            with pytest.raises(InternalServerError):
                await client.balances.retrieve()  # sets the hold
            quick = client.with_options(timeout=httpx.Timeout(30.0, pool=0.5))
            results = await asyncio.gather(
                *(quick.balances.retrieve() for _ in range(25)), return_exceptions=True
            )
    failures = [r for r in results if isinstance(r, BaseException)]
    assert failures == []
    assert len(server.seen) == 26


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
