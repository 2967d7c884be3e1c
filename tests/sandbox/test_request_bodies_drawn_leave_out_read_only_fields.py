"""The bodies the sandbox's tests send as a client leave out what the service sets, at any depth.

A maintainer may mark a nested object's field ``readOnly`` (when an address was verified) on a
schema that is both sent and answered. The sandbox refuses such a field in a request (400
naming it), so a test that draws a request body from the bundle must leave it out wherever it
stands, and still send the nested object's required fields.
"""

from __future__ import annotations

from typing import Any

from tests.support.schema_values import request_example

DOCUMENT: dict[str, Any] = {
    "components": {
        "schemas": {
            "Stamp": {"type": "string", "format": "date-time"},
            "Address": {
                "type": "object",
                "required": ["line1", "verified_at"],
                "properties": {
                    "line1": {"type": "string", "minLength": 1},
                    "verified_at": {"$ref": "#/components/schemas/Stamp", "readOnly": True},
                },
            },
            "Customer": {
                "type": "object",
                "required": ["id", "name"],
                "properties": {
                    "id": {"type": "string", "readOnly": True},
                    "name": {"type": "string"},
                    "address": {"$ref": "#/components/schemas/Address"},
                    "previous": {
                        "type": "array",
                        "items": {"$ref": "#/components/schemas/Address"},
                        "minItems": 1,
                    },
                },
            },
        }
    }
}


def test_a_nested_read_only_field_is_left_out_and_its_siblings_kept() -> None:
    body = request_example(DOCUMENT, {"$ref": "#/components/schemas/Customer"})
    assert "id" not in body
    assert body["address"] == {"line1": "x"}
    assert body["previous"] == [{"line1": "x"}]


def test_an_inline_schema_loses_its_read_only_fields_too() -> None:
    inline = DOCUMENT["components"]["schemas"]["Address"]
    assert request_example(DOCUMENT, inline) == {"line1": "x"}
