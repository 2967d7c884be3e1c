"""An empty query value (``?note=``) is refused exactly when its schema refuses ``""``.

The sandbox said ``<name> can't be blank`` to any empty value. The bundle is the contract: a
string parameter with no ``minLength`` (a filter on an open status, say) accepts ``""``, so the
sandbox must too; one whose schema refuses ``""`` (``search`` has ``minLength: 1``; an integer
never is ``""``) keeps the description's words.
"""

from __future__ import annotations

import copy
from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from fold import fold_server_prefixes

from tests.support.edited_sandbox import edited_sandbox
from tests.support.provider_bundle import payments_yaml
from tests.support.scratch_generate import with_overlay

NOTE = {
    "name": "note_filter",
    "in": "query",
    "required": False,
    "description": "Only records whose note is this text (any text, the empty one too).",
    "schema": {"type": "string", "maxLength": 50},
}


@pytest.fixture(scope="module")
def folded() -> dict[str, Any]:
    """The bundle, with GET /rfis given a string filter that admits the empty string."""
    source = with_overlay(payments_yaml())
    source["paths"]["/rfis"]["get"]["parameters"].insert(0, copy.deepcopy(NOTE))
    return fold_server_prefixes(source)


@pytest.fixture
async def http(folded: dict[str, Any]) -> AsyncIterator[httpx.AsyncClient]:
    """Raw HTTP to a sandbox built from the edited bundle, with a key."""
    async with edited_sandbox(folded, base_url="http://127.0.0.1/v1") as client:
        yield client


async def test_an_empty_value_its_schema_admits_is_accepted(http: httpx.AsyncClient) -> None:
    answer = await http.get("/rfis", params={"note_filter": ""})
    assert answer.status_code == 200, answer.text
    assert answer.json()["data"] == []


async def test_an_empty_value_its_schema_refuses_is_blank(http: httpx.AsyncClient) -> None:
    for name in ("search", "per_page"):
        answer = await http.get("/rfis", params={name: ""})
        assert (answer.status_code, answer.json()["message"]) == (400, f"{name} can't be blank")
