"""A scalar query value is read as its schema's type: ``true``/``false`` a boolean, digits an int.

The sandbox typed only integers: a boolean filter (``include_closed=false``, which the SDK
writes for a ``bool`` argument, and sends on every call when the bundle gives it a default) was
checked as the text ``"false"`` and refused with ``must be a boolean``, so every call of the
operation failed. An integer enum's refusal joined its values as text and crashed. Each is
checked against an edited bundle's sandbox over raw HTTP.
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

ADDED = [
    {
        "name": "include_closed",
        "in": "query",
        "required": False,
        "description": "Whether closed records are listed too.",
        "schema": {"type": "boolean", "default": False},
    },
    {
        "name": "level",
        "in": "query",
        "required": False,
        "description": "Only records of this level.",
        "schema": {"type": "integer", "enum": [1, 3, 7]},
    },
]


@pytest.fixture(scope="module")
def folded() -> dict[str, Any]:
    """The bundle, with GET /rfis given a boolean filter and an integer enum filter."""
    source = with_overlay(payments_yaml())
    source["paths"]["/rfis"]["get"]["parameters"][:0] = copy.deepcopy(ADDED)
    return fold_server_prefixes(source)


@pytest.fixture
async def http(folded: dict[str, Any]) -> AsyncIterator[httpx.AsyncClient]:
    """Raw HTTP to a sandbox built from the edited bundle, with a key."""
    async with edited_sandbox(folded, base_url="http://127.0.0.1/v1") as client:
        yield client


@pytest.mark.parametrize(
    "params", [{"include_closed": "true"}, {"include_closed": "false"}, {"level": "3"}]
)
async def test_a_value_of_the_schemas_type_is_accepted(
    http: httpx.AsyncClient, params: dict[str, str]
) -> None:
    answer = await http.get("/rfis", params=params)
    assert answer.status_code == 200, answer.text


@pytest.mark.parametrize(
    ("params", "message"),
    [
        ({"include_closed": "False"}, "include_closed must be true or false, got 'False'"),
        ({"include_closed": "1"}, "include_closed must be true or false, got '1'"),
        ({"level": "2"}, "level must be one of 1, 3, 7, got '2'"),
        ({"level": "x"}, "level must be an integer, got 'x'"),
    ],
)
async def test_a_value_of_another_type_is_a_400_naming_it(
    http: httpx.AsyncClient, params: dict[str, str], message: str
) -> None:
    answer = await http.get("/rfis", params=params)
    assert (answer.status_code, answer.json()["message"]) == (400, message)
