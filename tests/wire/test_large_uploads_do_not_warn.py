"""Uploads over 1 MiB send without aiohttp's ``ResourceWarning``, on both wires.

aiohttp warns ``Sending a large body directly with raw bytes might lock the event loop`` for a
``bytes`` body over 1 MiB; a service whose tests run with ``-W error::ResourceWarning`` (as
``make test`` does, see pyproject.toml) would fail. Each test here turns that warning into an
error itself too, so it guards the promise whatever the command line.
"""

from __future__ import annotations

import asyncio
import contextlib
import warnings
from collections.abc import AsyncIterator, Iterator

import httpx
import pytest

from payments_sdk import APIStatusError, AsyncPaymentsClient, PaymentsError
from tests.support.keyscan import KEY
from tests.support.schema_values import answered
from tests.support.wire_server import Reply, Seen, serve

MIB = 1024 * 1024


@pytest.fixture(autouse=True)
def resource_warnings_are_errors() -> Iterator[None]:
    """A ResourceWarning raised anywhere in the test fails it."""
    with warnings.catch_warnings():
        warnings.simplefilter("error", ResourceWarning)
        yield


@contextlib.asynccontextmanager
async def sdk(url: str, wire: str) -> AsyncIterator[AsyncPaymentsClient]:
    """A client for ``url`` on ``wire``."""
    if wire == "httpx":
        async with (
            httpx.AsyncClient() as http,
            AsyncPaymentsClient(api_key=KEY, base_url=url, http_client=http) as client,
        ):
            yield client
    else:
        async with AsyncPaymentsClient(api_key=KEY, base_url=url) as client:
            yield client


DOCUMENT = {"id": "doc_1", "type": "passport", "file_name": "scan.pdf"}


async def test_a_2_mib_upload_is_sent_whole(wire: str) -> None:
    async def script(seen: Seen) -> Reply:
        return Reply(
            status=201, body=answered("documents.upload", {**DOCUMENT, "size": len(seen.body)})
        )

    with serve(script) as server:
        async with sdk(server.url, wire) as client:
            await client.documents.upload(b"x" * (2 * MIB), type="passport")
    (seen,) = server.seen
    assert b"x" * (2 * MIB) in seen.body
    assert int(seen.headers["content-length"]) == len(seen.body)
    assert "transfer-encoding" not in seen.headers


async def test_a_cancelled_8_mib_upload(wire: str) -> None:
    """Cancelled while the server holds the answer back: no warning, the task is cancelled."""
    with serve(lambda _: _never()) as server:
        async with sdk(server.url, wire) as client:
            task = asyncio.ensure_future(client.documents.upload(b"x" * (8 * MIB), type="passport"))
            for _ in range(500):
                if server.seen or task.done():
                    break
                await asyncio.sleep(0.01)
            task.cancel()
            with pytest.raises(asyncio.CancelledError):
                await task
        server.release()


async def _never() -> Reply:
    await asyncio.sleep(3600)
    return Reply()


async def _early_413(port_holder: list[int]) -> asyncio.Server:
    """A server that answers 413 as soon as it has read the request head, and closes."""

    async def answer(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        with contextlib.suppress(Exception):
            await reader.readuntil(b"\r\n\r\n")
            body = b'{"error": "too_large", "message": "the file is too large"}'
            writer.write(
                b"HTTP/1.1 413 Payload Too Large\r\ncontent-type: application/json\r\n"
                b"connection: close\r\ncontent-length: "
                + str(len(body)).encode()
                + b"\r\n\r\n"
                + body
            )
            await writer.drain()
            writer.close()

    server = await asyncio.start_server(answer, "127.0.0.1", 0)
    port_holder.append(server.sockets[0].getsockname()[1])
    return server


async def test_an_early_413_during_a_16_mib_upload(wire: str) -> None:
    """The service refuses the upload before reading it: an SDK error, and no warning."""
    port: list[int] = []
    server = await _early_413(port)
    async with server, sdk(f"http://127.0.0.1:{port[0]}/v1", wire) as client:
        with pytest.raises(PaymentsError) as raised:
            await client.documents.upload(b"x" * (16 * MIB), type="passport")
    if isinstance(raised.value, APIStatusError):
        assert raised.value.status_code == 413
