"""The read timeout bounds each wait for bytes, on both wires, counted from the last read.

httpx applies ``read`` to each read: a body that keeps coming never trips it, and a server that
stops sending trips it ``read`` seconds after its last byte. aiohttp re-arms a timer on every
read; the default wire keeps one timer per pool for all its connections, which, when it fires,
ends the exchanges whose last read's deadline has passed and is armed again for the soonest
deadline left (``_aiohttp_hooks.WireProtocol`` and ``_ReadWatch``). These tests hold both wires
to httpx's meaning, against a server on its own thread that writes each answer in timed pieces
(so a busy event loop delays the client's timer, never the server's bytes). The only times
asserted are lower bounds: a timeout can fire late on a loaded machine, never early.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import socket
import threading
import time
from collections.abc import Iterator

import httpx
import pytest
from aiohttp import ServerTimeoutError

from payments_sdk import APITimeoutError
from payments_sdk._aiohttp_hooks import WireProtocol
from tests.support.clients import sdk
from tests.support.schema_values import answered
from tests.support.thread_server import read_head, threaded_server

BODY = json.dumps(answered("ping", {})).encode() + b" " * 120  # room for twelve pieces

Piece = tuple[float, bytes]
"""Seconds to wait, then bytes to write."""


def _head() -> bytes:
    return (
        f"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: {len(BODY)}\r\n\r\n"
    ).encode()


def trickled(gap: float, pieces: int) -> list[Piece]:
    """The answer: its head at once, then its body in ``pieces`` parts, ``gap`` s apart."""
    size = -(-len(BODY) // pieces)
    parts = [BODY[i : i + size] for i in range(0, len(BODY), size)]
    return [(0.0, _head()), *((gap, part) for part in parts)]


@contextlib.contextmanager
def timed_server(*answers: list[Piece]) -> Iterator[tuple[str, list[float]]]:
    """A loopback server writing ``answers`` in turn, one per request, kept alive.

    Yields the base URL and the times (``time.monotonic``) its last byte of each answer went.
    """
    script = list(answers)
    written: list[float] = []

    def answer(connection: socket.socket, stop: threading.Event) -> None:
        data = b""
        while script and not stop.is_set():
            got = read_head(connection, data)
            if got is None:
                return
            data = got[1]  # the requests here have no body
            for wait, piece in script.pop(0):
                if stop.wait(wait):
                    return
                connection.sendall(piece)
            written.append(time.monotonic())

    with threaded_server(answer) as url:
        yield url, written


async def test_a_body_that_keeps_coming_never_trips_the_read_timeout(wire: str) -> None:
    """Twelve pieces 0.1 s apart (1.2 s in all) under a read timeout of 0.6 s: answered."""
    with timed_server(trickled(0.1, 12)) as (url, written):
        timeout = httpx.Timeout(10.0, read=0.6)
        async with sdk(url, wire, timeout=timeout, max_retries=0) as client:
            started = time.monotonic()
            answer = await client.ping()
    assert answer is not None
    assert written[0] - started >= 1.2  # the whole answer took twice the read timeout


async def test_a_server_that_stops_sending_trips_it_after_its_last_byte(wire: str) -> None:
    """Half the body over 0.6 s, then silence: APITimeoutError no sooner than 0.6 + 0.3 s."""
    pieces = trickled(0.1, 12)[:7]  # the head and six parts, then nothing
    with timed_server([*pieces, (30.0, b"")]) as (url, _):
        timeout = httpx.Timeout(10.0, read=0.3)
        async with sdk(url, wire, timeout=timeout, max_retries=0) as client:
            started = time.monotonic()
            with pytest.raises(APITimeoutError, match="timed out"):
                async with asyncio.timeout(20):  # a timer that never fired would hang here
                    await client.ping()
            assert time.monotonic() - started >= 0.6 + 0.3


async def test_one_pool_times_each_connection_by_its_own_last_read(wire: str) -> None:
    """Two calls at once on one client: the one whose server stops sending times out alone.

    One answer keeps coming (twelve pieces 0.1 s apart), the other stops after its head; which
    connection gets which answer is the server's order, so only the count of each is asserted.
    """
    stalled = [(0.0, _head()), (30.0, b"")]
    with timed_server(trickled(0.1, 12), stalled) as (url, _):
        timeout = httpx.Timeout(10.0, read=0.4)
        async with sdk(url, wire, timeout=timeout, max_retries=0) as client:
            async with asyncio.timeout(20):  # a timer that never fired would hang here
                results = await asyncio.gather(client.ping(), client.ping(), return_exceptions=True)
    assert sorted(type(result).__name__ for result in results) == ["APITimeoutError", "Ping"]


async def test_a_shorter_read_timeout_moves_the_armed_timer_earlier() -> None:
    """The pool's one timer, armed for 60 s, is moved to a later exchange's 0.2 s.

    aiohttp drops the timer at the end of each answer, so no exchange should find one armed;
    if one did, its deadline must not stand for a shorter timeout.
    """
    protocol = WireProtocol(loop=asyncio.get_running_loop())
    protocol.read_timeout = 60.0
    protocol.start_timeout()
    protocol.read_timeout = 0.2
    protocol.start_timeout()
    await asyncio.sleep(0.5)  # the 0.2 s timer is due first: it has run when this wakes
    assert isinstance(protocol.exception(), ServerTimeoutError)
    protocol.read_timeout = None
    protocol.start_timeout()  # no read timeout: no timer
