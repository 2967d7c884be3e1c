"""A pool whose calls timed out or were cancelled mid-answer goes on timing each read rightly.

The default wire's timer belongs to the pool (``_aiohttp_hooks._ReadWatch``), and outlives every
exchange: a call cancelled mid-answer (``asyncio.timeout`` or ``Task.cancel``) or ended by its
read timeout must leave it able to time the next calls, on new connections and on reused ones;
and a connection kept alive between calls is never timed while it sits in the pool (aiohttp
drops the timer at the end of each answer). Only lower bounds on times are asserted.
"""

from __future__ import annotations

import asyncio
import gc
import time
from typing import Any

import httpx
import pytest

from payments_sdk import APITimeoutError, AsyncPaymentsClient
from tests.support.clients import sdk
from tests.support.scripted_server import BODY, head, scripted_server, stalled, trickled

READ = 0.3
SCRIPTS = {
    "whole": [(0.0, head() + BODY)],
    "stall": stalled(),
    "half": stalled((0.0, head() + BODY[:20])),
    "keeps": trickled(0.1, 12),
}


async def _call(client: AsyncPaymentsClient, name: str, read: float | None = READ) -> Any:
    return await client.ping(
        extra_headers={"x-script": name}, timeout=httpx.Timeout(10.0, read=read)
    )


async def _times_out(client: AsyncPaymentsClient, name: str, last_byte: dict[str, float]) -> None:
    with pytest.raises(APITimeoutError, match="timed out"):
        await _call(client, name)
    assert time.monotonic() - last_byte[name] >= READ


async def test_calls_after_a_cancelled_call_are_timed(wire: str) -> None:
    """A call cancelled by ``asyncio.timeout`` mid-body and one by ``Task.cancel``; then more.

    The next calls on the same client: one answered, one stalled that times out no sooner than
    ``read`` after its last byte, one trickled over twice ``read`` that is answered; nothing
    is reported to the event loop's exception handler (a future whose error nobody read).
    """
    loop = asyncio.get_running_loop()
    raised: list[dict[str, Any]] = []
    loop.set_exception_handler(lambda _, context: raised.append(context))
    with scripted_server(SCRIPTS) as (url, played):
        async with sdk(url, wire, timeout=httpx.Timeout(30.0), max_retries=0) as client:
            async with asyncio.timeout(30):
                with pytest.raises(TimeoutError):
                    async with asyncio.timeout(0.6):  # the body stopped after 20 bytes
                        await _call(client, "half", 10.0)
                task = asyncio.create_task(_call(client, "keeps"))
                await asyncio.sleep(0.4)  # mid-body: the head and a few pieces read
                task.cancel()
                with pytest.raises(asyncio.CancelledError):
                    await task
                assert await _call(client, "whole") is not None
                await _times_out(client, "stall", played.last_byte)
                assert await _call(client, "keeps") is not None
    gc.collect()  # a future whose exception was never retrieved reports it when collected
    loop.set_exception_handler(None)
    assert raised == []


async def test_a_reused_connection_is_timed_after_a_timeout(wire: str) -> None:
    """Answered, timed out, answered twice (the second on a kept connection), timed out again."""
    with scripted_server(SCRIPTS) as (url, played):
        async with sdk(url, wire, timeout=httpx.Timeout(30.0), max_retries=0) as client:
            async with asyncio.timeout(30):
                assert await _call(client, "whole") is not None
                await _times_out(client, "stall", played.last_byte)
                assert await _call(client, "whole") is not None
                opened = played.connections
                assert await _call(client, "whole") is not None
                assert played.connections == opened  # the kept connection carried it
                await _times_out(client, "half", played.last_byte)
                assert await _call(client, "keeps") is not None


@pytest.mark.parametrize("read", [0.2, None])
async def test_a_kept_connection_is_not_timed_while_it_sits_in_the_pool(
    wire: str, read: float | None
) -> None:
    """Two calls 0.6 s apart under a 0.2 s read (or none) go on one connection, answered.

    A read timer left armed after the first answer would end the idle connection, and the
    second call would need a new one.
    """
    with scripted_server(SCRIPTS) as (url, played):
        async with sdk(url, wire, timeout=httpx.Timeout(30.0), max_retries=0) as client:
            async with asyncio.timeout(30):
                assert await _call(client, "whole", read) is not None
                await asyncio.sleep(0.6)
                assert await _call(client, "whole", read) is not None
                assert await _call(client, "keeps", read) is not None
    assert played.connections == 1
