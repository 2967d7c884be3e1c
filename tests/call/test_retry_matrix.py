"""The retry matrix: what is repeated, counted by the requests actually sent."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime, timedelta
from email.utils import format_datetime
from typing import Any

import httpx
import pytest

from payments_sdk import (
    APIConnectionError,
    APIStatusError,
    AsyncPaymentsClient,
    PaymentsError,
    instant_retries,
)
from payments_sdk._retry import (
    MAX_DELAY,
    RETRY_AFTER_CAP,
    backoff_delay,
    retry_after_seconds,
)
from tests.conftest import MakeClient

pytestmark = pytest.mark.usefixtures("loop_watchdog")  # fails a test that blocks the loop

Call = Callable[[AsyncPaymentsClient], Awaitable[Any]]

GET: Call = lambda c: c.balances.retrieve()  # noqa: E731
POST: Call = lambda c: c.refunds.create(payment_id="payt_1")  # noqa: E731
PATCH: Call = lambda c: c.refunds.mock_update_status("rfnd_1")  # noqa: E731
DELETE: Call = lambda c: c.virtual_accounts.close(payment_type="local", currency="EUR")  # noqa: E731

NEVER_CONNECTED = [httpx.ConnectError("refused"), httpx.ConnectTimeout("slow")]
MAYBE_PROCESSED = [httpx.ReadTimeout("slow"), httpx.ReadError("reset"), httpx.WriteError("w")]


def _failing(error: Exception) -> Callable[[httpx.Request], httpx.Response]:
    def handler(request: httpx.Request) -> httpx.Response:
        raise error

    return handler


def _status(code: int) -> Callable[[httpx.Request], httpx.Response]:
    return lambda r: httpx.Response(code, json={"error": "E", "message": str(code)})


# (call, handler, max_retries, requests that must be sent)
MATRIX = [
    *[(GET, _failing(e), 2, 3) for e in NEVER_CONNECTED + MAYBE_PROCESSED],
    *[(PATCH, _failing(e), 2, 3) for e in MAYBE_PROCESSED],
    *[(DELETE, _failing(e), 2, 3) for e in MAYBE_PROCESSED],
    *[(POST, _failing(e), 2, 3) for e in NEVER_CONNECTED],
    *[(POST, _failing(e), 2, 1) for e in MAYBE_PROCESSED],
    *[(GET, _status(code), 2, 3) for code in (408, 429, 500, 502, 503, 504, 599)],
    *[(PATCH, _status(code), 1, 2) for code in (408, 429, 503)],
    *[(DELETE, _status(code), 3, 4) for code in (500,)],
    (POST, _status(429), 2, 3),
    *[(POST, _status(code), 2, 1) for code in (408, 500, 502, 503, 504)],
    *[(GET, _status(code), 2, 1) for code in (400, 401, 403, 404, 409, 422)],
    *[(POST, _status(code), 2, 1) for code in (400, 401, 404)],
    (GET, _status(503), 0, 1),
]


@pytest.mark.parametrize(("call", "handler", "max_retries", "sent"), MATRIX)
async def test_retry_matrix(
    call: Call,
    handler: Callable[[httpx.Request], httpx.Response],
    max_retries: int,
    sent: int,
    make_client: MakeClient,
) -> None:
    """Safe requests are repeated; a POST only when it provably was not processed."""
    client, recorder = make_client(handler, max_retries=max_retries)
    with instant_retries(), pytest.raises(PaymentsError) as raised:
        await call(client)
    assert isinstance(raised.value, APIConnectionError | APIStatusError)
    assert len(recorder.requests) == sent


async def test_recovers_after_transient_failures(make_client: MakeClient) -> None:
    """Two 503s then a 200: the caller sees the 200."""
    answers = iter([503, 503, 200])

    def handler(request: httpx.Request) -> httpx.Response:
        code = next(answers)
        return httpx.Response(code, json={"data": []} if code == 200 else {"error": "E"})

    client, recorder = make_client(handler)
    with instant_retries():
        balances = await client.balances.retrieve()
    assert balances.data == []
    assert len(recorder.requests) == 3


async def test_max_retries_per_call_with_options(make_client: MakeClient) -> None:
    """with_options(max_retries=...) changes one call's budget and shares the pool."""
    client, recorder = make_client(_status(503), max_retries=2)
    with instant_retries():
        with pytest.raises(APIStatusError):
            await client.with_options(max_retries=0).balances.retrieve()
        assert len(recorder.requests) == 1
        with pytest.raises(APIStatusError):
            await client.with_options(max_retries=4).balances.retrieve()
        assert len(recorder.requests) == 1 + 5


async def test_retry_after_is_honoured(
    make_client: MakeClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The wait before a retry is the service's Retry-After, with at most 25% jitter on top."""
    slept: list[float] = []
    answers = iter([429, 200])

    def handler(request: httpx.Request) -> httpx.Response:
        if next(answers) == 429:
            return httpx.Response(429, headers={"Retry-After": "3"})
        return httpx.Response(200, json={"data": []})

    client, _ = make_client(handler)

    async def fake_nap(self: object, seconds: float) -> None:
        slept.append(seconds)
        # As the real wait would, it outlasts the hold. (A stand-in that left the hold on
        # made the pool wait again and again, without yielding: the loop watchdog caught it.)
        client._pool.hold_until = 0.0
        await asyncio.sleep(0)

    monkeypatch.setattr("payments_sdk._pool._Lane.nap", fake_nap)
    await client.balances.retrieve()
    assert len(slept) == 1
    assert 2.9 < slept[0] <= 3.0 * 1.25


def test_retry_after_parsing() -> None:
    """Seconds and HTTP dates are read; values are capped; garbage is ignored."""
    now = datetime(2026, 11, 22, 10, 0, tzinfo=UTC)
    date = format_datetime(now + timedelta(seconds=20), usegmt=True)
    assert retry_after_seconds(httpx.Headers({"Retry-After": "2"})) == 2.0
    assert retry_after_seconds(httpx.Headers({"Retry-After": date}), now=now) == 20.0
    assert retry_after_seconds(httpx.Headers({"Retry-After": "86400"})) == RETRY_AFTER_CAP
    assert retry_after_seconds(httpx.Headers({"Retry-After": "soon"})) is None
    assert retry_after_seconds(httpx.Headers({"Retry-After": "-5"})) == 0.0
    assert retry_after_seconds(httpx.Headers()) is None


def test_backoff_grows_with_jitter_and_is_capped() -> None:
    """Delays double from 0.5 s, lose at most 25% to jitter, and stop at the cap."""
    for retry in range(1, 12):
        nominal = min(0.5 * 2 ** (retry - 1), MAX_DELAY)
        for _ in range(20):
            assert 0.75 * nominal <= backoff_delay(retry) <= nominal
    assert backoff_delay(1, retry_after=7.0) == 7.0
    with instant_retries():
        assert backoff_delay(5) == 0.0
