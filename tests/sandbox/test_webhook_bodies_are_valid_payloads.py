"""``sandbox.webhook_body(kind)`` writes a payload the bundle's schema for that kind accepts.

A user tests the endpoint that receives the service's webhooks: the sandbox writes a payload of
any kind the bundle declares, each required field (at any depth) filled with a value that keeps
every keyword of its schema, the fields the test gives kept as given. The bundle is the
published one with webhooks added (the published one declares none).
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from payments_sdk.sandbox import _answer_bodies, webhook_body
from payments_sdk.sandbox.contract import SchemaSet, load_bundle

SCHEMA = {
    "type": "object",
    "required": ["kind", "body", "code", "count", "at", "nested"],
    "properties": {
        "kind": {"const": "thing.done"},
        "body": {"type": "string", "pattern": "^b_[0-9]{4}$"},
        "code": {"type": "string", "enum": ["A1", "B2"]},
        "count": {"type": "integer", "exclusiveMinimum": 10, "multipleOf": 7},
        "at": {"type": "string", "format": "date-time"},
        "nested": {
            "type": "object",
            "required": ["tags"],
            "properties": {
                "tags": {"type": "array", "minItems": 2, "items": {
                    "type": "string", "minLength": 2}},
                "note": {"type": "string"},
            },
        },
        "memo": {"type": "string", "maxLength": 5},
    },
}  # fmt: skip
POINTER = "/webhooks/thing.done/post/requestBody/content/application~1json/schema"


@pytest.fixture
def bundle(monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """The published folded bundle with one webhook, read by ``webhook_body``."""
    document = load_bundle()
    document["webhooks"] = {
        "thing.done": {
            "post": {
                "requestBody": {"content": {"application/json": {"schema": SCHEMA}}},
                "responses": {"200": {"description": "ok"}},
            }
        }
    }
    monkeypatch.setattr(_answer_bodies, "_document", lambda: document)
    return document


def _errors(document: dict[str, Any], payload: Any) -> list[str]:
    return [e.message for e in SchemaSet(document).validator(POINTER).iter_errors(payload)]


def test_the_least_payload_keeps_every_keyword(bundle: dict[str, Any]) -> None:
    payload = webhook_body("thing.done")
    assert _errors(bundle, payload) == []
    assert set(payload) == set(SCHEMA["required"])  # type: ignore[arg-type]
    assert webhook_body("thing.done") == payload  # the same every time
    json.dumps(payload)  # plain JSON


def test_given_fields_are_kept_and_the_rest_filled(bundle: dict[str, Any]) -> None:
    """Top-level fields by keyword (``kind`` and ``body`` too), nested ones by mapping."""
    payload = webhook_body("thing.done", {"nested": {"note": "n"}}, body="b_0042", memo="hi")
    assert payload["body"] == "b_0042" and payload["memo"] == "hi"
    assert payload["nested"]["note"] == "n" and len(payload["nested"]["tags"]) == 2
    assert _errors(bundle, payload) == []
    wrong = webhook_body("thing.done", count=3)  # kept as given: a test may send a wrong one
    assert wrong["count"] == 3 and _errors(bundle, wrong) != []


def test_the_given_mapping_is_not_changed(bundle: dict[str, Any]) -> None:
    given = {"nested": {"note": "n"}}
    webhook_body("thing.done", given)
    assert given == {"nested": {"note": "n"}}


def test_an_undeclared_kind_is_refused_naming_the_declared_ones(bundle: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match=r"'thing\.undone' names no webhook .*thing\.done"):
        webhook_body("thing.undone")


def test_the_published_bundle_refuses_a_kind_it_does_not_declare() -> None:
    """Whatever webhooks the bundle declares, another kind is refused."""
    kinds = list(load_bundle().get("webhooks", {}))
    with pytest.raises(ValueError, match="names no webhook of the bundle"):
        webhook_body("-".join(kinds) + "-undeclared")
