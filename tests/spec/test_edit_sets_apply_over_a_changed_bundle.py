"""Our edit sets apply over a bundle a maintainer has already changed, and leave it valid.

``make test`` applies our spec edits and feature edits to the bundle as it is, which may be
one a maintainer edited first (that is how a spec change is replayed). A maintainer's edit that
refactors a record into ``allOf``, adds the filter or the operation one of our edits adds (under
another parameter name, or through a ``$ref``), must not make our edits crash or produce an
invalid bundle: the helpers of ``openapi/tools/bundle_edits.py`` find where the bundle says
things, whatever shape it has.
"""

from __future__ import annotations

import copy
from collections import Counter
from typing import Any

import pytest
from bundle_edits import add_parameter, add_path, add_schema, field_of, properties_of, required_of
from openapi_spec_validator import validate
from spec_edit_set import EDITS, apply_edits

from tests.support.feature_edits import apply_all
from tests.support.provider_bundle import payments_yaml


def _bundle() -> dict[str, Any]:
    loaded: dict[str, Any] = payments_yaml()
    return loaded


def _refund_as_all_of(spec: dict[str, Any]) -> None:
    """A maintainer's refactor: Refund is a shared base plus its own fields (same shape)."""
    schemas = spec["components"]["schemas"]
    refund = schemas["Refund"]
    if "properties" not in refund:
        return  # composed already
    base = {key: refund["properties"].pop(key) for key in ("id", "created_at")}
    schemas["RecordBase"] = {"type": "object", "required": ["id"], "properties": base}
    own = {
        "type": "object",
        "required": [name for name in refund.pop("required") if name != "id"],
        "properties": refund.pop("properties"),
    }
    refund["allOf"] = [{"$ref": "#/components/schemas/RecordBase"}, own]


def _maintainers_edits(spec: dict[str, Any]) -> None:
    """What a maintainer may have done first, in the places our own edits touch."""
    _refund_as_all_of(spec)
    spec["components"]["parameters"]["RefundStatusFilter"] = {
        "name": "status",
        "in": "query",
        "required": False,
        "schema": {"$ref": "#/components/schemas/RefundStatusValue"},
    }
    spec["paths"]["/refunds"]["get"]["parameters"].insert(
        0, {"$ref": "#/components/parameters/RefundStatusFilter"}
    )
    spec["paths"]["/refunds"]["post"].setdefault("parameters", []).append(
        {"name": "idempotency-key", "in": "header", "schema": {"type": "string"}}
    )
    add_path(
        spec,
        "/payments/{payment_id}",
        {
            "get": {
                "operationId": "getPayment",
                "tags": ["Payin"],
                "summary": "Retrieve a payment",
                "description": "One payment.",
                "parameters": [
                    {
                        "name": "payment_id",
                        "in": "path",
                        "required": True,
                        "schema": {"type": "string"},
                    }
                ],
                "responses": {
                    "200": {
                        "description": "The payment.",
                        "content": {
                            "application/json": {"schema": {"$ref": "#/components/schemas/Payment"}}
                        },
                    },
                    "401": {"$ref": "#/components/responses/Unauthorized"},
                    "404": {"$ref": "#/components/responses/NotFound"},
                },
            }
        },
    )


def _operation_ids(spec: dict[str, Any]) -> Counter[str]:
    return Counter(
        operation["operationId"]
        for item in spec["paths"].values()
        for operation in item.values()
        if isinstance(operation, dict) and "operationId" in operation
    )


@pytest.mark.parametrize("changed", [False, True], ids=["ours", "changed by a maintainer"])
def test_every_edit_applies_and_the_bundle_stays_valid(changed: bool) -> None:
    spec = _bundle()
    if changed:
        _maintainers_edits(spec)
    compatible = [edit for edit in EDITS if edit.kind in ("compatible", "doc-only")]
    edited = apply_edits(spec, compatible)
    apply_all(edited)
    validate(edited)  # openapi-spec-validator: 3.1, unique operationIds among its checks
    assert [name for name, count in _operation_ids(edited).items() if count > 1] == []
    again = apply_edits(edited, compatible)
    apply_all(again)
    assert again == edited, "applying the edits twice is applying them once"


def test_a_field_is_added_to_a_composed_records_own_part() -> None:
    spec = _bundle()
    _refund_as_all_of(spec)
    properties_of(spec, "Refund")["reason"] = {"type": "string"}
    required_of(spec, "Refund").append("reason")
    own = spec["components"]["schemas"]["Refund"]["allOf"][-1]
    assert own["properties"]["reason"] == {"type": "string"} and "reason" in own["required"]
    field_of(spec, "Refund", "created_at")["description"] = "When."
    assert field_of(spec, "Refund", "created_at")["description"] == "When."
    assert "created_at" not in own["properties"]


def test_a_parameter_replaces_the_one_at_its_place_inline_or_by_reference() -> None:
    spec = _bundle()
    _maintainers_edits(spec)
    add_parameter(spec, "/refunds", "get", {"name": "status", "in": "query", "schema": {}})
    add_parameter(spec, "/refunds", "post", {"name": "Idempotency-Key", "in": "header"})
    get = spec["paths"]["/refunds"]["get"]["parameters"]
    post = spec["paths"]["/refunds"]["post"]["parameters"]
    assert [p.get("name", p.get("$ref")) for p in get].count("status") == 1
    assert not [p for p in get if "RefundStatusFilter" in p.get("$ref", "")]
    assert [p["name"].lower() for p in post if "name" in p].count("idempotency-key") == 1


def test_an_operation_the_bundle_has_under_other_names_is_not_added_twice() -> None:
    spec = _bundle()
    theirs = {"get": {"operationId": "getBatch", "responses": {}}}
    spec["paths"]["/refund_batches/{batch_id}"] = copy.deepcopy(theirs)
    add_path(spec, "/refund_batches/{id}", {"get": {"operationId": "getBatch", "responses": {}}})
    assert "/refund_batches/{id}" not in spec["paths"]
    assert spec["paths"]["/refund_batches/{batch_id}"] == theirs
    add_path(spec, "/refund_batches/{id}/void", {"post": {"operationId": "getBatch"}})
    assert spec["paths"]["/refund_batches/{id}/void"]["post"]["operationId"] == "getBatchEdited"


def test_a_schema_name_the_bundle_uses_for_another_schema_moves_that_one_aside() -> None:
    spec = _bundle()
    _refund_as_all_of(spec)  # the maintainer's RecordBase: id required, created_at optional
    theirs = copy.deepcopy(spec["components"]["schemas"]["RecordBase"])
    ours = {"type": "object", "required": ["id", "created_at"], "properties": {}}
    add_schema(spec, "RecordBase", ours)
    schemas = spec["components"]["schemas"]
    assert schemas["RecordBase"] == ours and schemas["RecordBaseOriginal"] == theirs
    assert schemas["Refund"]["allOf"][0] == {"$ref": "#/components/schemas/RecordBaseOriginal"}
    grown = {**ours, "properties": {"id": {"type": "string"}}}
    schemas["RecordBase"] = copy.deepcopy(grown)  # a later edit grew ours
    add_schema(spec, "RecordBase", ours)  # applied again: ours, grown, is kept
    assert schemas["RecordBase"] == grown and "RecordBaseOriginalOriginal" not in schemas
