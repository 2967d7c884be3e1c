"""After a 1xx informational answer, the wait for the final answer is a read like any other.

httpx (h11) reads a ``100 Continue`` or ``103 Early Hints`` and goes on reading the final answer,
each read under the ``read`` timeout. aiohttp drops its read timer as soon as it has parsed an
answer without a body, and a 1xx is one: a server that sent a 1xx and then nothing held the
default wire's call forever (no ``total`` timeout is set). The default wire times the wait again
(``_aiohttp_hooks.WireProtocol.data_received``). Only lower bounds on times are asserted.
"""

from __future__ import annotations

import asyncio
import time

import httpx
import pytest

from payments_sdk import APITimeoutError
from tests.support.clients import sdk
from tests.support.scripted_server import BODY, head, scripted_server, stalled

CONTINUE = b"HTTP/1.1 100 Continue\r\n\r\n"
EARLY = b"HTTP/1.1 103 Early Hints\r\nlink: </style.css>\r\n\r\n"
READ = 0.3


async def _timed_out_after_last_byte(wire: str, script: list[tuple[float, bytes]]) -> None:
    with scripted_server({"whole": script}) as (url, played):
        async with sdk(url, wire, timeout=httpx.Timeout(10.0, read=READ), max_retries=0) as client:
            with pytest.raises(APITimeoutError, match="timed out"):
                async with asyncio.timeout(20):  # a wait nobody timed would hang here
                    await client.ping()
            assert time.monotonic() - played.last_byte["whole"] >= READ


async def test_a_1xx_then_silence_times_out(wire: str) -> None:
    """A ``100 Continue``, then nothing: APITimeoutError ``read`` after it, not a hang."""
    await _timed_out_after_last_byte(wire, stalled((0.0, CONTINUE)))


async def test_a_1xx_and_part_of_the_final_head_in_one_read_then_silence_times_out(
    wire: str,
) -> None:
    """A 103 and half the final head in one write, then nothing: APITimeoutError."""
    await _timed_out_after_last_byte(wire, stalled((0.0, EARLY + head()[:20])))


async def test_1xx_answers_that_keep_coming_never_trip_it(wire: str) -> None:
    """Four 103s 0.15 s apart, then the answer, under a 0.3 s read timeout: answered."""
    script = [*((0.15, EARLY) for _ in range(4)), (0.15, head() + BODY)]
    with scripted_server({"whole": script}) as (url, _):
        async with sdk(url, wire, timeout=httpx.Timeout(10.0, read=READ), max_retries=0) as client:
            started = time.monotonic()
            async with asyncio.timeout(20):
                answer = await client.ping()
            assert answer is not None
            assert time.monotonic() - started >= 0.75  # the whole answer took over twice READ
