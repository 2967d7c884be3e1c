"""A Window is [start, end): a record on either edge lands in exactly one of two adjacent windows.

The service's ``after`` and ``before`` are both exclusive, so months written with them lose the
instant between them. ``list(window=...)`` asks for one second more and keeps what is inside.
"""

from __future__ import annotations

import itertools
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from payments_sdk import AsyncPaymentsClient, InvalidParameterError, Window
from payments_sdk.sandbox import Sandbox

SEPTEMBER = datetime(2026, 9, 1, tzinfo=UTC)
OCTOBER = datetime(2026, 10, 1, tzinfo=UTC)
NOVEMBER = datetime(2026, 11, 1, tzinfo=UTC)
DECEMBER = datetime(2026, 12, 1, tzinfo=UTC)
TICK = timedelta(microseconds=1)
EDGES = [
    OCTOBER - TICK,
    OCTOBER,
    OCTOBER + TICK,
    OCTOBER + timedelta(milliseconds=500),
    NOVEMBER - timedelta(milliseconds=500),
    NOVEMBER - TICK,
    NOVEMBER,
    NOVEMBER + TICK,
]


@pytest.fixture
async def edges() -> AsyncIterator[tuple[AsyncPaymentsClient, dict[str, datetime]]]:
    """A sandbox holding payments on, just before and just after both edges of October."""
    async with Sandbox(seed_payments=0, clock=lambda: DECEMBER) as sandbox:
        created = {}
        for stamp in EDGES:
            payment = sandbox.simulate_payment(amount=1000, created_at=stamp)
            created[payment["id"]] = stamp
        yield sandbox.client(), created


async def _walk(client: AsyncPaymentsClient, window: Window, per_page: int) -> list[str]:
    return [p.id async for p in client.payments.list(window=window, per_page=per_page)]


@pytest.mark.parametrize("per_page", [1, 2, 100])
async def test_adjacent_months_share_no_record_and_miss_none(
    edges: tuple[AsyncPaymentsClient, dict[str, datetime]], per_page: int
) -> None:
    client, created = edges
    months = ["2026-09", "2026-10", "2026-11"]
    walked = {month: await _walk(client, Window.month(month), per_page) for month in months}
    seen = [payment for ids in walked.values() for payment in ids]
    assert sorted(seen) == sorted(created)  # every record once, in one month
    for month, ids in walked.items():
        window = Window.month(month)
        assert window.start is not None and window.end is not None
        assert all(window.start <= created[i] < window.end for i in ids), month
    october = {created[i] for i in walked["2026-10"]}
    assert OCTOBER in october and NOVEMBER - TICK in october
    assert OCTOBER - TICK not in october and NOVEMBER not in october


async def test_after_and_before_alone_lose_the_first_instant(
    edges: tuple[AsyncPaymentsClient, dict[str, datetime]],
) -> None:
    """Why windows exist: the service's exclusive after leaves out a payment at midnight."""
    client, created = edges
    ids = [p.id async for p in client.payments.list(after=OCTOBER, before=NOVEMBER)]
    assert OCTOBER not in {created[i] for i in ids}


@settings(max_examples=25, deadline=None)
@given(st.lists(st.integers(min_value=-3_000_000, max_value=3_000_000), min_size=1, max_size=12))
async def test_a_partition_into_windows_holds_each_record_once(offsets: list[int]) -> None:
    """Payments within seconds of a boundary, walked in three adjacent windows of any width."""
    boundary = OCTOBER
    async with Sandbox(seed_payments=0, clock=lambda: DECEMBER) as sandbox:
        stamps = {}
        for offset in offsets:
            payment = sandbox.simulate_payment(
                amount=10, created_at=boundary + timedelta(microseconds=offset)
            )
            stamps[payment["id"]] = payment["created_at"]
        client = sandbox.client()
        cuts = [SEPTEMBER, boundary - timedelta(seconds=1), boundary, NOVEMBER]
        seen = []
        for start, end in itertools.pairwise(cuts):
            seen += await _walk(client, Window(start, end), 3)
        assert sorted(seen) == sorted(stamps)


def test_a_window_is_one_calendar_month() -> None:
    assert Window.month("2026-12") == Window.month(2026, 12)
    assert Window.month("2026-12") == Window(
        datetime(2026, 12, 1, tzinfo=UTC), datetime(2027, 1, 1, tzinfo=UTC)
    )
    assert str(Window.month("2026-02")) == "[2026-02-01T00:00:00Z, 2026-03-01T00:00:00Z)"
    with pytest.raises(InvalidParameterError, match="YYYY-MM"):
        Window.month("2026-10-01")
    with pytest.raises(InvalidParameterError, match="1 to 12"):
        Window.month("2026-13")


async def test_a_window_cannot_be_combined_with_after_or_before() -> None:
    async with Sandbox(seed_payments=0) as sandbox:
        client = sandbox.client()
        with pytest.raises(InvalidParameterError) as raised:
            client.payments.list(window=Window.month("2026-10"), after=OCTOBER)
        assert raised.value.field == "window"
        with pytest.raises(InvalidParameterError, match="Window"):
            client.payments.list(window="2026-10")  # type: ignore[arg-type]
