"""Pagination: every record once, newest first, even while records are created mid-walk."""

from __future__ import annotations

import asyncio
import math
from collections import defaultdict
from datetime import UTC, datetime, timedelta
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from payments_sdk import AsyncPaymentsClient, InvalidParameterError, PaymentsError
from payments_sdk._operation_table import OPERATIONS as TABLE
from tests.conftest import BASE_URL, TEST_KEY, MakeClient
from tests.support.schema_values import record

pytestmark = pytest.mark.usefixtures("loop_watchdog")  # fails a test that blocks the loop

EPOCH = datetime(2026, 1, 1, tzinfo=UTC)


class FakePayments:
    """An in-memory /payments list that honours before, after, per_page and page."""

    def __init__(self, count: int) -> None:
        self.created = 0
        self.records: list[dict[str, Any]] = []
        self.in_flight = 0
        self.max_in_flight = 0
        self.add(count)

    def add(self, count: int) -> None:
        for _ in range(count):
            self.created += 1
            stamp = EPOCH + timedelta(seconds=self.created)
            made = {
                "id": f"payt_{self.created}",
                "status": "success",
                "currency": "USD",
                "amount": self.created,
                "created_at": stamp.isoformat().replace("+00:00", "Z"),
            }
            self.records.append(record("Payment", made))

    def select(self, request: httpx.Request) -> dict[str, Any]:
        params = request.url.params
        rows = sorted(self.records, key=lambda r: r["created_at"], reverse=True)
        if "before" in params:
            before = datetime.fromisoformat(params["before"])
            rows = [r for r in rows if datetime.fromisoformat(r["created_at"]) < before]
        if "after" in params:
            after = datetime.fromisoformat(params["after"])
            rows = [r for r in rows if datetime.fromisoformat(r["created_at"]) > after]
        per_page, page = int(params["per_page"]), int(params["page"])
        pages = max(1, math.ceil(len(rows) / per_page))
        return {
            "data": rows[(page - 1) * per_page : page * per_page],
            "page_meta": {
                "current": page,
                "previous": page - 1 if page > 1 else None,
                "next": page + 1 if page < pages else None,
                "per_page": per_page,
                "pages": pages,
                "count": len(rows),
            },
        }

    def __call__(self, request: httpx.Request) -> httpx.Response:
        return httpx.Response(200, json=self.select(request))


async def test_await_gives_the_first_page(make_client: MakeClient) -> None:
    """Await list() fetches one page with data, page_meta and has_next_page()."""
    server = FakePayments(5)
    client, recorder = make_client(server)
    page = await client.payments.list(per_page=2)
    assert [p.id for p in page.data] == ["payt_5", "payt_4"]
    assert page.page_meta.count == 5 and page.has_next_page()
    second = await page.next_page()
    assert [p.id for p in second.data] == ["payt_3", "payt_2"]
    final = await second.next_page()
    assert [p.id for p in final.data] == ["payt_1"] and not final.has_next_page()
    assert len(recorder.requests) == 3
    with pytest.raises(PaymentsError, match="last page"):
        await final.next_page()


async def test_pages_walks_page_by_page(make_client: MakeClient) -> None:
    """.pages() yields each page in order."""
    client, _ = make_client(FakePayments(7))
    sizes = [len(page.data) async for page in client.payments.list(per_page=3).pages()]
    assert sizes == [3, 3, 1]


async def test_no_drift_while_records_are_created_mid_walk(make_client: MakeClient) -> None:
    """Records created during the walk neither repeat nor push others out of the walk."""
    server = FakePayments(23)
    client, _ = make_client(server)
    seen: list[str] = []
    async for payment in client.payments.list(per_page=5):
        seen.append(payment.id)
        if len(seen) % 3 == 0:
            server.add(4)  # new, newer records arrive mid-walk
    assert seen == [f"payt_{n}" for n in range(23, 0, -1)]


async def test_without_pinning_the_same_walk_would_drift(make_client: MakeClient) -> None:
    """Control: walking the same server by raw page numbers shows the drift we prevent."""
    server = FakePayments(10)
    client, _ = make_client(server)
    page1 = await client.payments.list(per_page=5)
    server.add(2)
    raw_page2 = server.select(httpx.Request("GET", f"{BASE_URL}/payments?per_page=5&page=2"))
    pinned_page2 = await page1.next_page()
    seen_on_page1 = {p.id for p in page1.data}
    assert {r["id"] for r in raw_page2["data"]} & seen_on_page1 == {"payt_7", "payt_6"}
    assert [p.id for p in pinned_page2.data] == ["payt_5", "payt_4", "payt_3", "payt_2", "payt_1"]


async def test_caller_window_is_respected(make_client: MakeClient) -> None:
    """An explicit before/after is sent as UTC with Z and never replaced."""
    server = FakePayments(30)
    client, recorder = make_client(server)
    before = "2026-01-01T01:00:20+01:00"  # = 00:00:20Z
    ids = [p.id async for p in client.payments.list(before=before, after=EPOCH, per_page=4)]
    assert ids == [f"payt_{n}" for n in range(19, 0, -1)]
    assert {r.url.params["before"] for r in recorder.requests} == {"2026-01-01T00:00:20Z"}
    assert {r.url.params["after"] for r in recorder.requests} == {"2026-01-01T00:00:00Z"}


async def test_prefetch_yields_in_order_with_bounded_concurrency() -> None:
    """prefetch=N keeps at most N requests in flight and yields the same sequence.

    Page 2 is answered only once page 4 was asked for: the three are in flight together
    whatever the machine's speed (it used to count overlaps of 2 ms sleeps, which a busy
    machine could miss).
    """
    server = FakePayments(95)
    asked: defaultdict[int, asyncio.Event] = defaultdict(asyncio.Event)

    async def slow(request: httpx.Request) -> httpx.Response:
        server.in_flight += 1
        server.max_in_flight = max(server.max_in_flight, server.in_flight)
        page = int(request.url.params["page"])
        asked[page].set()
        if page == 2:
            await asked[4].wait()
        await asyncio.sleep(0)
        server.in_flight -= 1
        return httpx.Response(200, json=server.select(request))

    async with (
        httpx.AsyncClient(transport=httpx.MockTransport(slow)) as http,
        AsyncPaymentsClient(api_key=TEST_KEY, base_url=BASE_URL, http_client=http) as client,
        asyncio.timeout(30),  # without prefetching, page 2 would wait for ever
    ):
        ids = [p.id async for p in client.payments.list(per_page=10, prefetch=3)]
    assert ids == [f"payt_{n}" for n in range(95, 0, -1)]
    assert server.max_in_flight == 3


async def test_breaking_out_of_a_prefetching_walk_cancels_the_rest(make_client: MakeClient) -> None:
    """Leaving the loop early cancels pages still in flight and sends nothing more."""
    server = FakePayments(100)
    client, recorder = make_client(server)
    pager = client.payments.list(per_page=10, prefetch=4)
    walk = pager.__aiter__()
    first = [await anext(walk) for _ in range(3)]
    await walk.aclose()  # type: ignore[attr-defined]
    sent = len(recorder.requests)
    await asyncio.sleep(0.01)
    assert [p.id for p in first] == ["payt_100", "payt_99", "payt_98"]
    assert len(recorder.requests) == sent <= 1 + 4


@settings(
    max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    total=st.integers(min_value=0, max_value=60),
    per_page=st.integers(min_value=1, max_value=100),
    prefetch=st.integers(min_value=0, max_value=5),
    inserts=st.integers(min_value=0, max_value=5),
)
async def test_walk_property(total: int, per_page: int, prefetch: int, inserts: int) -> None:
    """For any window, page size and prefetch, the walk is exactly the records at its start."""
    server = FakePayments(total)

    def handler(request: httpx.Request) -> httpx.Response:
        response = httpx.Response(200, json=server.select(request))
        server.add(inserts)
        return response

    async with (
        httpx.AsyncClient(transport=httpx.MockTransport(handler)) as http,
        AsyncPaymentsClient(api_key=TEST_KEY, base_url=BASE_URL, http_client=http) as client,
    ):
        ids = [p.id async for p in client.payments.list(per_page=per_page, prefetch=prefetch)]
    assert ids == [f"payt_{n}" for n in range(total, 0, -1)]


_MAX_PER_PAGE = next(
    a.schema["maximum"]
    for e in TABLE
    if (e.resource, e.method) == ("payments", "list")
    for a in e.arguments
    if a.name == "per_page"
)


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"per_page": 0}, "per_page"),
        ({"per_page": _MAX_PER_PAGE + 1}, "per_page"),  # one past the bundle's maximum
        ({"per_page": True}, "per_page"),
        ({"page": 0}, "page"),
        ({"before": datetime(2026, 1, 1)}, "before"),
        ({"after": "2026-01-01T00:00:00"}, "after"),
        ({"after": "yesterday"}, "after"),
        ({"prefetch": -1}, "prefetch"),
        ({"prefetch": 17}, "prefetch"),
    ],
)
async def test_bad_list_parameters_fail_before_any_request(
    kwargs: dict[str, Any], field: str, make_client: MakeClient
) -> None:
    """Out-of-range pages and naive or unparseable datetimes name the parameter."""
    client, recorder = make_client(FakePayments(1))
    with pytest.raises(InvalidParameterError) as raised:
        client.payments.list(**kwargs)
    assert raised.value.field == field
    assert recorder.requests == []


async def test_a_window_whose_after_is_not_earlier_than_before_is_sent_and_finds_nothing() -> None:
    """The bundle does not order ``after`` and ``before``: an empty window is asked, not refused."""
    from payments_sdk.sandbox import Sandbox

    async with Sandbox(seed_payments=3) as sandbox:
        client = sandbox.client()
        page = await client.payments.list(before=EPOCH, after=EPOCH + timedelta(days=1))
        assert page.data == []
        assert page.page_meta.count == 0
