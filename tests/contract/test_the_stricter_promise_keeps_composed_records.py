"""The contract's stricter copy of the bundle closes a composed record without refusing its fields.

The contract test holds the sandbox's answers to ``closed_answers`` (no undeclared field). A
record the bundle composes with ``allOf`` (a shared base plus its own fields) and leaves open
with ``additionalProperties: true`` must still accept every field its parts declare, and refuse
one they do not: a copy that closed it by its (empty) top-level ``properties`` refused every
answer of a record refactored into ``allOf``, a compatible edit.
"""

from __future__ import annotations

from typing import Any

import pytest

from payments_sdk._engine import validator as engine
from tests.support.closed_bundle import closed, closed_answers


def _document(extra: dict[str, Any]) -> dict[str, Any]:
    base = {
        "type": "object",
        "required": ["id"],
        "properties": {"id": {"type": "string"}, "created_at": {"type": "string"}},
    }
    record = {
        "type": "object",
        "allOf": [
            {"$ref": "#/components/schemas/Base"},
            {"type": "object", "properties": {"status": {"type": "string"}}},
        ],
        **extra,
    }
    answer = {"content": {"application/json": {"schema": {"$ref": "#/components/schemas/Rec"}}}}
    return {
        "paths": {"/recs": {"get": {"responses": {"200": {"description": "ok", **answer}}}}},
        "components": {"schemas": {"Base": base, "Rec": record}},
    }


@pytest.mark.parametrize("extra", [{}, {"additionalProperties": True}], ids=["unsaid", "open"])
@pytest.mark.parametrize("close", [closed, closed_answers], ids=["closed", "closed_answers"])
def test_a_composed_record_keeps_its_parts_fields_and_refuses_others(
    extra: dict[str, Any], close: Any
) -> None:
    strict = close(_document(extra))
    name = "RecAnswer" if close is closed_answers else "Rec"
    validator = engine({"$ref": f"#/components/schemas/{name}", "components": strict["components"]})
    known = {"id": "r_1", "created_at": "2026-11-25T00:00:00Z", "status": "open"}
    assert list(validator.iter_errors(known)) == []
    assert list(validator.iter_errors({**known, "undeclared": 1})) != []
