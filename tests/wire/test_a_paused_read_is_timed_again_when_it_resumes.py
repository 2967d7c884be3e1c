"""A body read in paused turns (aiohttp's flow control) is timed again each time it resumes.

aiohttp stops reading a connection whose body buffer is full (here: more than 16,384 chunks of a
chunked body in one read) and drops its read timer, since the wait is the caller's, not the
server's; when the caller has read, reading resumes and the timer is armed again. On the default
wire the pool's one timer (``_aiohttp_hooks._ReadWatch``) may fire while a connection is
paused and let it go: the resumed read must be timed again all the same. Other calls on the
same pool stall and time out meanwhile, so the timer fires during the body. Only lower bounds
on times are asserted.
"""

from __future__ import annotations

import asyncio
import time

import httpx
import pytest

from payments_sdk import APITimeoutError, AsyncPaymentsClient
from payments_sdk._aiohttp_hooks import WireProtocol
from tests.support.clients import sdk
from tests.support.scripted_server import BODY, scripted_server, stalled

HEAD = b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ntransfer-encoding: chunked\r\n\r\n"
# The body a byte a chunk, then 20,000 chunks of one space: 120 KB, one read of the socket with
# more chunks than a buffer holds (16,384): the last read pauses, and only the resume times on.
CHUNKS = b"".join(b"1\r\n%c\r\n" % byte for byte in BODY) + b"1\r\n \r\n" * 20_000
READ = 0.3


@pytest.fixture
def pauses(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The times the default wire paused reading a connection, during the test."""
    paused: list[float] = []
    pause = WireProtocol.pause_reading

    def counted(self: WireProtocol) -> None:
        paused.append(time.monotonic())
        pause(self)

    monkeypatch.setattr(WireProtocol, "pause_reading", counted)
    return paused


async def _call(client: AsyncPaymentsClient, name: str, read: float) -> object:
    timeout = httpx.Timeout(10.0, read=read)
    try:
        return await client.ping(extra_headers={"x-script": name}, timeout=timeout)
    except APITimeoutError as exc:
        return exc


@pytest.mark.parametrize("ends", [True, False], ids=["whole", "stalled"])
async def test_a_body_read_in_paused_turns_is_timed_to_its_end(
    wire: str, ends: bool, pauses: list[float]
) -> None:
    """120 KB in 20,000 chunks at once, while three calls on the pool stall under 0.05 s.

    Whole, it is answered; stopped before its last chunk, it times out no sooner than ``read``
    after its last byte, and does not hang.
    """
    body = [(0.0, HEAD + CHUNKS + b"0\r\n\r\n")] if ends else stalled((0.0, HEAD + CHUNKS))
    scripts = {"body": body, **{f"stall-{n}": stalled() for n in range(3)}}
    with scripted_server(scripts) as (url, played):
        async with sdk(url, wire, timeout=httpx.Timeout(30.0), max_retries=0) as client:
            async with asyncio.timeout(30):  # a read nobody timed would hang here
                results = await asyncio.gather(
                    _call(client, "body", READ),
                    *(_call(client, f"stall-{n}", 0.05 * (n + 1)) for n in range(3)),
                )
            ended = time.monotonic()
    assert all(isinstance(result, APITimeoutError) for result in results[1:])
    if ends:
        assert not isinstance(results[0], Exception)
    else:
        assert isinstance(results[0], APITimeoutError)
        assert ended - played.last_byte["body"] >= READ
    if wire == "aiohttp":
        assert pauses  # the body was read in paused turns
