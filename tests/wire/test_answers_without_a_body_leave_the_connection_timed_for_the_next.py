"""An answer without a body (a HEAD's, a 204) ends its read timing at once, and only its own.

aiohttp drops the read timer as soon as it has parsed such an answer (its payload is empty).
On the default wire that leaves the connection in its pool's timer (``_aiohttp_hooks._ReadWatch``)
with no deadline: the next call on the same kept connection must be timed from its own reads,
the stalled one ending no sooner than ``read`` after its last byte, the trickled one answered.
"""

from __future__ import annotations

import asyncio
import time

import httpx
import pytest

from payments_sdk import APITimeoutError
from tests.support.clients import sdk
from tests.support.scripted_server import head, scripted_server, stalled, trickled

READ = 0.3
SCRIPTS = {
    "head": [(0.0, head())],  # a HEAD's answer: its Content-Length, and no body
    "no-content": [(0.0, head("204 No Content", length=None))],
    "stall": stalled(),
    "keeps": trickled(0.1, 12),
}


@pytest.mark.parametrize(("method", "script"), [("HEAD", "head"), ("GET", "no-content")])
async def test_the_call_after_an_empty_answer_is_timed_by_its_own_reads(
    wire: str, method: str, script: str
) -> None:
    """An empty answer; then a stalled call, an empty one, and a trickled one on its connection."""
    timeout = httpx.Timeout(10.0, read=READ)
    with scripted_server(SCRIPTS) as (url, played):
        async with sdk(url, wire, timeout=httpx.Timeout(30.0), max_retries=0) as client:
            async with asyncio.timeout(30):  # a read nobody timed would hang here
                empty = {"extra_headers": {"x-script": script}, "timeout": timeout}
                assert await client.request(method, "/ping", **empty) is None
                with pytest.raises(APITimeoutError):
                    await client.ping(extra_headers={"x-script": "stall"}, timeout=timeout)
                assert time.monotonic() - played.last_byte["stall"] >= READ
                assert await client.request(method, "/ping", **empty) is None
                opened = played.connections
                await asyncio.sleep(2 * READ)  # the kept connection sits in the pool, untimed
                assert await client.ping(extra_headers={"x-script": "keeps"}, timeout=timeout)
    assert played.connections == opened  # the last call went on the kept connection
