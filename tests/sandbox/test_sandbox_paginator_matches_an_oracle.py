"""The sandbox's binary-search paginator against a naive oracle, over random windows."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from payments_sdk.sandbox import Sandbox
from payments_sdk.sandbox._payin import create_order
from payments_sdk.sandbox._store import paginate

EPOCH = datetime(2026, 1, 1, tzinfo=UTC)


def oracle(records: list[dict[str, Any]], query: dict[str, Any]) -> dict[str, Any]:
    """Sort everything, filter, slice: obviously right, O(n log n) per page."""
    rows = sorted(records, key=lambda r: r["created_at"], reverse=True)
    if query.get("before") is not None:
        rows = [r for r in rows if r["created_at"] < query["before"]]
    if query.get("after") is not None:
        rows = [r for r in rows if r["created_at"] > query["after"]]
    per_page, page = query.get("per_page", 20), query.get("page", 1)
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


def offsets(n: int) -> st.SearchStrategy[int | None]:
    return st.none() | st.integers(min_value=-2, max_value=n + 2)


@given(
    gaps=st.lists(st.integers(min_value=1, max_value=3), max_size=60),
    before=offsets(200),
    after=offsets(200),
    per_page=st.integers(min_value=1, max_value=25),
    page=st.integers(min_value=1, max_value=12),
)
def test_paginate_matches_the_oracle(
    gaps: list[int], before: int | None, after: int | None, per_page: int, page: int
) -> None:
    """Any window and page of an oldest-first table: the same page as sort-filter-slice."""
    stamps = [EPOCH + timedelta(seconds=s) for s in _running_sum(gaps)]
    records = [{"id": n, "created_at": stamp} for n, stamp in enumerate(stamps)]
    query: dict[str, Any] = {"per_page": per_page, "page": page}
    if before is not None:
        query["before"] = EPOCH + timedelta(seconds=before)
    if after is not None:
        query["after"] = EPOCH + timedelta(seconds=after)
    assert paginate(records, query) == oracle(records, query)


def test_every_table_is_kept_in_creation_order() -> None:
    """Precondition of paginate(): tables stay oldest first, whatever the clock does."""
    stamps = iter([EPOCH + timedelta(hours=h) for h in (5, 1, 1, 3, 0, 9, 2, 2, 2, 8, 7, 6)])
    sandbox = Sandbox(clock=lambda: next(stamps, EPOCH), seed_payments=3)
    store = sandbox.store
    for amount in (10, 20, 30, 40):
        sandbox.simulate_payment(amount=amount)
        create_order(store, {"amount": amount, "currency": "USD", "payment_methods": ["card"]})
    for table in (list(store.payments.values()), list(store.orders.values())):
        created = [r["created_at"] for r in table]
        assert created == sorted(created)
        assert len(set(created)) == len(created)


def _running_sum(gaps: list[int]) -> list[int]:
    total, out = 0, []
    for gap in gaps:
        total += gap
        out.append(total)
    return out
