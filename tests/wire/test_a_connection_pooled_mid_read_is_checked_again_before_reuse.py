"""aiohttp pools a connection in the middle of a read: what comes after must still stop its reuse.

aiohttp hands a connection back to its pool the moment the parser reaches the end of the
answer's body (the body's end-of-file callback), from inside the read that got there, and
asks ``should_close`` then. Two things can still happen to the connection after that, with
no byte arriving while it is pooled and its socket silent:

- **The rest of that read is parsed.** Bytes after the answer, in the same read as the end of
  its body (or held by a paused parser and read when it resumes), are parsed as a second
  answer and queued on the protocol once the connection is pooled: reused, the next call
  returned ``{"smuggled": true}``, or, when that answer's body was cut short, waited for the
  rest of it forever. The end of the body must come in a later read than the head (the head
  read alone, or a parser paused mid-body): when the head, the body and the stray bytes are
  parsed in one read, the connection is pooled after it, and aiohttp refuses it.
- **The read timer is armed again.** A body read in paused turns (aiohttp's flow control:
  more than 16,384 chunks of a chunked body in one read) ends in a resume; aiohttp re-arms the
  read timer once the resumed parse returns, when the connection was already pooled. The pool's
  timer then fails the idle connection (``SocketTimeoutError``, ``should_close``): reused, the
  next call failed at once with that timeout, after its request had gone out.

So :class:`~payments_sdk._aiohttp_hooks.TrustingConnector` asks ``should_close`` again before it
reuses a connection. On both wires; only lower bounds on times.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest

from payments_sdk import AsyncPaymentsClient
from tests.support.clients import sdk
from tests.support.scripted_server import BODY, head, scripted_server

ANSWER = json.loads(BODY)
SMUGGLED = b"HTTP/1.1 200 OK\r\ncontent-length: 18\r\n\r\n" + b'{"smuggled": true}'
PARTIAL = b"HTTP/1.1 200 OK\r\ncontent-length: 20\r\n\r\n{}"  # 18 bytes short
CHUNKED = head(length=None)[:-2] + b"transfer-encoding: chunked\r\n\r\n"
# The body a byte a chunk, then 20,000 chunks of one space (120 KB): in one read, more chunks
# than aiohttp buffers (16,384), so its parser pauses and the body ends in a resume.
CHUNKS = b"".join(b"1\r\n%c\r\n" % byte for byte in BODY) + b"1\r\n \r\n" * 20_000 + b"0\r\n\r\n"
READ = 0.1
ROUNDS = 4
GUARD = 10.0  # seconds: a call that hangs fails the test instead


async def _get(client: AsyncPaymentsClient, script: str) -> object:
    return await client.request("GET", "/balances", extra_headers={"x-script": script})


@pytest.mark.parametrize("stray", [SMUGGLED, PARTIAL], ids=["whole", "partial"])
async def test_an_answer_read_with_the_end_of_a_body_is_never_the_next_answer(
    wire: str, stray: bytes
) -> None:
    """The head and the start of the body, then the rest of it with a second answer.

    The second answer is never the next call's: the connection that carried it is dropped,
    and the calls after it share one new connection. ``partial``: the second answer's body
    never comes; reused, the next call waited for it forever (its wait untimed).
    """
    scripts = {
        "split": [(0.0, head() + BODY[:10]), (0.05, BODY[10:] + stray)],
        "next": [(0.0, head() + BODY)],
    }
    assert await _connections_after(scripts, "split", wire) == 2


async def _connections_after(scripts: dict[str, Any], first: str, wire: str) -> int:
    """Play ``first``, then three calls of ``next``, each answered whole; return the connections.

    Every call is bounded by GUARD: a connection wrongly reused hung the next call.
    """
    with scripted_server(scripts) as (url, played):
        async with sdk(url, wire, timeout=httpx.Timeout(10.0, read=1.0), max_retries=0) as client:
            async with asyncio.timeout(GUARD):
                assert await _get(client, first) == ANSWER
                await asyncio.sleep(0.05)
                for _ in range(3):
                    assert await _get(client, "next") == ANSWER
    return played.connections


async def test_an_answer_read_when_a_paused_parser_resumes_is_never_the_next_answer(
    wire: str,
) -> None:
    """A body read in paused turns, then a whole second answer, all in one write.

    The parser pauses before the end of the body: it reads that end, and the second answer,
    when the call reads on. The second answer is never the next call's.
    """
    scripts = {"paused": [(0.0, CHUNKED + CHUNKS + SMUGGLED)], "next": [(0.0, head() + BODY)]}
    assert await _connections_after(scripts, "paused", wire) == 2


async def test_a_connection_idle_past_the_read_timeout_after_a_paused_body_is_reused_safely(
    wire: str,
) -> None:
    """A body read in paused turns, then the connection idles three read timeouts; four rounds.

    The next call, never retried, is answered: the timer aiohttp armed again after the
    connection was pooled never fails it (the connection is dropped, or was never failed).
    Whether the parser pauses depends on how the body is split into reads: the rounds make
    it all but certain that one of them does.
    """
    scripts = {"paused": [(0.0, CHUNKED + CHUNKS)], "next": [(0.0, head() + BODY)]}
    with scripted_server(scripts) as (url, played):
        timeout = httpx.Timeout(10.0, read=READ)
        async with sdk(url, wire, timeout=timeout, max_retries=0) as client:
            async with asyncio.timeout(GUARD):
                for _ in range(ROUNDS):
                    assert await _get(client, "paused") == ANSWER
                    await asyncio.sleep(READ * 3)
                    assert await _get(client, "next") == ANSWER
    assert played.connections <= 1 + ROUNDS
