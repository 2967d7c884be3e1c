"""The gate in front of the SDK's own pool: at most ``limit`` on the wire, the rest in order."""

from __future__ import annotations

import asyncio

import httpx

from payments_sdk import AsyncPaymentsClient
from payments_sdk._options import DEFAULT_CONNECTION_LIMITS
from payments_sdk._pool import _Lane
from tests.conftest import BASE_URL, TEST_KEY
from tests.support.schema_values import answered

PING = answered("ping", {})
"""What ``ping`` answers: its schema's required fields, whatever the bundle makes them."""


async def test_the_gate_lets_in_at_most_its_size_and_serves_everyone_in_order() -> None:
    """300 callers through a gate of 7: never more than 7 inside, served first come first."""
    lane = _Lane(asyncio.get_running_loop(), 7)
    inside = peak = 0
    order: list[int] = []
    release = asyncio.Event()

    async def call(number: int) -> None:
        nonlocal inside, peak
        await lane.acquire(5.0, lambda: None)
        inside += 1
        peak = max(peak, inside)
        order.append(number)
        await release.wait()
        inside -= 1
        lane.release()

    calls = [asyncio.ensure_future(call(n)) for n in range(300)]
    for _ in range(20):
        await asyncio.sleep(0)
    assert inside == 7
    release.set()
    await asyncio.gather(*calls)
    assert peak == 7 and order == list(range(300)) and lane.free == 7


async def test_a_place_granted_to_a_cancelled_caller_is_handed_on() -> None:
    """A caller cancelled just as its turn came does not take the place with it."""
    lane = _Lane(asyncio.get_running_loop(), 1)
    await lane.acquire(None, lambda: None)
    first = asyncio.ensure_future(lane.acquire(None, lambda: None))
    second = asyncio.ensure_future(lane.acquire(None, lambda: None))
    await asyncio.sleep(0)
    lane.release()  # granted to ``first`` ...
    first.cancel()  # ... which is cancelled before it runs
    await asyncio.gather(first, return_exceptions=True)
    await asyncio.wait_for(second, 1)  # the place went on to ``second``
    lane.release()
    assert lane.free == 1 and not lane.waiters


async def test_only_the_sdk_own_pool_is_gated() -> None:
    """A caller's httpx pool is not gated by the SDK: 64 calls reach its transport at once."""
    inside = peak = 0
    release = asyncio.Event()

    async def gauge(request: httpx.Request) -> httpx.Response:
        nonlocal inside, peak
        inside += 1
        peak = max(peak, inside)
        await release.wait()
        inside -= 1
        return httpx.Response(200, json=PING)

    async with (
        httpx.AsyncClient(transport=httpx.MockTransport(gauge)) as pool,
        AsyncPaymentsClient(api_key=TEST_KEY, base_url=BASE_URL, http_client=pool) as theirs,
    ):
        assert not theirs._pool.owns_wire
        calls = [asyncio.ensure_future(theirs.ping()) for _ in range(64)]
        for _ in range(50):
            await asyncio.sleep(0)
        release.set()
        await asyncio.gather(*calls)
    assert peak == 64
    async with AsyncPaymentsClient(api_key=TEST_KEY, base_url=BASE_URL) as own:
        assert own._pool.owns_wire
        assert own.with_options(max_retries=0)._pool is own._pool
        assert own._pool._limit == DEFAULT_CONNECTION_LIMITS.max_connections


async def test_each_queued_call_ends_at_its_own_patience() -> None:
    """The queue's one timer ends a later, less patient call on time, and no other.

    One timer serves the whole queue: a call queued behind a patient one with a shorter
    patience must still end at its own deadline, and the patient one keep its place.
    """
    loop = asyncio.get_running_loop()
    lane = _Lane(loop, 1)
    await lane.acquire(None, lambda: None)  # the only place, held throughout
    patient = asyncio.ensure_future(lane.acquire(30.0, lambda: None))
    hasty = asyncio.ensure_future(lane.acquire(0.2, lambda: None))
    started = loop.time()
    try:
        await hasty
    except httpx.PoolTimeout:
        waited = loop.time() - started
    else:  # pragma: no cover - the failure this test is for
        raise AssertionError("a call queued past its patience was let in")
    assert 0.19 <= waited < 5.0
    assert not patient.done() and list(lane.waiters) != []
    lane.release()  # the place goes to the patient call, still queued first
    await patient
    assert lane.deadlines == {} and not lane.waiters
    lane.release()
    assert lane.free == 1
