"""A server that stops reading an upload ends the call at the ``write`` timeout, on both wires.

httpx applies ``write`` to each write of the body; aiohttp has none, so the default wire writes
a large body in chunks under the same timeout. The server here reads the request's head and
then nothing: 32 MiB cannot fit the loopback socket's buffers, so the writer stalls, and the
call raises ``APITimeoutError`` from a ``WriteTimeout``, sent once (a POST that may have been
processed is never resent), well before the read timeout.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import threading
from collections.abc import Iterator

import httpx
import pytest

from payments_sdk import APITimeoutError
from tests.support.clients import sdk
from tests.support.thread_server import read_head, threaded_server

BODY = 32 * 1024 * 1024


@contextlib.contextmanager
def deaf_server() -> Iterator[tuple[str, list[int]]]:
    """A loopback server that reads each request's head, then never reads again."""
    heads: list[int] = []

    def hear_head(connection: socket.socket, stop: threading.Event) -> None:
        got = read_head(connection)
        heads.append(0 if got is None else len(got[0]))

    with threaded_server(hear_head) as url:
        yield url, heads


@pytest.mark.parametrize("wire", ["httpx", "aiohttp"])
async def test_a_stalled_upload_ends_at_the_write_timeout(wire: str) -> None:
    timeout = httpx.Timeout(60.0, write=0.5)
    with deaf_server() as (url, heads):
        async with sdk(url, wire, timeout=timeout, max_retries=2) as client:
            async with asyncio.timeout(30):  # the read timeout (60 s) is not what ends it
                with pytest.raises(APITimeoutError) as raised:
                    await client.documents.upload(b"x" * BODY, file_name="big.pdf")
    assert (
        isinstance(raised.value.__cause__, httpx.WriteTimeout)
        or "write" in str(raised.value).lower()
    )
    assert len(heads) == 1  # a POST that may have been processed is not sent again
