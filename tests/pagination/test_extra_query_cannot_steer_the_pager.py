"""``extra_query`` cannot override the query parameters a list walk sets on every page.

With ``extra_query={"page": 1}`` the walk asked for page 1 again and again, yielded duplicates
and then blamed the service (APIResponseValidationError). The pager's parameters (``page``,
``per_page``, ``before``, ``after``) are refused with an InvalidParameterError naming
``extra_query``, before anything is sent; other extra parameters reach every page.
"""

from __future__ import annotations

from typing import Any

import pytest

from payments_sdk import InvalidParameterError
from tests.conftest import MakeClient
from tests.pagination.test_every_record_once_newest_first import FakePayments

pytestmark = pytest.mark.usefixtures("loop_watchdog")  # fails a test that blocks the loop


@pytest.mark.parametrize(
    "query",
    [
        {"page": 1},
        {"per_page": 5},
        {"before": "2026-01-01T00:00:00Z"},
        {"after": "2026-01-01T00:00:00Z"},
        {"page": 2, "expand": "x"},
    ],
)
async def test_the_pagers_parameters_are_refused(
    query: dict[str, Any], make_client: MakeClient
) -> None:
    client, recorder = make_client(FakePayments(30))
    with pytest.raises(InvalidParameterError) as raised:
        [p async for p in client.payments.list(per_page=10, extra_query=query)]
    assert raised.value.field == "extra_query"
    assert next(iter(k for k in query if k != "expand")) in raised.value.problem
    assert recorder.requests == []


async def test_other_extra_parameters_reach_every_page(make_client: MakeClient) -> None:
    store = FakePayments(25)
    client, recorder = make_client(store)
    walked = [p async for p in client.payments.list(per_page=10, extra_query={"expand": "fx"})]
    assert len(walked) == len({p.id for p in walked}) == 25
    assert [r.url.params["page"] for r in recorder.requests] == ["1", "2", "3"]
    assert all(r.url.params["expand"] == "fx" for r in recorder.requests)
