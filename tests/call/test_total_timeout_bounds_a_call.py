"""``total_timeout`` bounds a whole call: a trickled body or long retry waits end in a timeout.

httpx's ``timeout`` applies to each read, so a server that sends one byte at a time never trips
it. These tests use a ``MockTransport`` whose body never ends (or a ``Retry-After`` of 30 s),
which would hang the call forever without the bound. No test measures time: each asserts what
was raised and that the stream was abandoned.
"""

from __future__ import annotations

import asyncio
import math
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest

from payments_sdk import APITimeoutError, AsyncPaymentsClient, InvalidParameterError
from tests.conftest import BASE_URL, MakeClient
from tests.support.keyscan import KEY, key_leaks

pytestmark = pytest.mark.usefixtures("loop_watchdog")  # fails a test that blocks the loop


class Trickle(httpx.AsyncByteStream):
    """A body that sends one byte at a time and never ends."""

    def __init__(self) -> None:
        self.sent = 0
        self.closed = False

    async def __aiter__(self) -> AsyncIterator[bytes]:
        while True:
            self.sent += 1
            yield b" "
            await asyncio.sleep(0.001)

    async def aclose(self) -> None:
        self.closed = True


async def test_a_trickled_body_ends_in_a_timeout_error() -> None:
    """The per-read timeout never fires on a trickle; total_timeout ends the call."""
    stream = Trickle()

    def answer(request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, stream=stream, headers={"content-type": "application/json"})

    async with (
        httpx.AsyncClient(transport=httpx.MockTransport(answer)) as pool,
        AsyncPaymentsClient(
            api_key=KEY, base_url=BASE_URL, http_client=pool, timeout=60, total_timeout=0.5
        ) as client,
    ):
        with pytest.raises(APITimeoutError, match=r"total_timeout=0\.5 s") as raised:
            await client.balances.retrieve()
    assert stream.sent > 1  # the body was arriving, byte by byte, when the bound ended it
    assert stream.closed
    assert raised.value.request is not None
    assert raised.value.request.headers["authorization"] == "Bearer ***"
    assert key_leaks(raised.value) == []


async def test_the_bound_includes_retries_and_the_waits_between_them(
    make_client: MakeClient,
) -> None:
    """A 503 with Retry-After: 30 would wait 30 s before its retry; the bound ends it first.

    The bound (1 s) leaves the first attempt, answered in process, all the time it needs on a
    loaded machine (at 0.05 s a busy one ended the call before the first attempt was sent).
    """
    client, recorder = make_client(
        lambda r: httpx.Response(503, headers={"retry-after": "30"}), total_timeout=1.0
    )
    with pytest.raises(APITimeoutError, match="total_timeout"):
        await client.balances.retrieve()
    assert len(recorder.requests) == 1  # the first attempt failed; the wait was cut short


async def test_a_call_that_finishes_in_time_is_untouched(make_client: MakeClient) -> None:
    """Within the bound, the answer (or the service's own error) is what the call returns."""
    client, _ = make_client(lambda r: httpx.Response(200, json={"data": []}), total_timeout=30)
    assert client.total_timeout == 30.0
    assert (await client.balances.retrieve()).data == []
    assert client.with_options(total_timeout=None).total_timeout is None
    assert client.with_options(max_retries=0).total_timeout == 30.0


async def test_with_options_sets_the_bound_for_some_calls(make_client: MakeClient) -> None:
    """A copy with total_timeout bounds its own calls and shares the pool."""
    stream = Trickle()
    client, _ = make_client(lambda r: httpx.Response(200, stream=stream))
    assert client.total_timeout is None
    with pytest.raises(APITimeoutError):
        await client.with_options(total_timeout=0.05).balances.retrieve()


@pytest.mark.parametrize("value", [0, -1, True, "5", math.nan, math.inf, 1e12, [5]])
def test_bad_total_timeouts_are_refused(value: Any, make_client: MakeClient) -> None:
    """Seconds > 0 or None, checked at construction and in with_options."""
    with pytest.raises(InvalidParameterError) as raised:
        make_client(lambda r: httpx.Response(200), total_timeout=value)
    assert raised.value.field == "total_timeout"
    client, _ = make_client(lambda r: httpx.Response(200))
    with pytest.raises(InvalidParameterError):
        client.with_options(total_timeout=value)
