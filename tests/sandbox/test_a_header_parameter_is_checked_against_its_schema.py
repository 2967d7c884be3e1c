"""A header parameter the bundle declares is checked against its schema, as a query one is.

The sandbox read only path and query parameters: a header parameter with an ``enum`` (a region,
say) took any value, so the sandbox accepted a request the bundle refuses. A header's text is
typed by its schema (digits for an integer) and the value checked; a required one that is
missing is blank. The operation is the bundle's first GET without path parameters, whatever it is.
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

REGION = {
    "name": "X-Region",
    "in": "header",
    "required": False,
    "schema": {"type": "string", "enum": ["eu", "us"]},
}
BATCH = {
    "name": "X-Batch",
    "in": "header",
    "required": True,
    "schema": {"type": "integer", "minimum": 1, "maximum": 9},
}


def _first_list(source: dict[str, Any]) -> str:
    """The path of the bundle's first GET without path parameters that declares a 200."""
    return next(
        path
        for path, item in source["paths"].items()
        if "{" not in path and "200" in item.get("get", {}).get("responses", {})
    )


@pytest.fixture(scope="module")
def edited() -> tuple[dict[str, Any], str]:
    """The folded bundle with two header parameters on that GET, and its path."""
    source = with_overlay(payments_yaml())
    path = _first_list(source)
    parameters = source["paths"][path]["get"].setdefault("parameters", [])
    parameters += [copy.deepcopy(REGION), copy.deepcopy(BATCH)]
    return fold_server_prefixes(source), path


@pytest.fixture
async def http(edited: tuple[dict[str, Any], str]) -> AsyncIterator[httpx.AsyncClient]:
    """Raw HTTP to a sandbox built from the edited bundle, with a key."""
    async with edited_sandbox(edited[0], base_url="http://127.0.0.1/v1") as client:
        yield client


async def test_a_header_value_its_schema_allows_is_accepted(
    http: httpx.AsyncClient, edited: tuple[dict[str, Any], str]
) -> None:
    answer = await http.get(edited[1], headers={"X-Region": "eu", "X-Batch": "3"})
    assert answer.status_code == 200, answer.text
    answer = await http.get(edited[1], headers={"X-Batch": "9"})  # X-Region is optional
    assert answer.status_code == 200, answer.text


@pytest.mark.parametrize(
    ("headers", "named"),
    [
        ({"X-Region": "mars", "X-Batch": "3"}, "X-Region"),
        ({"X-Region": "EU", "X-Batch": "3"}, "X-Region"),
        ({"X-Batch": "0"}, "X-Batch"),
        ({"X-Batch": "10"}, "X-Batch"),
        ({"X-Batch": "two"}, "X-Batch"),
        ({"X-Batch": "1.5"}, "X-Batch"),
        ({"X-Region": "eu"}, "X-Batch"),
    ],
)
async def test_a_header_value_its_schema_refuses_is_a_400_naming_it(
    http: httpx.AsyncClient, edited: tuple[dict[str, Any], str], headers: dict[str, str], named: str
) -> None:
    answer = await http.get(edited[1], headers=headers)
    assert answer.status_code == 400, answer.text
    assert answer.json()["message"].startswith(named), answer.text
