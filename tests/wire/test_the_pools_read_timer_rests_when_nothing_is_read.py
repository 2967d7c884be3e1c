"""The default wire's one read timer per pool is armed only while a read is timed, and forgets.

``_aiohttp_hooks._ReadWatch`` keeps one timer for every connection of a pool. With no ``read``
timeout no timer is ever armed; once every answer is read the timer fires at most once more and
is not armed again (nothing fires over and over on an idle client); the connections it knows
are never more than the pool's live ones, however many calls went by; and each event loop that
uses a client (``asyncio.run`` called again) has a pool and a timer of its own. The watch is
found by the garbage collector's list, as ``test_closed_connections_are_not_kept`` finds
protocols: no public name reaches it.
"""

from __future__ import annotations

import asyncio
import gc
import math
import time

import httpx
import pytest

from payments_sdk import APITimeoutError, AsyncPaymentsClient
from payments_sdk._aiohttp_hooks import WireProtocol, _ReadWatch
from tests.support.clients import KEY, sdk
from tests.support.scripted_server import BODY, head, scripted_server, stalled, trickled

SCRIPTS = {
    "whole": [(0.0, head() + BODY)],
    "closes": [(0.0, head().replace(b"\r\n\r\n", b"\r\nconnection: close\r\n\r\n") + BODY)],
    "keeps": trickled(0.05, 6),
    "stall": stalled(),
}


def _watch() -> _ReadWatch:
    """The read timer of the running loop's one pool."""
    loop = asyncio.get_running_loop()
    watches = [o for o in gc.get_objects() if isinstance(o, _ReadWatch) and o._loop is loop]
    assert len(watches) == 1
    return watches[0]


def _call(client: AsyncPaymentsClient, name: str, read: float | None) -> object:
    return client.ping(extra_headers={"x-script": name}, timeout=httpx.Timeout(10.0, read=read))


async def test_no_read_timeout_arms_no_timer() -> None:
    """Forty calls at once under ``read=None``, some trickled: the timer is never armed."""
    with scripted_server(SCRIPTS) as (url, _):
        async with sdk(url, "aiohttp", max_retries=0) as client:
            names = ["whole", "closes", "keeps", "whole"] * 10
            async with asyncio.timeout(30):
                calls = [asyncio.ensure_future(_call(client, n, None)) for n in names]
                await asyncio.sleep(0.1)  # mid-answer: heads read, bodies coming
                watch = _watch()
                assert (watch.due, watch._handle) == (math.inf, None)
                await asyncio.gather(*calls)
            assert (watch.due, watch._handle) == (math.inf, None)
            assert not watch._timed


async def test_the_timer_is_not_armed_again_once_every_answer_is_read() -> None:
    """Two hundred calls under a 0.2 s read, eight at a time: 0.5 s later, nothing is armed.

    The timer's last run finds every exchange untimed, lets each go, and arms nothing.
    """
    with scripted_server(SCRIPTS) as (url, _):
        async with sdk(url, "aiohttp", max_retries=0) as client:
            async with asyncio.timeout(60):
                for round_ in range(25):
                    await asyncio.gather(*(_call(client, "whole", 0.2) for _ in range(7)))
                    await _call(client, "keeps" if round_ % 5 == 0 else "whole", 0.2)
                await asyncio.sleep(0.5)  # the timer, due 0.2 s after a read at most, has run
            watch = _watch()
            assert (watch.due, watch._handle) == (math.inf, None)
            assert not watch._timed


async def test_the_connections_the_timer_knows_are_at_most_the_live_ones() -> None:
    """A thousand calls under a 60 s read, sixteen at a time, half on connections closed after.

    After each batch the timer knows no more connections than are open; at the end, none that
    was closed is kept anywhere.
    """
    with scripted_server(SCRIPTS) as (url, played):
        async with sdk(url, "aiohttp", max_retries=0) as client:
            async with asyncio.timeout(120):
                watch: _ReadWatch | None = None
                for _ in range(1000 // 16):
                    await asyncio.gather(*(_call(client, n, 60.0) for n in ["whole", "closes"] * 8))
                    await asyncio.sleep(0)  # closed connections' connection_lost run
                    await asyncio.sleep(0)
                    watch = watch or _watch()
                    live = [p for p in watch._timed if p.transport is not None]
                    assert len(watch._timed) == len(live) <= 16
            for _ in range(10):
                await asyncio.sleep(0)
            gc.collect()
            kept = [o for o in gc.get_objects() if isinstance(o, WireProtocol)]
            assert len(kept) <= 16
    assert played.connections >= 1000 // 2  # the server's closes were real


def test_each_event_loop_has_its_own_timer() -> None:
    """One client in three ``asyncio.run`` in turn: a stalled call times out in each.

    Answered calls go around it, and each run's pool has a timer of its own.
    """
    seen: list[_ReadWatch] = []

    async def run(client: AsyncPaymentsClient, played_last: dict[str, float]) -> None:
        async with asyncio.timeout(20):
            await _call(client, "whole", 0.3)
            with pytest.raises(APITimeoutError):
                await _call(client, "stall", 0.3)
            assert time.monotonic() - played_last["stall"] >= 0.3
            await _call(client, "keeps", 0.3)
            seen.append(_watch())

    with scripted_server(SCRIPTS) as (url, played):
        client = AsyncPaymentsClient(api_key=KEY, base_url=url, max_retries=0)
        try:
            for _ in range(3):
                asyncio.run(run(client, played.last_byte))
        finally:
            asyncio.run(client.aclose())
    assert len({id(watch) for watch in seen}) == 3


def test_a_timer_run_early_within_the_clocks_resolution_ends_the_exchange(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """On a coarse clock (about 15 ms on Windows) asyncio runs a timer that much early.

    The watch counts a deadline within that as passed and ends the exchange, instead of arming
    itself again for the same deadline until the clock reaches it.
    """
    from payments_sdk import _aiohttp_hooks

    monkeypatch.setattr(_aiohttp_hooks, "TIMER_EARLY", 0.015)
    armed: list[float] = []
    now = 100.0

    class Loop:
        def time(self) -> float:
            return now

        def call_at(self, when: float, callback: object) -> Handle:
            armed.append(when)
            return Handle()

    class Handle:
        def cancel(self) -> None:
            """Nothing armed to cancel."""

    ended: list[bool] = []

    class Protocol:
        read_due = now + 0.01  # due 10 ms from now: within the clock's resolution

        def read_timed_out(self) -> None:
            ended.append(True)

    watch = _ReadWatch(Loop())  # type: ignore[arg-type]
    watch.watch(Protocol(), Protocol.read_due)  # type: ignore[arg-type]
    watch._fire()
    assert ended == [True]
    assert armed == [now + 0.01]  # armed once, when watched; not again for the same deadline
