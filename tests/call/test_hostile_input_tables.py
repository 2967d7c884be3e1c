"""Hostile input, table by table: edge timestamps, pages that lie, uploads and raw paths.

Caller input that cannot be sent is an ``InvalidParameterError`` naming the argument, before any
request; a page whose metadata cannot be followed is an ``APIResponseValidationError`` naming
``page_meta``; every walk ends.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from datetime import UTC, date, datetime, timedelta, timezone, tzinfo
from pathlib import Path
from typing import Any

import httpx
import pytest

from payments_sdk import (
    APIResponseValidationError,
    BadRequestError,
    InvalidParameterError,
    PaymentsError,
    Undocumented,
)
from tests.conftest import MakeClient
from tests.support.schema_values import record

pytestmark = pytest.mark.usefixtures("loop_watchdog")  # fails a test that blocks the loop

EDGE = timedelta(hours=1)


class _BrokenOffset(tzinfo):
    """A tzinfo whose utcoffset() is not a timedelta: the caller's object, not ours, is wrong."""

    def utcoffset(self, dt: datetime | None) -> Any:
        return 3600

    def dst(self, dt: datetime | None) -> timedelta | None:
        return None


@pytest.mark.parametrize(
    ("window", "field"),
    [
        ({"before": "9999-12-31T23:59:59-01:00"}, "before"),
        ({"before": "9999-12-31T23:59:59.999999-00:01"}, "before"),
        ({"after": "0001-01-01T00:00:00+01:00"}, "after"),
        ({"before": datetime.max.replace(tzinfo=timezone(-EDGE))}, "before"),
        ({"after": datetime.min.replace(tzinfo=timezone(EDGE))}, "after"),
        ({"before": datetime(2026, 1, 1)}, "before"),
        ({"before": datetime(2026, 1, 1, tzinfo=_BrokenOffset())}, "before"),
        ({"before": date(2026, 1, 1)}, "before"),
        ({"after": 1.5}, "after"),
        ({"after": 10**400}, "after"),
        ({"after": True}, "after"),
        ({"before": b"2026-01-01T00:00:00Z"}, "before"),
        ({"before": "2026-01-01T00:00:00Z\ud800"}, "before"),
        ({"before": "+99999-01-01T00:00:00Z"}, "before"),
    ],
)
async def test_edge_timestamps_name_their_field(
    window: dict[str, Any], field: str, make_client: MakeClient
) -> None:
    """Instants that do not exist in UTC, naive ones and non-datetimes: refused before sending."""
    client, recorder = make_client(lambda r: httpx.Response(500))
    with pytest.raises(InvalidParameterError) as raised:
        client.payments.list(**window)
    assert raised.value.field == field
    assert recorder.requests == []


async def test_the_last_representable_instants_are_accepted(make_client: MakeClient) -> None:
    """9999-12-31T23:59:59.999999Z and 0001-01-01T00:00:00Z are real instants and are sent."""
    client, recorder = make_client(lambda r: httpx.Response(200, json=_page(1, None, 1, [])))
    await client.payments.list(
        before="9999-12-31T23:59:59.999999+00:00", after=datetime.min.replace(tzinfo=UTC)
    )
    assert recorder.last.url.params["before"] == "9999-12-31T23:59:59.999999Z"
    assert recorder.last.url.params["after"] == "0001-01-01T00:00:00Z"


# -- pages that lie ---------------------------------------------------------------------------


def _item(n: int, created_at: str | None = None) -> dict[str, Any]:
    stamp = created_at or (datetime(2026, 1, 1, tzinfo=UTC) - timedelta(seconds=n)).isoformat()
    return record("Payment", {"id": f"payt_{n}", "status": "success", "currency": "USD",
                              "amount": n, "created_at": stamp})  # fmt: skip


def _page(
    current: Any, following: Any, pages: Any, data: list[Any], patch: dict[str, Any] | None = None
) -> Any:
    page_meta = {"current": current, "previous": None, "next": following, "per_page": 2,
                 "pages": pages, "count": 2 * (pages if isinstance(pages, int) else 1)}  # fmt: skip
    return {"data": data, "page_meta": {**page_meta, **(patch or {})}}


def _serve(answer: Callable[[int], Any], limit: int = 50) -> Callable[[httpx.Request], Any]:
    """A server answering page N with answer(N); it fails the test past ``limit`` requests."""
    sent = 0

    def handler(request: httpx.Request) -> httpx.Response:
        nonlocal sent
        sent += 1
        assert sent <= limit, "the pager did not stop"
        return httpx.Response(200, json=answer(int(request.url.params["page"])))

    return handler


async def _walk(client: Any, prefetch: int) -> list[str]:
    return [p.id async for p in client.payments.list(per_page=2, prefetch=prefetch)]


MISTYPED = [
    {"next": "2"},
    {"current": None},
    {"pages": None},
    {"next": True},
    {"current": "1"},
    {"pages": 2.5},
    {"per_page": None},
    {"count": "many"},
    {"previous": "0"},
]


@pytest.mark.parametrize("prefetch", [0, 3])
@pytest.mark.parametrize("patch", MISTYPED, ids=lambda p: repr(p))
async def test_mistyped_page_meta_is_a_validation_error(
    patch: dict[str, Any], prefetch: int, make_client: MakeClient
) -> None:
    """Each mistyped field of page_meta is APIResponseValidationError naming its path."""
    client, _ = make_client(_serve(lambda n: _page(n, n + 1, 3, [_item(2 * n)], patch)))
    with pytest.raises(APIResponseValidationError, match=r"\$\.page_meta\."):
        await _walk(client, prefetch)


LYING = [
    # The service always answers page 1 and points at page 2.
    ("stuck", lambda n: _page(1, 2, 5, [_item(1)]), r"next"),
    # next == current.
    ("next is current", lambda n: _page(n, n, 5, [_item(n)]), r"next"),
    # next goes back.
    ("next goes back", lambda n: _page(n, n - 1 if n > 1 else 2, 5, [_item(n)]), r"next"),
    ("next is negative", lambda n: _page(n, -3, 5, [_item(n)]), r"next"),
    ("next is zero", lambda n: _page(n, 0, 5, [_item(n)]), r"next"),
    ("next beyond pages", lambda n: _page(n, n + 1, 1, [_item(n)]), r"pages"),
    ("pages negative", lambda n: _page(n, n + 1, -5, [_item(n)]), r"pages"),
    ("next is huge", lambda n: _page(n, 10**30, 3, [_item(n)]), r"next"),
    ("next skips a page", lambda n: _page(n, n + 2, 9, [_item(n)]), r"next"),
    ("pages grow forever", lambda n: _page(n, n + 1, n + 1, [_item(n)]), r"pages"),
    ("current negative", lambda n: _page(-1, 0, 3, [_item(n)]), r"next"),
]


@pytest.mark.parametrize("prefetch", [0, 1, 4])
@pytest.mark.parametrize(("answer", "mentions"), [c[1:] for c in LYING], ids=[c[0] for c in LYING])
async def test_a_page_number_that_does_not_advance_ends_the_walk(
    answer: Callable[[int], Any], mentions: str, prefetch: int, make_client: MakeClient
) -> None:
    """No advance, or a walk longer than page_meta.pages said: a typed error, in bounded time."""
    client, recorder = make_client(_serve(answer))
    with pytest.raises(APIResponseValidationError, match=rf"page_meta\.{mentions}") as raised:
        await _walk(client, prefetch)
    assert raised.value.status_code is None or raised.value.status_code == 200
    assert len(recorder.requests) <= 2 + prefetch + 1


async def test_a_shrinking_window_still_ends_quietly(make_client: MakeClient) -> None:
    """A window that loses pages mid-walk (records deleted) is not an error: it just ends."""
    answers = {1: _page(1, 2, 3, [_item(1), _item(2)]), 2: _page(2, None, 2, [_item(3)])}
    for prefetch in (0, 2):
        client, _ = make_client(_serve(lambda n: answers.get(n, _page(n, None, 2, []))))
        assert await _walk(client, prefetch) == ["payt_1", "payt_2", "payt_3"]


async def test_manual_paging_reports_the_same_error(make_client: MakeClient) -> None:
    """The page that cannot be followed is handed out; its next_page() raises the typed error."""
    client, recorder = make_client(_serve(lambda n: _page(1, 2, 5, [_item(n)])))
    first = await client.payments.list(per_page=2)
    second = await first.next_page()
    assert [p.id for p in second.data] == ["payt_2"] and second.has_next_page()
    for _ in range(2):
        with pytest.raises(APIResponseValidationError, match=r"page_meta\.next: page 2 says"):
            await second.next_page()
    assert len(recorder.requests) == 2


async def test_a_first_page_that_cannot_be_followed_is_still_a_page(
    make_client: MakeClient,
) -> None:
    """Awaiting the pager gives the page asked for; only walking past it raises."""
    client, _ = make_client(_serve(lambda n: _page(1, 2, 5, [_item(n)])))
    page = await client.payments.list(per_page=2, page=3)
    assert [p.id for p in page.data] == ["payt_3"]
    with pytest.raises(APIResponseValidationError, match=r"page 3 says the next page is 2"):
        await page.next_page()


@pytest.mark.parametrize(
    "created_at",
    [
        "9999-12-31T23:59:59.999999+00:00",
        "9999-12-31T23:59:59.999999Z",
        "9999-12-31T23:30:00-01:00",  # in UTC, year 10000
    ],
)
async def test_an_item_at_the_end_of_time_cannot_pin_the_window(
    created_at: str, make_client: MakeClient
) -> None:
    """No `before` can be sent after it: a validation error naming the item, not OverflowError."""
    first = _page(1, 2, 2, [_item(1, created_at), _item(2)])
    for prefetch in (0, 2):
        client, recorder = make_client(_serve(lambda n: first))
        seen: list[str] = []
        with pytest.raises(APIResponseValidationError, match=r"\$\.data\[0\]\.created_at"):
            async for payment in client.payments.list(per_page=2, prefetch=prefetch):
                seen.append(payment.id)
        assert seen == ["payt_1", "payt_2"]  # the first page, then the typed error
        assert len(recorder.requests) == 1


async def test_an_item_just_before_the_end_of_time_pins_at_the_last_instant(
    make_client: MakeClient,
) -> None:
    """One microsecond before the end: the window is pinned at 9999-12-31T23:59:59.999999Z."""
    answers = {
        1: _page(1, 2, 2, [_item(1, "9999-12-31T23:59:59.999998Z"), _item(2)]),
        2: _page(2, None, 2, [_item(3)]),
    }
    client, recorder = make_client(_serve(lambda n: answers[n]))
    assert await _walk(client, 0) == ["payt_1", "payt_2", "payt_3"]
    assert recorder.last.url.params["before"] == "9999-12-31T23:59:59.999999Z"


# -- uploads and raw paths --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"file": io.StringIO("text")}, "file"),
        ({"file": Path("no\x00such")}, "file"),
        ({"file": b"x", "file_name": "a\ud800.pdf"}, "file_name"),
        ({"file": b"x", "file_name": "a\r\nX-Injected: 1"}, "file_name"),
        ({"file": b"x", "file_name": ""}, "file_name"),
        ({"file": b"x", "file_name": 7}, "file_name"),
        ({"file": b"x", "content_type": "text/plain\r\nX-Injected: 1"}, "content_type"),
        ({"file": b"x", "content_type": "text/plain\r\n; X-Injected: 1"}, "content_type"),
        ({"file": b"x", "content_type": "text/plain; a=1\nX-Injected: 1"}, "content_type"),
        ({"file": b"x", "content_type": "t\u00e9xt/plain"}, "content_type"),
        ({"file": b"x", "content_type": "pdf"}, "content_type"),
        ({"file": b"x", "content_type": b"application/pdf"}, "content_type"),
    ],
)
async def test_upload_arguments_that_cannot_be_sent(
    kwargs: dict[str, Any], field: str, make_client: MakeClient
) -> None:
    """Text-mode files, NUL paths, CR/LF or surrogates in the part headers: refused first."""
    client, recorder = make_client(lambda r: httpx.Response(500))
    with pytest.raises(InvalidParameterError) as raised:
        await client.documents.upload(**kwargs)
    assert raised.value.field == field
    assert recorder.requests == []


@pytest.mark.parametrize(
    ("kwargs", "field"),
    [
        ({"path": "/customers/../balances"}, "path"),
        ({"path": "/customers/."}, "path"),
        ({"path": "/customers?limit=1"}, "path"),
        ({"path": "/customers#top"}, "path"),
        ({"path": "/cust omers"}, "path"),
        ({"path": "/customers\r\n"}, "path"),
        ({"path": "/caf\u00e9"}, "path"),
        ({"path": "/customers", "params": {"a": object()}}, "params"),
        ({"path": "/customers", "params": {"a": "\ud800"}}, "params"),
        ({"path": "/customers", "params": {"\ud800": "a"}}, "params"),
        ({"path": "/customers", "params": {1: "a"}}, "params"),
        ({"path": "/customers", "params": {"a": float("nan")}}, "params"),
        ({"path": "/customers", "params": {"a": [1, {}]}}, "params"),
        ({"path": "/customers", "params": "a=1"}, "params"),
    ],
)
async def test_request_paths_and_params_that_would_move_the_request(
    kwargs: dict[str, Any], field: str, make_client: MakeClient
) -> None:
    """client.request() sends its path as written, or refuses it: no dot segments, no query."""
    client, recorder = make_client(lambda r: httpx.Response(200, json={}))
    with pytest.raises(InvalidParameterError) as raised:
        await client.request("GET", **kwargs)
    assert raised.value.field == field
    assert recorder.requests == []


async def test_request_sends_the_path_exactly_as_written(make_client: MakeClient) -> None:
    """Percent-escapes the caller wrote stay as written; params are the only query."""
    client, recorder = make_client(lambda r: httpx.Response(200, json={}))
    await client.request("GET", "/customers/cust%2F1:x@y", params={"q": "a b", "n": [1, 2]})
    assert recorder.last.url.raw_path == b"/v1/customers/cust%2F1:x@y?q=a+b&n=1&n=2"


@pytest.mark.parametrize(
    ("call", "field"),
    [
        (lambda c: c.orders.update_rfi("ord_1", documents=5), "documents"),
        (lambda c: c.orders.create(amount=1, currency="USD", payment_methods=5), "payment_methods"),
        (lambda c: c.orders.create(quote_id="q_1", split_ids=b"s1"), "split_ids"),
        (
            lambda c: c.beneficiaries.create(
                beneficiary={"name": "Jane", "note": Undocumented(float("nan"))}, bank_account={}
            ),
            "beneficiary.note",
        ),
        (
            lambda c: c.beneficiaries.create(
                beneficiary={"name": "Jane"}, bank_account={"x": Undocumented(io.StringIO())}
            ),
            "bank_account.x",
        ),
        (  # a key no JSON can carry (a lone surrogate): the engine cannot read it either
            lambda c: c.beneficiaries.create(
                category="payout",
                beneficiary={
                    "name": "x",
                    "type": "individual",
                    "address": {
                        "address_line1": "x",
                        "city": "x",
                        "state": "x",
                        "country_code": "GBR",
                        "postal_code": "x",
                    },
                },
                bank_account={
                    "account_number": "x",
                    "swift_code": "x",
                    "local_routing_number": "x",
                    "currency": "USD",
                },
                notes={"\ud800": ""},
            ),
            "notes",
        ),
    ],
)
async def test_wrong_types_in_bodies_are_refused(
    call: Callable[[Any], Any], field: str, make_client: MakeClient
) -> None:
    """Not a list, NaN or an object where JSON goes: InvalidParameterError, never TypeError."""
    client, recorder = make_client(lambda r: httpx.Response(201, json={}))
    with pytest.raises(InvalidParameterError) as raised:
        await call(client)
    assert raised.value.field == field
    assert recorder.requests == []


@pytest.mark.parametrize(
    ("content", "content_type"),
    [
        (b"[1, 2]", "text/plain"),
        (b"42", "text/plain; charset=utf-8"),
        (b"[" * 100_000 + b"]" * 100_000, "application/json"),
        (b'{"a":' * 200 + b"1" + b"}" * 200, "application/json"),
    ],
    ids=["text array", "text number", "too deep to parse", "deep but parsed"],
)
async def test_hostile_error_bodies_still_map_to_status_errors(
    content: bytes, content_type: str, make_client: MakeClient
) -> None:
    """An error body that is not an object, or is nested deeply: a BadRequestError with its text."""
    client, _ = make_client(
        lambda r: httpx.Response(400, content=content, headers={"content-type": content_type})
    )
    with pytest.raises(BadRequestError) as raised:
        await client.ping()
    assert raised.value.message is None
    assert raised.value.body in (
        json.loads(content) if len(content) < 10 else None,
        content.decode(),
    )


def test_errors_of_the_pager_are_sdk_errors() -> None:
    """The pager's typed error is an SDK error (one except PaymentsError covers it)."""
    assert issubclass(APIResponseValidationError, PaymentsError)
