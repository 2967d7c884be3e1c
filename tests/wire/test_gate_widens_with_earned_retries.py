"""The gate opens beyond its paced 20 places only while the retry budget could retry them all.

A fresh client meets a burst with at most ``PACED_CONNECTIONS`` calls on the wire, so that the
calls behind them wait out a 429's hold unsent (``test_a_burst_of_429s_is_waited_out_together``
in ``tests/call/test_client_lifecycle.py``). A client whose recent calls have earned retries for
every call it puts on the wire runs as wide as ``MAX_CONNECTIONS``, as raw aiohttp does, and
narrows again when those retries are spent.
"""

from __future__ import annotations

import asyncio

from hypothesis import given, settings
from hypothesis import strategies as st

from payments_sdk import AsyncPaymentsClient, InternalServerError, instant_retries
from payments_sdk._options import PACED_CONNECTIONS
from payments_sdk._pool import RetryBudget, _Lane
from tests.support.keyscan import KEY
from tests.support.wire_server import RateLimit, Reply, Seen, serve, until

WARM_CALLS = 400
"""Calls that earn a client retries for 0.2 x 400 = 80 calls on the wire, beyond 64."""
WIDE = 64


async def _warm(client: AsyncPaymentsClient) -> None:
    await asyncio.gather(*(client.balances.retrieve() for _ in range(WARM_CALLS)))


async def test_a_client_that_earned_the_retries_runs_wider_than_the_paced_limit() -> None:
    """After 400 calls, 64 held concurrent calls are all on the wire at once, not 20."""
    holding = False

    async def script(_: Seen) -> Reply:
        if holding:
            await server.wait_gate()
        return Reply(body={"data": []})

    with serve(script) as server:
        async with AsyncPaymentsClient(api_key=KEY, base_url=server.url) as client:
            await _warm(client)
            holding = True
            calls = [asyncio.ensure_future(client.balances.retrieve()) for _ in range(WIDE)]
            await until(lambda: server.in_flight >= WIDE)
            lane = client._pool._lane()
            assert (lane.free, lane.extra, len(lane.waiters)) == (0, WIDE - PACED_CONNECTIONS, 0)
            server.release()
            await asyncio.gather(*calls)
            assert (lane.free, lane.extra) == (PACED_CONNECTIONS, 0)
    assert server.peak_in_flight == WIDE


async def test_a_fresh_client_stays_paced_however_many_calls_it_starts() -> None:
    """A fresh client's 64 held calls: 20 on the wire, 44 queued; none more opens meanwhile."""

    async def script(_: Seen) -> Reply:
        await server.wait_gate()
        return Reply(body={"data": []})

    with serve(script) as server:
        async with AsyncPaymentsClient(api_key=KEY, base_url=server.url) as client:
            calls = [asyncio.ensure_future(client.balances.retrieve()) for _ in range(WIDE)]
            await until(lambda: server.in_flight >= PACED_CONNECTIONS)
            await asyncio.sleep(0.1)  # time for any place that would wrongly open
            lane = client._pool._lane()
            assert (lane.extra, len(lane.waiters)) == (0, WIDE - PACED_CONNECTIONS)
            server.release()
            await asyncio.gather(*calls)
    assert server.peak_in_flight == PACED_CONNECTIONS


async def test_a_warm_clients_burst_of_429s_is_retried_whole() -> None:
    """After 400 calls, 64 calls all meet a 0.3 s rate limit at once: every one succeeds.

    They are all on the wire when the 429s come, and the budget their client earned retries
    each of them once the hold is over.
    """
    limit = RateLimit(0.3, on=False)

    with serve(limit) as server:
        async with AsyncPaymentsClient(api_key=KEY, base_url=server.url) as client:
            await _warm(client)
            limit.on = True
            results = await asyncio.gather(*(client.balances.retrieve() for _ in range(WIDE)))
    assert len(results) == WIDE
    assert len(server.seen) <= WARM_CALLS + 2 * WIDE


async def test_the_gate_narrows_to_its_paced_size_once_the_retries_are_spent() -> None:
    """A storm of 500s spends the earned retries: the next 64 held calls are paced again."""
    mode = "ok"

    async def script(_: Seen) -> Reply:
        if mode == "fail":
            return Reply(status=500)
        if mode == "hold":
            await server.wait_gate()
        return Reply(body={"data": []})

    with serve(script) as server:
        async with AsyncPaymentsClient(api_key=KEY, base_url=server.url) as client:
            await _warm(client)
            mode = "fail"
            with instant_retries():  # the same retries, without their waits
                failed = await asyncio.gather(
                    *(client.balances.retrieve() for _ in range(WIDE)), return_exceptions=True
                )
            assert all(isinstance(result, InternalServerError) for result in failed)
            storm = len(server.seen) - WARM_CALLS
            mode = "hold"
            server.peak_in_flight = 0
            calls = [asyncio.ensure_future(client.balances.retrieve()) for _ in range(WIDE)]
            await until(lambda: server.in_flight >= PACED_CONNECTIONS)
            await asyncio.sleep(0.1)
            lane = client._pool._lane()
            assert (lane.extra, len(lane.waiters)) == (0, WIDE - PACED_CONNECTIONS)
            server.release()
            await asyncio.gather(*calls)
    assert storm > WIDE  # retried: the retries its first 400 calls earned were spent
    assert server.peak_in_flight == PACED_CONNECTIONS


# -- the gate alone, against a real budget ------------------------------------------------------

OPS = st.lists(
    st.one_of(
        st.tuples(st.just("first"), st.integers(1, 40)),
        st.tuples(st.just("retry"), st.integers(1, 10)),
        st.tuples(st.just("take"), st.integers(1, 30)),
        st.tuples(st.just("release"), st.integers(1, 30)),
    ),
    max_size=60,
)


@settings(max_examples=300, deadline=None)
@given(ops=OPS, size=st.integers(1, 8), spare=st.integers(0, 20))
def test_no_place_beyond_the_paced_size_opens_unless_the_budget_covers_it(
    ops: list[tuple[str, int]], size: int, spare: int
) -> None:
    """Any mix of first attempts, retries, takes and releases keeps the gate's promises.

    At most ``size + spare`` on the wire; a take beyond ``size`` succeeds exactly when the
    budget covers one more call on the wire; a release frees a place the next take gets.
    """
    budget = RetryBudget()
    lane = _Lane(asyncio.new_event_loop(), size, budget, spare)
    try:
        on_wire = 0
        for op, times in ops:
            for _ in range(times):
                if op == "first":
                    budget.first_attempt()
                elif op == "retry":
                    budget.try_retry()
                elif op == "take":
                    covered = budget.covers(on_wire + 1)
                    took = lane.take()
                    if on_wire < size:
                        assert took
                    else:
                        assert took == (on_wire < size + spare and covered)
                    on_wire += took
                elif on_wire:
                    lane.release()
                    on_wire -= 1
                assert on_wire == size - lane.free + lane.extra
                assert 0 <= lane.extra <= spare and 0 <= lane.free <= size
        assert on_wire <= size + spare
    finally:
        lane.loop.close()


async def test_a_waiter_gets_a_place_the_budget_opens_when_one_is_given_back() -> None:
    """Queued behind a full gate, a call is served by a release while the budget covers it."""
    budget = RetryBudget()
    lane = _Lane(asyncio.get_running_loop(), 1, budget, 2)
    assert lane.take() and not lane.take()
    waiting = [asyncio.ensure_future(lane.acquire(None, lambda: None)) for _ in range(3)]
    await asyncio.sleep(0)
    for _ in range(50):  # 10 retries earned: enough for 3 on the wire
        budget.first_attempt()
    lane.release()  # the place passes on, and the budget opens two more for the queue
    await asyncio.sleep(0)
    assert [w.done() for w in waiting] == [True, True, True]
    assert (lane.free, lane.extra, len(lane.waiters)) == (0, 2, 0)
    for _ in range(3):
        lane.release()
    assert (lane.free, lane.extra) == (1, 0)


# -- attacks: the promises under a burst, a window's roll, cancels, timeouts, close, threads -----


async def test_a_fresh_clients_burst_stays_paced_while_its_calls_only_queue() -> None:
    """200 calls on a fresh client: an answer frees one place, not the retries the queue "earned".

    The 180 calls queued at the gate have sent nothing: their first attempts earn no place.
    """
    first = True

    async def script(_: Seen) -> Reply:
        nonlocal first
        if not first:
            await server.wait_gate()
        first = False
        return Reply(body={"data": []})

    with serve(script) as server:
        async with AsyncPaymentsClient(api_key=KEY, base_url=server.url) as client:
            calls = [asyncio.ensure_future(client.balances.retrieve()) for _ in range(200)]
            await until(lambda: len(server.seen) > PACED_CONNECTIONS)  # one answered, one more in
            await asyncio.sleep(0.1)  # time for any place that would wrongly open
            lane = client._pool._lane()
            assert (lane.free, lane.extra) == (0, 0)
            assert len(lane.waiters) == 200 - PACED_CONNECTIONS - 1
            assert server.in_flight == PACED_CONNECTIONS
            server.release()
            await asyncio.gather(*calls)
            assert (lane.free, lane.extra, len(lane.waiters)) == (PACED_CONNECTIONS, 0, 0)
