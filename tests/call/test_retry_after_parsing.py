"""``Retry-After``: what is read as a delay, and what is ignored, alike on both wires.

RFC 9110 makes ``delay-seconds`` ASCII digits and the field a singleton. A value that is not
ASCII digits (a fraction and a minus sign aside) nor an HTTP date, a date out of range, and a
field sent twice are ignored, as docs/retries.md says, never raised past ``except PaymentsError``.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from datetime import UTC, datetime

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from payments_sdk import AsyncPaymentsClient, InternalServerError
from payments_sdk._retry import RETRY_AFTER_CAP, retry_after_seconds
from tests.support.keyscan import KEY
from tests.support.wire_server import Reply, Seen, WireServer, serve

pytestmark = pytest.mark.usefixtures("loop_watchdog")  # fails a test that blocks the loop

NOW = datetime(2026, 1, 1, tzinfo=UTC)


@pytest.mark.parametrize(
    "value",
    [
        "Wed, 21 Oct 99999 07:28:00 GMT",
        "Wed, 21 Oct 9999999999999999999 07:28:00 GMT",  # OverflowError in the date parser
        "١٢",  # Arabic-Indic digits: float() reads them
        "1_0",  # float() reads it as 10
        "\U0001d7d7",
        "1e3",
        "inf",
        "nan",
        "0x10",
        "",
        "soon",
    ],
)
def test_values_that_are_neither_ascii_seconds_nor_a_date_are_ignored(value: str) -> None:
    assert retry_after_seconds(httpx.Headers([(b"retry-after", value.encode())]), now=NOW) is None


def test_ascii_seconds_and_dates_are_read() -> None:
    assert retry_after_seconds(httpx.Headers({"Retry-After": "12"})) == 12.0
    assert retry_after_seconds(httpx.Headers({"Retry-After": " 7 "})) == 7.0
    assert retry_after_seconds(httpx.Headers({"Retry-After": "9" * 400})) == RETRY_AFTER_CAP
    date = "Thu, 01 Jan 2026 00:00:30 GMT"
    assert retry_after_seconds(httpx.Headers({"Retry-After": date}), now=NOW) == 30.0


def test_a_retry_after_sent_twice_is_ignored() -> None:
    twice = httpx.Headers([("Retry-After", "3"), ("Retry-After", "3")])
    assert retry_after_seconds(twice) is None


# -- over both wires --------------------------------------------------------------------------


@pytest.fixture(scope="module")
def held_server() -> Iterator[WireServer]:
    """A server answering 503 with the Retry-After fields in ``server.answer`` (one at a time)."""

    async def script(_: Seen) -> Reply:
        fields = server.answer  # type: ignore[attr-defined]
        return Reply(status=503, body={"error": "down"}, raw_headers=fields)

    with serve(script) as server:
        yield server


async def _hold_set(server: WireServer | None, values: list[bytes]) -> bool:
    """Call once against a 503 with ``values``; whether the client was held.

    On aiohttp against ``server``; on a caller's httpx client when ``server`` is None.
    """
    fields = [(b"retry-after", v) for v in values]
    if server is None:

        def handler(_: httpx.Request) -> httpx.Response:
            return httpx.Response(503, headers=fields, json={"error": "down"})

        async with (
            httpx.AsyncClient(transport=httpx.MockTransport(handler)) as http,
            AsyncPaymentsClient(
                api_key=KEY, base_url="https://api.test/v1", http_client=http, max_retries=0
            ) as client,
        ):
            with pytest.raises(InternalServerError):
                await client.balances.retrieve()
            return bool(client._pool.hold_until)
    server.answer = fields  # type: ignore[attr-defined]
    async with AsyncPaymentsClient(api_key=KEY, base_url=server.url, max_retries=0) as client:
        with pytest.raises(InternalServerError):
            await client.balances.retrieve()
        return bool(client._pool.hold_until)


_VALUE = st.one_of(
    st.text(alphabet=st.characters(min_codepoint=0x21, max_codepoint=0x7E), max_size=12),
    st.from_regex(r"\A-?[0-9]{1,30}(\.[0-9]{1,3})?\Z"),
    st.sampled_from(["١٢", "1_0", "\U0001d7d7", "٣", "1e9", "Infinity"]),
    st.builds(
        "{}, {:02d} Oct {} 07:28:00 GMT".format,
        st.sampled_from(["Mon", "Wed", "Sun"]),
        st.integers(1, 31),
        st.integers(0, 10**20),
    ),
)


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(values=st.lists(_VALUE, min_size=0, max_size=2))
def test_both_wires_agree_on_every_retry_after(held_server: WireServer, values: list[str]) -> None:
    """Any Retry-After (or two): an SDK error on both wires, and a hold on both or neither."""
    encoded = [v.encode() for v in values]

    async def both() -> tuple[bool, bool]:
        return (
            await _hold_set(held_server, encoded),
            await _hold_set(None, encoded),
        )

    on_aiohttp, on_httpx = asyncio.run(both())
    expected = retry_after_seconds(httpx.Headers([(b"retry-after", v) for v in encoded]))
    assert on_aiohttp == on_httpx == bool(expected)
