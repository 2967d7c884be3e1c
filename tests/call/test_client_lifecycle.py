"""A client's life in a service: shutdown, new loops and threads, cancellation, storms of 429s."""

from __future__ import annotations

import asyncio
import contextlib
import gc
import threading
import time
import warnings

import httpx
import pytest

from payments_sdk import (
    AsyncPaymentsClient,
    ClientClosedError,
    PaymentsError,
    RateLimitError,
)
from tests.conftest import MakeClient
from tests.pagination.test_every_record_once_newest_first import FakePayments
from tests.support.keyscan import KEY
from tests.support.loop_watchdog import TASK_NAME
from tests.support.wire_server import RateLimit, Reply, Seen, serve, until

pytestmark = pytest.mark.usefixtures("loop_watchdog")  # fails a test that blocks the loop

# -- aclose() while calls are in flight --------------------------------------------------------


async def test_aclose_ends_every_call_in_flight_with_an_sdk_error() -> None:
    """Calls on the wire, queued at the gate and waiting to retry all end with ClientClosedError."""

    async def script(seen: Seen) -> Reply:
        if seen.target.endswith("/fx_rates"):
            return Reply(status=500, headers={"retry-after": "30"})  # no client-wide hold
        await server.wait_gate()  # held until the test ends
        return Reply()

    with serve(script) as server:
        client = AsyncPaymentsClient(api_key=KEY, base_url=server.url)
        retrying = asyncio.ensure_future(client.request("GET", "/fx_rates"))
        await until(lambda: bool(server.seen))
        on_wire = [asyncio.ensure_future(client.balances.retrieve()) for _ in range(20)]
        queued = [asyncio.ensure_future(client.balances.retrieve()) for _ in range(10)]
        await until(lambda: len(server.seen) >= 21)
        before = time.monotonic()
        await client.aclose()
        results = await asyncio.gather(*on_wire, *queued, retrying, return_exceptions=True)
        took = time.monotonic() - before
        server.release()
    assert len(server.seen) == 21  # 20 on the wire, 1 retrying; the queued 10 never sent
    assert all(isinstance(result, ClientClosedError) for result in results), results
    assert took < 5  # promptly: not after the 30 s Retry-After or the held answers
    with pytest.raises(ClientClosedError):
        await client.balances.retrieve()


# -- new event loops and threads ---------------------------------------------------------------


def test_one_client_serves_two_asyncio_runs() -> None:
    """A client made in one asyncio.run() works in the next one, on a fresh connection."""
    with serve() as server:
        client = AsyncPaymentsClient(api_key=KEY, base_url=server.url)
        asyncio.run(client.balances.retrieve())
        asyncio.run(client.balances.retrieve())
        asyncio.run(client.aclose())
        deadline = time.monotonic() + 5
        while server.open_connections and time.monotonic() < deadline:
            time.sleep(0.01)
    assert len(server.seen) == 2
    assert server.connections == 2  # the first loop's connection closed with its loop
    assert server.open_connections == 0


def test_one_client_serves_two_threads_at_once() -> None:
    """Two threads, each with its own loop, call one client concurrently; aclose closes all."""
    errors: list[BaseException] = []
    answered: list[int] = []  # one entry per thread whose 20 calls returned

    async def calls(client: AsyncPaymentsClient, done: threading.Event) -> None:
        await asyncio.gather(*(client.balances.retrieve() for _ in range(20)))
        answered.append(20)
        await until(done.is_set)  # this loop stays alive until the main thread closes it

    with serve() as server:
        client = AsyncPaymentsClient(api_key=KEY, base_url=server.url)
        done = threading.Event()

        def run() -> None:
            try:
                asyncio.run(calls(client, done))
            except BaseException as exc:  # reported below
                errors.append(exc)

        threads = [threading.Thread(target=run) for _ in range(2)]
        for thread in threads:
            thread.start()
        deadline = time.monotonic() + 60  # a bound on the wait, not on how long they take
        # Until the calls have returned (not only reached the server: closing then would end
        # a call still reading its answer, which a busy machine made happen at random).
        while len(answered) < 2 and time.monotonic() < deadline and not errors:
            time.sleep(0.01)
        asyncio.run(client.aclose())  # from a third loop: closes the others' sessions
        closed_at = time.monotonic()
        while server.open_connections and time.monotonic() < closed_at + 5:
            time.sleep(0.01)
        open_after_close = server.open_connections
        done.set()
        for thread in threads:
            thread.join(10)
    assert not errors
    assert len(server.seen) == 40
    assert open_after_close == 0


def test_a_loop_that_ends_leaves_no_socket_behind() -> None:
    """When asyncio.run() returns, the SDK's connections of that loop are closed, unwarned."""
    with serve() as server, warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ResourceWarning)
        client = AsyncPaymentsClient(api_key=KEY, base_url=server.url)
        asyncio.run(client.balances.retrieve())
        gc.collect()
        deadline = time.monotonic() + 5
        while server.open_connections and time.monotonic() < deadline:
            time.sleep(0.01)
        assert server.open_connections == 0
        asyncio.run(client.aclose())
    assert not [w for w in caught if issubclass(w.category, ResourceWarning)]


def test_a_client_used_from_loop_after_loop_keeps_state_for_live_loops_only() -> None:
    """asyncio.run() again and again: each run works, and the client keeps no closed loop."""
    with serve() as server:
        client = AsyncPaymentsClient(api_key=KEY, base_url=server.url)
        for _ in range(5):
            asyncio.run(client.balances.retrieve())
        pool = client._pool  # what the pool keeps per loop is the point here
        kept = [pool._lanes.values(), pool.wire._lanes.values()]  # type: ignore[attr-defined]
        assert all(len(lanes) <= 1 for lanes in kept), kept
        asyncio.run(client.aclose())


def test_a_client_nobody_closed_is_closed_by_its_loop() -> None:
    """Dropped unclosed mid-loop, the client's connections close without a warning or error."""
    problems: list[object] = []

    async def forget(url: str) -> None:
        asyncio.get_running_loop().set_exception_handler(lambda _, ctx: problems.append(ctx))
        client = AsyncPaymentsClient(api_key=KEY, base_url=url)
        await client.balances.retrieve()
        del client
        gc.collect()
        await asyncio.sleep(0.05)  # the loop runs the dropped client's close

    with serve() as server, warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always", ResourceWarning)
        asyncio.run(forget(server.url))
        gc.collect()
    assert not [w for w in caught if issubclass(w.category, ResourceWarning)]
    assert problems == []


async def test_a_callers_client_closed_mid_call_is_a_client_closed_error() -> None:
    """The owner closes their http_client while a call waits to retry: ClientClosedError."""
    with serve(lambda _: _reply(Reply(status=503))) as server:
        pool = httpx.AsyncClient()
        client = AsyncPaymentsClient(api_key=KEY, base_url=server.url, http_client=pool)
        call = asyncio.ensure_future(client.balances.retrieve())
        await until(lambda: bool(server.seen))
        await pool.aclose()
        with pytest.raises(ClientClosedError, match="closed by its owner"):
            await call


# -- cancellation ------------------------------------------------------------------------------


async def test_cancellation_at_every_wait_leaves_the_client_whole() -> None:
    """Cancelled at the gate, on the wire and before a retry, a client still serves 20 at once."""
    hold = True

    async def script(seen: Seen) -> Reply:
        if seen.target.endswith("/fx_rates"):
            return Reply(status=500, headers={"retry-after": "30"})  # no client-wide hold
        if hold:
            await server.wait_gate()
        return Reply()

    with serve(script) as server:
        async with AsyncPaymentsClient(api_key=KEY, base_url=server.url) as client:
            napping = asyncio.ensure_future(client.request("GET", "/fx_rates"))
            await until(lambda: bool(server.seen))
            on_wire = [asyncio.ensure_future(client.balances.retrieve()) for _ in range(20)]
            at_gate = [asyncio.ensure_future(client.balances.retrieve()) for _ in range(5)]
            await until(lambda: len(server.seen) >= 21)
            for task in (*on_wire, *at_gate, napping):
                task.cancel()
            results = await asyncio.gather(*on_wire, *at_gate, napping, return_exceptions=True)
            assert all(isinstance(r, asyncio.CancelledError) for r in results)
            hold = False
            server.release()
            seen = len(server.seen)
            answers = await asyncio.gather(*(client.balances.retrieve() for _ in range(40)))
    assert len(answers) == 40
    assert len(server.seen) == seen + 40


# -- a prefetching walk closed early -----------------------------------------------------------


async def test_closing_a_prefetching_walk_cancels_its_prefetches(make_client: MakeClient) -> None:
    """aclosing() a walk with prefetch=4 on page 2: no prefetch is pending when it returns."""
    store = FakePayments(500)

    async def handler(request: httpx.Request) -> httpx.Response:
        if int(request.url.params["page"]) > 2:
            await asyncio.sleep(5)  # pages 3 to 6 are still in flight when the walk is closed
        return httpx.Response(200, json=store.select(request))

    client, _ = make_client(handler)
    walk = client.payments.list(per_page=10, prefetch=4)
    seen = 0
    async with contextlib.aclosing(walk.__aiter__()) as items:
        async for _ in items:
            seen += 1
            if seen == 15:
                break
    pending = [
        task
        for task in asyncio.all_tasks()
        if task is not asyncio.current_task() and not task.done() and task.get_name() != TASK_NAME
    ]
    assert pending == []


# -- storms of 429s ----------------------------------------------------------------------------


async def test_a_storm_of_429s_is_not_amplified() -> None:
    """64 calls against a service that answers 429 Retry-After to everything: <= 1.5x sends."""
    with serve(lambda _: _reply(Reply(status=429, headers={"retry-after": "0.2"}))) as server:
        async with AsyncPaymentsClient(api_key=KEY, base_url=server.url) as client:
            results = await asyncio.gather(
                *(client.balances.retrieve() for _ in range(64)), return_exceptions=True
            )
    assert all(isinstance(result, RateLimitError) for result in results)
    assert len(server.seen) <= 96, f"{len(server.seen)} requests for 64 calls"


async def test_a_burst_of_429s_is_waited_out_together() -> None:
    """The service rate-limits for 0.3 s: every call succeeds, with <= 1.5x the sends."""
    with serve(RateLimit(0.3)) as server:
        async with AsyncPaymentsClient(api_key=KEY, base_url=server.url) as client:
            results = await asyncio.gather(*(client.balances.retrieve() for _ in range(64)))
    assert len(results) == 64
    assert len(server.seen) <= 96, f"{len(server.seen)} requests for 64 calls"


async def _reply(reply: Reply) -> Reply:
    return reply


def test_every_sdk_error_here_is_a_payments_error() -> None:
    """ClientClosedError is what a graceful shutdown catches with ``except PaymentsError``."""
    assert issubclass(ClientClosedError, PaymentsError)
