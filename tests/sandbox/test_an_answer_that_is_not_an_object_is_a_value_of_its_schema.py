"""An operation whose answer is not an object (a top-level array, a number) is answered by schema.

The convention built every answer of an operation it has no rule for as an object, so a new
``GET /supported_currencies`` answering a JSON array got ``{}``, which breaks the contract. Its
answer is now a value of its schema: as few items as ``minItems`` allows, each the least value
of the items' schema.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from typing import Any

import httpx
import pytest
from fold import fold_server_prefixes

from payments_sdk._engine import validator
from tests.support.edited_sandbox import edited_sandbox
from tests.support.provider_bundle import payments_yaml
from tests.support.scratch_generate import with_overlay

ANSWERS: dict[str, dict[str, Any]] = {
    "/supported_currencies": {
        "type": "array",
        "minItems": 2,
        "items": {"type": "string", "enum": ["EUR", "GBP"]},
    },
    "/settlement_delay": {"type": "integer", "minimum": 2, "maximum": 10},
}


def _operation(path: str, schema: dict[str, Any]) -> dict[str, Any]:
    return {
        "get": {
            "operationId": "get" + path.strip("/").title().replace("_", ""),
            "tags": ["Multi Currency Account"],
            "summary": "Read a value",
            "description": "Answers a value that is not an object.",
            "responses": {
                "200": {
                    "description": "The value.",
                    "content": {"application/json": {"schema": schema}},
                },
                "401": {"$ref": "#/components/responses/Unauthorized"},
            },
        }
    }


@pytest.fixture
async def http() -> AsyncIterator[httpx.AsyncClient]:
    """Raw HTTP to a sandbox built from the bundle with the two operations added."""
    source = with_overlay(payments_yaml())
    for path, schema in ANSWERS.items():
        source["paths"][path] = _operation(path, schema)
    async with edited_sandbox(
        fold_server_prefixes(source), base_url="http://127.0.0.1/v1"
    ) as client:
        yield client


@pytest.mark.parametrize("path", list(ANSWERS))
async def test_the_answer_is_a_value_of_its_schema(http: httpx.AsyncClient, path: str) -> None:
    answer = await http.get(path)
    assert answer.status_code == 200, answer.text
    validator(ANSWERS[path]).validate(answer.json())
