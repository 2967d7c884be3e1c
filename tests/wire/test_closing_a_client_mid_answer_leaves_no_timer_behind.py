"""A client closed while its calls' reads are timed ends them, and its read timer does no harm.

``aclose`` ends every call in flight (ClientClosedError) as its connection closes, a call whose
answer's head was read too: aiohttp's ``close`` of a connection let go of the body being read
without ending it, and dropped the read timer, so such a call waited forever (the default wire
ends the body, ``_aiohttp_hooks.WireProtocol.close``). The pool's timer
(``_aiohttp_hooks._ReadWatch``) was armed for those reads: when it fires later it must find
nothing to end, raise nothing into the event loop, and keep no connection.
"""

from __future__ import annotations

import asyncio
import gc
import math
from typing import Any

import httpx

from payments_sdk import ClientClosedError
from payments_sdk._aiohttp_hooks import WireProtocol, _ReadWatch
from tests.support.clients import sdk
from tests.support.scripted_server import BODY, head, scripted_server, stalled, trickled

SCRIPTS = {
    "stall": stalled(),
    "half": stalled((0.0, head() + BODY[:20])),
    "keeps": trickled(0.1, 12),
}


async def test_calls_in_flight_end_and_the_timer_finds_nothing_when_it_fires() -> None:
    """Six calls mid-answer under a 0.4 s read; the client closes; 0.8 s later, all is quiet."""
    loop = asyncio.get_running_loop()
    raised: list[dict[str, Any]] = []
    loop.set_exception_handler(lambda _, context: raised.append(context))
    try:
        with scripted_server(SCRIPTS) as (url, played):
            async with sdk(url, "aiohttp", max_retries=0) as client:
                timeout = httpx.Timeout(10.0, read=0.4)
                calls = [
                    asyncio.ensure_future(
                        client.ping(extra_headers={"x-script": name}, timeout=timeout)
                    )
                    for name in ["stall", "half", "keeps"] * 2
                ]
                for name in SCRIPTS:
                    assert await asyncio.to_thread(played.began(name).wait, 10)
                await asyncio.sleep(0.05)  # every head read: each exchange's reads are timed
                watches = [o for o in gc.get_objects() if isinstance(o, _ReadWatch)]
                watch = next(w for w in watches if w._loop is loop)
                assert watch.due < math.inf
                async with asyncio.timeout(10):
                    await client.aclose()
                    results = await asyncio.gather(*calls, return_exceptions=True)
                assert all(isinstance(result, ClientClosedError) for result in results), results
                del calls, results  # their tracebacks hold the frames that held the protocols
                await asyncio.sleep(0.8)  # past every deadline the timer was armed for
                assert (watch.due, watch._handle, watch._timed) == (math.inf, None, set())
        for _ in range(10):
            await asyncio.sleep(0)
        gc.collect()
        kept = [o for o in gc.get_objects() if isinstance(o, WireProtocol) and o._loop is loop]
        assert not kept
    finally:
        loop.set_exception_handler(None)
    assert raised == []
