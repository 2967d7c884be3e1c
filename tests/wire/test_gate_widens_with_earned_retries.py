"""The gate opens beyond its paced 20 places only while the retry budget could retry them all.

A fresh client meets a burst with at most ``PACED_CONNECTIONS`` calls on the wire, so that the
calls behind them wait out a 429's hold unsent (``test_a_burst_of_429s_is_waited_out_together``
in ``tests/call/test_client_lifecycle.py``). A client whose recent calls have earned retries for
every call it puts on the wire runs as wide as ``MAX_CONNECTIONS``, as raw aiohttp does, and
narrows again when those retries are spent.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Coroutine
from types import NoneType
from typing import Any

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from payments_sdk import (
    AsyncPaymentsClient,
    ClientClosedError,
    InternalServerError,
    _pool,
    instant_retries,
)
from payments_sdk._options import MAX_CONNECTIONS, PACED_CONNECTIONS
from payments_sdk._pool import RetryBudget, _Lane
from tests.support.keyscan import KEY
from tests.support.wire_server import Holding, RateLimit, Reply, Seen, WireServer, serve, until

WARM_CALLS = 400
"""Calls that earn a client retries for 0.2 x 400 = 80 calls on the wire, beyond 64."""
WIDE = 64


async def _warm(client: AsyncPaymentsClient, calls: int = WARM_CALLS) -> None:
    """Make ``calls`` concurrent calls the server answers at once: they earn the client retries."""
    await asyncio.gather(*(client.balances.retrieve() for _ in range(calls)))


async def test_a_client_that_earned_the_retries_runs_wider_than_the_paced_limit() -> None:
    """After 400 calls, 64 held concurrent calls are all on the wire at once, not 20."""
    hold = Holding()

    with serve(hold) as server:
        async with AsyncPaymentsClient(api_key=KEY, base_url=server.url) as client:
            await _warm(client)
            hold.on = True
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
    hold = Holding()
    hold.on = True

    with serve(hold) as server:
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


async def test_a_newcomer_never_overtakes_a_queued_caller_when_the_budget_opens_places() -> None:
    """Retries earned while one queues open no place for a newcomer: the queued one goes first."""
    budget = RetryBudget()
    lane = _Lane(asyncio.get_running_loop(), 1, budget, 3)
    assert lane.take()
    queued = asyncio.ensure_future(lane.acquire(None, lambda: None))
    await asyncio.sleep(0)
    for _ in range(50):  # 10 retries earned: a place beyond the size is paid for now
        budget.first_attempt()
    assert not lane.take()  # the newcomer would overtake ``queued``: it waits behind it
    lane.release()
    await asyncio.wait_for(queued, 1)
    assert lane.take()  # nobody queues now: the paid-for place opens
    assert (lane.free, lane.extra, len(lane.waiters)) == (0, 1, 0)


QUEUE_OPS = st.lists(
    st.one_of(
        st.tuples(st.just("earn"), st.integers(1, 60)),
        st.tuples(st.just("spend"), st.integers(1, 10)),
        st.tuples(st.just("arrive"), st.integers(1, 8)),
        st.tuples(st.just("leave"), st.integers(1, 8)),
        st.tuples(st.just("cancel"), st.integers(0, 30)),
        st.tuples(st.just("leave_as_the_first_in_line_is_cancelled"), st.just(1)),
        st.tuples(st.just("leave_after_the_first_in_line_is_cancelled"), st.just(1)),
        st.tuples(st.just("arrive_impatient"), st.integers(1, 4)),
    ),
    max_size=40,
)


@settings(max_examples=300, deadline=None)
@given(ops=QUEUE_OPS, size=st.integers(1, 4), spare=st.integers(0, 6))
def test_queued_callers_are_served_in_order_and_cancels_leave_no_place_behind(
    ops: list[tuple[str, int]], size: int, spare: int
) -> None:
    """Callers queue, leave, time out and are cancelled (some as a turn comes) as the budget moves.

    No caller gets a place while one that came before it still waits, the places taken always
    match the callers inside, and when all have gone the gate is back at ``(size, 0)``.
    """
    loop = asyncio.new_event_loop()
    budget = RetryBudget(window=1e9)  # no window rolls within an example
    lane = _Lane(loop, size, budget, spare)
    callers: list[asyncio.Task[None]] = []
    entered: list[int] = []  # the callers that got a place, in the order they got it
    inside: list[int] = []  # those that have not given it back yet

    async def caller(number: int, patience: float | None) -> None:
        await lane.acquire(patience, lambda: None)
        entered.append(number)
        inside.append(number)

    def settle() -> None:
        for _ in range(3):
            loop.run_until_complete(asyncio.sleep(0))

    def waiting() -> list[int]:
        return [n for n, task in enumerate(callers) if not task.done()]

    try:
        for op, times in ops:
            if op == "earn":
                for _ in range(times):
                    budget.first_attempt()
            elif op == "spend":
                for _ in range(times):
                    budget.try_retry()
            elif op in ("arrive", "arrive_impatient"):
                patience = 0.0 if op == "arrive_impatient" else None  # 0: PoolTimeout if queued
                for _ in range(times):
                    callers.append(loop.create_task(caller(len(callers), patience)))
            elif op == "leave":
                for _ in range(min(times, len(inside))):
                    inside.pop(0)
                    lane.release()
            elif op == "cancel" and waiting():
                queue = waiting()
                callers[queue[times % len(queue)]].cancel()
            elif op == "leave_as_the_first_in_line_is_cancelled" and inside and waiting():
                inside.pop(0)
                lane.release()  # may grant the first in line its place ...
                callers[waiting()[0]].cancel()  # ... which is cancelled before it runs
            elif op == "leave_after_the_first_in_line_is_cancelled" and inside and waiting():
                callers[waiting()[0]].cancel()  # still queued when the place comes back
                inside.pop(0)
                lane.release()
            settle()
            queue = waiting()
            assert not entered or not queue or min(queue) > max(entered), "a caller overtaken"
            assert len(inside) == size - lane.free + lane.extra
            assert len(inside) <= size + spare
        for number in waiting():
            callers[number].cancel()
        settle()
        while inside:
            inside.pop()
            lane.release()
        settle()
        assert (lane.free, lane.extra, len(lane.waiters)) == (size, 0, 0)
        assert all(task.done() for task in callers)
        for task in callers:
            assert task.cancelled() or isinstance(task.exception(), (httpx.PoolTimeout, NoneType))
    finally:
        loop.close()


class _Clock:
    """A ``time`` stand-in for ``payments_sdk._pool``: its ``monotonic()`` moves when told."""

    def __init__(self) -> None:
        self.now = 1000.0

    def monotonic(self) -> float:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> _Clock:
    """The retry budget's clock, moved by the test instead of by sleeping."""
    fake = _Clock()
    monkeypatch.setattr(_pool, "time", fake)
    return fake


def test_a_windows_earnings_cover_calls_through_the_next_window_only(clock: _Clock) -> None:
    """105 first attempts cover 21 calls 15 s later (the window before) and none 25 s later."""
    budget = RetryBudget()
    for _ in range(105):
        budget.first_attempt()
    assert budget.covers(21) and not budget.covers(22)
    clock.now += 15  # the next window: the earnings are the window before's
    assert budget.covers(21)
    clock.now += 10  # and the one after: forgotten
    assert not budget.covers(1)


def test_retries_spent_in_the_window_before_still_count_against_the_cover(clock: _Clock) -> None:
    """200 first attempts earn 40; 30 retries spent, a window later 10 calls are covered, not 11."""
    budget = RetryBudget()
    for _ in range(200):
        budget.first_attempt()
    for _ in range(30):
        assert budget.try_retry()
    clock.now += 12
    assert budget.covers(10) and not budget.covers(11)


def test_a_gate_idle_for_two_windows_opens_no_place_beyond_its_size(clock: _Clock) -> None:
    """Widened by earned retries, a gate left idle 25 s takes no place beyond its size again."""
    budget = RetryBudget()
    lane = _Lane(asyncio.new_event_loop(), 2, budget, 3)
    try:
        for _ in range(50):  # 10 retries earned
            budget.first_attempt()
        assert [lane.take() for _ in range(5)] == [True] * 5
        assert not lane.take()  # spare spent
        for _ in range(5):
            lane.release()
        assert (lane.free, lane.extra) == (2, 0)
        clock.now += 25
        assert [lane.take() for _ in range(3)] == [True, True, False]
    finally:
        lane.loop.close()


async def test_a_caller_queued_as_the_gate_narrows_waits_for_a_paced_place(clock: _Clock) -> None:
    """As the earned retries roll away, a queued caller waits for a paced place, or its patience.

    The places beyond the size close as they are given back, serving nobody.
    """
    budget = RetryBudget()
    lane = _Lane(asyncio.get_running_loop(), 2, budget, 3)
    for _ in range(50):
        budget.first_attempt()
    assert [lane.take() for _ in range(5)] == [True] * 5  # 2 paced, 3 beyond
    clock.now += 25  # the earned retries are forgotten
    patient = asyncio.ensure_future(lane.acquire(5.0, lambda: None))
    hasty = asyncio.ensure_future(lane.acquire(0.3, lambda: None))
    await asyncio.sleep(0)
    for _ in range(3):
        lane.release()  # each closes a place beyond the size: nobody is served
    await asyncio.sleep(0)
    assert not patient.done() and not hasty.done()
    assert (lane.free, lane.extra, len(lane.waiters)) == (0, 0, 2)
    lane.release()  # a paced place: to the first in line
    await asyncio.wait_for(patient, 1)
    with pytest.raises(httpx.PoolTimeout):
        await asyncio.wait_for(hasty, 5)
    assert (lane.free, lane.extra, len(lane.waiters)) == (0, 0, 0)
    lane.release()
    lane.release()
    assert (lane.free, lane.extra) == (2, 0)


BUSY_CALLS = 500
"""Calls that earn 0.2 x 500 = 100 retries: enough for every place the gate may open."""
OVER = 150
"""Held calls beyond the 100 places a loop's gate may open."""


async def _hold_over_the_limit(client: AsyncPaymentsClient, server: WireServer) -> list[Any]:
    """Start ``OVER`` calls the server holds; return them once 100 are on the wire."""
    calls = [asyncio.ensure_future(client.balances.retrieve()) for _ in range(OVER)]
    await until(lambda: server.in_flight >= MAX_CONNECTIONS)
    await asyncio.sleep(0.1)  # time for any place that would wrongly open
    return calls


async def test_a_busy_client_never_has_more_than_max_connections_on_the_wire_per_loop() -> None:
    """After 500 calls, 150 held calls: 100 on the wire (80 beyond the 20), 50 queued in order."""
    hold = Holding()

    with serve(hold) as server:
        async with AsyncPaymentsClient(api_key=KEY, base_url=server.url) as client:
            await _warm(client, BUSY_CALLS)
            hold.on = True
            calls = await _hold_over_the_limit(client, server)
            lane = client._pool._lane()
            spare = MAX_CONNECTIONS - PACED_CONNECTIONS
            assert (lane.free, lane.extra, len(lane.waiters)) == (0, spare, OVER - MAX_CONNECTIONS)
            assert server.in_flight == MAX_CONNECTIONS
            server.release()
            await asyncio.gather(*calls)
            assert (lane.free, lane.extra, len(lane.waiters)) == (PACED_CONNECTIONS, 0, 0)
    assert server.peak_in_flight == MAX_CONNECTIONS


async def test_aclose_with_places_open_beyond_the_paced_size_ends_every_call() -> None:
    """aclose() with 100 calls on the wire and 50 queued: all 150 end with ClientClosedError."""
    hold = Holding()

    with serve(hold) as server:
        client = AsyncPaymentsClient(api_key=KEY, base_url=server.url)
        await _warm(client, BUSY_CALLS)
        hold.on = True
        calls = await _hold_over_the_limit(client, server)
        lane = client._pool._lane()
        await client.aclose()
        results = await asyncio.gather(*calls, return_exceptions=True)
        server.release()
    assert all(isinstance(result, ClientClosedError) for result in results), results
    assert (lane.free, lane.extra, len(lane.waiters)) == (PACED_CONNECTIONS, 0, 0)
    assert len(server.seen) == BUSY_CALLS + MAX_CONNECTIONS  # the queued 50 never sent


async def test_with_options_copies_earn_and_spend_one_budget() -> None:
    """400 calls through a copy let the original run 64 calls at once, on the one gate."""
    hold = Holding()

    with serve(hold) as server:
        async with AsyncPaymentsClient(api_key=KEY, base_url=server.url) as client:
            await _warm(client.with_options(max_retries=1))
            hold.on = True
            calls = [asyncio.ensure_future(client.balances.retrieve()) for _ in range(WIDE)]
            await until(lambda: server.in_flight >= WIDE)
            lane = client._pool._lane()
            assert (lane.free, lane.extra, len(lane.waiters)) == (0, WIDE - PACED_CONNECTIONS, 0)
            server.release()
            await asyncio.gather(*calls)


def test_loops_in_threads_gate_their_own_calls_on_the_clients_one_budget() -> None:
    """One thread's 400 calls let another thread's loop run 64 at once; the first's gate is idle."""
    hold = Holding()
    lanes: dict[str, _Lane] = {}
    seen_wide: list[tuple[int, int, int]] = []
    errors: list[BaseException] = []
    warmed, done = threading.Event(), threading.Event()

    async def warm_then_stay(client: AsyncPaymentsClient) -> None:
        await _warm(client)
        lanes["warm"] = client._pool._lane()
        warmed.set()
        await until(done.is_set, 60)  # this loop stays alive while the other runs

    async def wide(client: AsyncPaymentsClient) -> None:
        calls = [asyncio.ensure_future(client.balances.retrieve()) for _ in range(WIDE)]
        await until(lambda: server.in_flight >= WIDE)
        lane = lanes["wide"] = client._pool._lane()
        seen_wide.append((lane.free, lane.extra, len(lane.waiters)))
        server.release()
        await asyncio.gather(*calls)

    def run(main: Callable[[AsyncPaymentsClient], Coroutine[Any, Any, None]]) -> None:
        try:
            asyncio.run(main(client))
        except BaseException as exc:  # reported below
            errors.append(exc)
            warmed.set()

    with serve(hold) as server:
        client = AsyncPaymentsClient(api_key=KEY, base_url=server.url)
        staying = threading.Thread(target=run, args=(warm_then_stay,))
        staying.start()
        warmed.wait(60)
        hold.on = True
        other = threading.Thread(target=run, args=(wide,))
        other.start()
        other.join(60)
        warm = lanes.get("warm")
        idle = None if warm is None else (warm.free, warm.extra, len(warm.waiters))
        done.set()
        staying.join(60)
        asyncio.run(client.aclose())
    assert not errors, errors
    assert seen_wide == [(0, WIDE - PACED_CONNECTIONS, 0)]
    assert idle == (PACED_CONNECTIONS, 0, 0) and lanes["warm"] is not lanes["wide"]
