"""Calls at once on one client, each with its own ``read``, time out each by its own last read.

The default wire times every connection of a pool with one timer (``_aiohttp_hooks._ReadWatch``),
due at the soonest deadline it knew when armed: a call with a shorter ``read`` must move it
earlier, a call whose body keeps coming must never be ended by a timer armed for another, and
each stalled call must end no sooner than its own ``read`` after its own last byte. Each call
names its own script (``x-script``), so the server's last byte of each call is known. Only lower
bounds on times are asserted, and upper bounds with seconds of slack.
"""

from __future__ import annotations

import asyncio
import time

import httpx
import pytest

from payments_sdk import APITimeoutError, AsyncPaymentsClient
from tests.support.clients import sdk
from tests.support.scripted_server import BODY, head, scripted_server, stalled, trickled

HALF = len(BODY) // 2


async def _ended(client: AsyncPaymentsClient, name: str, read: float) -> tuple[object, float]:
    """Call with script ``name`` under ``read``; return the answer or error, and when it came."""
    timeout = httpx.Timeout(10.0, read=read)
    try:
        result: object = await client.ping(extra_headers={"x-script": name}, timeout=timeout)
    except APITimeoutError as exc:
        result = exc
    return result, time.monotonic()


async def test_stalled_and_trickling_calls_each_end_by_their_own_read(wire: str) -> None:
    """Eight calls stall (read 0.2 to 0.8 s, after the head or half the body), four trickle.

    The trickling ones (twelve pieces 0.1 s apart under a 0.5 s read) are answered; each
    stalled one times out no sooner than its own ``read`` after its own last byte.
    """
    reads = (0.2, 0.4, 0.6, 0.8)
    stalls = {f"head-{r}": (r, stalled()) for r in reads}
    stalls |= {f"half-{r}": (r, stalled((0.0, head() + BODY[:HALF]))) for r in reads}
    keeps = {f"keeps-{n}": (0.5, trickled(0.1, 12)) for n in range(4)}
    scripts = {name: script for name, (_, script) in (stalls | keeps).items()}
    with scripted_server(scripts) as (url, played):
        async with sdk(url, wire, timeout=httpx.Timeout(30.0), max_retries=0) as client:
            async with asyncio.timeout(20):  # a timer that never fired would hang here
                ends = await asyncio.gather(
                    *(_ended(client, name, read) for name, (read, _) in (stalls | keeps).items())
                )
    results = dict(zip(stalls | keeps, ends, strict=True))
    for name in keeps:
        assert not isinstance(results[name][0], Exception), name
    for name, (read, _) in stalls.items():
        error, ended = results[name]
        assert isinstance(error, APITimeoutError), name
        waited = ended - played.last_byte[name]
        assert read <= waited < read + 10, (name, waited)


async def test_a_shorter_read_ends_its_call_while_a_longer_one_keeps_the_timer(wire: str) -> None:
    """One call under a 10 s read trickles for 4 s; three under 0.2 s stall, started after it.

    The pool's timer is armed for the first call's 10 s; the short calls must move it earlier:
    each times out while the long call is still being answered, no sooner than 0.2 s after its
    last byte.
    """
    scripts = {"long": trickled(0.25, 16), **{f"short-{n}": stalled() for n in range(3)}}
    with scripted_server(scripts) as (url, played):
        async with sdk(url, wire, timeout=httpx.Timeout(30.0), max_retries=0) as client:
            async with asyncio.timeout(30):
                long = asyncio.create_task(_ended(client, "long", 10.0))
                assert await asyncio.to_thread(played.began("long").wait, 10)
                await asyncio.sleep(0.3)  # the long call's first body bytes are read and timed
                shorts = await asyncio.gather(
                    *(_ended(client, f"short-{n}", 0.2) for n in range(3))
                )
                answer, long_ended = await long
    assert not isinstance(answer, Exception)
    for n, (error, ended) in enumerate(shorts):
        assert isinstance(error, APITimeoutError)
        assert ended - played.last_byte[f"short-{n}"] >= 0.2
        assert ended < long_ended  # not held until the long call's deadline


@pytest.mark.parametrize("first_read", [0.2, 5.0])
async def test_a_call_timed_out_while_others_are_timed_does_not_end_them(
    wire: str, first_read: float
) -> None:
    """A call that stalls times out while three others keep coming, on one pool, in turn.

    The stalled call's timeout fires while the watch re-arms for the others (their deadlines
    are all later): they are answered; then the pool serves two more calls, one stalled.
    """
    scripts = {
        "stall": stalled(),
        "again": stalled(),
        **{f"keeps-{n}": trickled(0.1, 12) for n in range(3)},
        "whole": [(0.0, head() + BODY)],
    }
    with scripted_server(scripts) as (url, played):
        async with sdk(url, wire, timeout=httpx.Timeout(30.0), max_retries=0) as client:
            async with asyncio.timeout(30):
                ends = await asyncio.gather(
                    _ended(client, "stall", 0.3),
                    *(_ended(client, f"keeps-{n}", first_read + 0.3) for n in range(3)),
                )
                answer, _ = await _ended(client, "whole", 0.3)
                again, ended = await _ended(client, "again", 0.3)
    assert isinstance(ends[0][0], APITimeoutError)
    assert ends[0][1] - played.last_byte["stall"] >= 0.3
    assert all(not isinstance(result, Exception) for result, _ in ends[1:])
    assert not isinstance(answer, Exception)
    assert isinstance(again, APITimeoutError)
    assert ended - played.last_byte["again"] >= 0.3
