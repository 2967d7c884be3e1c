"""An integer in a request is bounded by its schema alone, not by a bound only the code knows.

The sandbox refused every integer beyond 10^15 anywhere in a request. An amount and a page are
bounded at 10^15 because the bundle says so; an ``int64`` filter with only a ``minimum`` takes
any int64, and schemathesis found the sandbox refusing such a valid request. The operation is
the bundle's first list of records (a GET without path parameters whose answer is paged).
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

FLOOR = {
    "name": "least_amount",
    "in": "query",
    "required": False,
    "description": "Only records of at least this amount, in minor units.",
    "schema": {"type": "integer", "format": "int64", "minimum": 0},
}


def _first_list(source: dict[str, Any]) -> str:
    """The first GET without path parameters that takes the shared `page` parameter."""
    return next(
        path
        for path, item in source["paths"].items()
        if "{" not in path
        and any("Page" in str(p.get("$ref", "")) for p in item.get("get", {}).get("parameters", []))
    )


@pytest.fixture(scope="module")
def edited() -> tuple[dict[str, Any], str]:
    source = with_overlay(payments_yaml())
    path = _first_list(source)
    source["paths"][path]["get"]["parameters"].append(copy.deepcopy(FLOOR))
    return fold_server_prefixes(source), path


@pytest.fixture
async def http(edited: tuple[dict[str, Any], str]) -> AsyncIterator[httpx.AsyncClient]:
    async with edited_sandbox(edited[0], base_url="http://127.0.0.1/v1") as client:
        yield client


@pytest.mark.parametrize("value", [0, 10**15 + 1, 2**62, 2**63 - 1])
async def test_an_integer_its_schema_allows_is_taken(
    http: httpx.AsyncClient, edited: tuple[dict[str, Any], str], value: int
) -> None:
    answer = await http.get(edited[1], params={"least_amount": str(value)})
    assert answer.status_code == 200, answer.text


@pytest.mark.parametrize("value", ["-1", str(2**63), "1.5", "9" * 5000])
async def test_an_integer_its_schema_refuses_is_a_400_naming_it(
    http: httpx.AsyncClient, edited: tuple[dict[str, Any], str], value: str
) -> None:
    answer = await http.get(edited[1], params={"least_amount": value})
    assert answer.status_code == 400, answer.text
    assert answer.json()["message"].startswith("least_amount"), answer.text


async def test_the_bundles_own_bound_still_holds(
    http: httpx.AsyncClient, edited: tuple[dict[str, Any], str]
) -> None:
    """``page`` is at most 10^15 because the bundle says so."""
    answer = await http.get(edited[1], params={"page": str(10**15 + 1)})
    assert answer.status_code == 400 and answer.json()["message"].startswith("page")
