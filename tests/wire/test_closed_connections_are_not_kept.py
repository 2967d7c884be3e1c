"""A connection the server closed is let go: nothing of the default wire keeps its protocol.

The default wire's read timer is one per pool (``_aiohttp_hooks._ReadWatch``), and it knows each
connection whose reads it times. A connection closed after every answer (``Connection: close``)
must leave it when it closes, not when the timer next fires: with a long read timeout, a busy
client would otherwise keep every connection it opened within that timeout.
"""

from __future__ import annotations

import asyncio
import gc
import json
import socket
import threading

import httpx

from payments_sdk._aiohttp_hooks import WireProtocol
from tests.support.clients import sdk
from tests.support.schema_values import answered
from tests.support.thread_server import read_head, threaded_server

BODY = json.dumps(answered("ping", {})).encode()
CALLS = 40


def _close_after_one_answer(connection: socket.socket, stop: threading.Event) -> None:
    if read_head(connection) is None:
        return
    connection.sendall(
        b"HTTP/1.1 200 OK\r\ncontent-type: application/json\r\nconnection: close\r\n"
        + f"content-length: {len(BODY)}\r\n\r\n".encode()
        + BODY
    )
    connection.shutdown(socket.SHUT_RDWR)


async def test_connections_the_server_closed_are_not_kept() -> None:
    """Forty calls under a 600 s read timeout, each on a connection closed after its answer."""
    with threaded_server(_close_after_one_answer) as url:
        async with sdk(url, "aiohttp", timeout=httpx.Timeout(600.0), max_retries=0) as client:
            for _ in range(CALLS):
                await client.ping()
            for _ in range(10):  # the last connection's close runs on the next loop turns
                await asyncio.sleep(0)
            gc.collect()
            kept = [o for o in gc.get_objects() if isinstance(o, WireProtocol)]
    assert len(kept) <= 2, f"{len(kept)} of {CALLS} closed connections' protocols are kept"
