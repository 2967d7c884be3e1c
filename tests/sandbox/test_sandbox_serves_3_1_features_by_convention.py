"""The sandbox serves, by its convention, operations that use OpenAPI 3.1 features.

Built from an edited bundle (``tests/support/feature_edits.py``), with no hand-written line:

- an ``allOf`` record (a shared base plus own fields) is created with the base's ``id`` and
  ``created_at``, retrieved and listed; its request is validated as the merged object;
- a ``readOnly`` field is neither required nor accepted in a request; a ``writeOnly`` one is
  required in the request and never answered;
- ``format: date`` is validated in bodies and query parameters, and stored as sent;
- a ``text/csv`` answer is the media type's example; a binary one is an empty body of its
  type, once the record its path names is found (404 otherwise).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from typing import Any

import httpx
import pytest
from fold import fold_server_prefixes

from payments_sdk.sandbox.contract import SchemaSet, escape_pointer
from tests.support.edited_sandbox import edited_sandbox
from tests.support.feature_edits import (
    all_of_record,
    binary_response,
    date_fields,
    read_write_only,
    text_response,
)
from tests.support.provider_bundle import payments_yaml
from tests.support.scratch_generate import with_overlay

EDITS: list[Callable[[dict[str, Any]], None]] = [
    all_of_record,
    binary_response,
    date_fields,
    read_write_only,
    text_response,
]


@pytest.fixture(scope="module")
def folded() -> dict[str, Any]:
    """The bundle with the feature edits, folded as the sandbox ships it."""
    source = with_overlay(payments_yaml())
    for edit in EDITS:
        edit(source)
    return fold_server_prefixes(source)


@pytest.fixture
async def http(folded: dict[str, Any]) -> AsyncIterator[httpx.AsyncClient]:
    """Raw HTTP to a sandbox built from the edited bundle, with a key."""
    async with edited_sandbox(folded, seed_payments=3) as client:
        yield client


def _answer_errors(
    folded: dict[str, Any], path: str, verb: str, answer: httpx.Response
) -> list[str]:
    """The errors of an answer against its response schema, as responses read it."""
    pointer = (
        f"/paths/{escape_pointer(path)}/{verb}/responses/{answer.status_code}"
        "/content/application~1json/schema"
    )
    return [
        error.message for error in SchemaSet(folded).validator(pointer).iter_errors(answer.json())
    ]


async def test_an_all_of_record_is_created_retrieved_and_listed(
    http: httpx.AsyncClient, folded: dict[str, Any]
) -> None:
    """The merged schema's fields are kept; the base's id and created_at are set."""
    payment = (await http.get("/v1/payments")).json()["data"][0]
    created = await http.post("/v1/disputes", json={"payment_id": payment["id"], "reason": "fraud"})
    assert created.status_code == 201, created.text
    assert _answer_errors(folded, "/v1/disputes", "post", created) == []
    dispute = created.json()
    assert dispute["payment_id"] == payment["id"] and dispute["reason"] == "fraud"
    assert dispute["id"] and dispute["created_at"] and dispute["status"] == "open"
    assert (await http.get(f"/v1/disputes/{dispute['id']}")).json() == dispute
    assert [d["id"] for d in (await http.get("/v1/disputes")).json()["data"]] == [dispute["id"]]
    refused = await http.post("/v1/disputes", json={"payment_id": payment["id"]})
    assert (refused.status_code, refused.json()["message"]) == (400, "reason can't be blank")


async def test_read_only_is_not_sent_and_write_only_is_not_answered(
    http: httpx.AsyncClient, folded: dict[str, Any]
) -> None:
    """``id`` (readOnly, required) is not demanded and refused; ``secret`` never comes back."""
    body = {"url": "https://example.com/hook", "secret": "s" * 16}
    created = await http.post("/v1/webhooks", json=body)
    assert created.status_code == 201, created.text
    assert "secret" not in created.json() and created.json()["id"].startswith("whk_")
    assert _answer_errors(folded, "/v1/webhooks", "post", created) == []
    listed = (await http.get("/v1/webhooks")).json()["data"]
    assert ["secret" in hook for hook in listed] == [False]
    refused = await http.post("/v1/webhooks", json={**body, "id": "whk_mine"})
    assert refused.status_code == 400
    assert refused.json()["message"] == "id is read-only: the service sets it, so it is never sent"
    missing = await http.post("/v1/webhooks", json={"url": "https://example.com/hook"})
    assert (missing.status_code, missing.json()["message"]) == (400, "secret can't be blank")


async def test_dates_are_validated_and_kept(http: httpx.AsyncClient) -> None:
    """An order's ``expires_on`` and the payments filter ``value_date`` must be real days."""
    order = {"amount": 100, "currency": "USD", "payment_methods": ["card"]}
    created = await http.post("/v1/orders", json={**order, "expires_on": "2026-11-30"})
    assert created.status_code == 201, created.text
    assert created.json()["expires_on"] == "2026-11-30"
    for wrong in ("2026-02-30", "30/11/2026", "2026-11-30T00:00:00Z"):
        refused = await http.post("/v1/orders", json={**order, "expires_on": wrong})
        assert refused.status_code == 400 and "expires_on" in refused.json()["message"], wrong
        listed = await http.get("/v1/payments", params={"value_date": wrong})
        assert listed.status_code == 400 and "value_date" in listed.json()["message"], wrong
    assert (await http.get("/v1/payments", params={"value_date": "2026-11-30"})).status_code == 200


async def test_text_and_binary_answers_are_served_as_their_media_types(
    http: httpx.AsyncClient,
) -> None:
    """The statement is its CSV example; a document's content is found by its id, or 404."""
    statement = await http.get("/v1/balances/statement", params={"currency": "USD"})
    assert statement.status_code == 200
    assert statement.headers["content-type"].startswith("text/csv")
    assert statement.text == "created_at,amount,currency\n"
    missing = await http.get("/v1/document/doc_missing/content")
    assert missing.status_code == 404 and missing.headers["content-type"] == "application/json"
    files = {"file": ("a.pdf", b"%PDF-1.7", "application/pdf")}
    document = (await http.post("/v1/document", files=files)).json()
    content = await http.get(f"/v1/document/{document['id']}/content")
    assert (content.status_code, content.headers["content-type"]) == (200, "application/pdf")
