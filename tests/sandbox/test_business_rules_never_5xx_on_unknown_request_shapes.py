"""The sandbox's business rules never answer 5xx to a request shape the bundle grows.

A maintainer edits the bundle as a service evolves: a third ``oneOf`` variant of a request a
business rule handles (an order by reference, a conversion by quote), a new optional field on
every object, a new value in every enum. The sandbox is built from that edited bundle alone,
and every business operation is driven with schema-valid requests drawn by schemathesis from
it: each answer is below 500, and a 2xx answer matches the bundle. A rule that meets a shape it
does not know leaves it to the REST convention (a create stores the record the bundle
describes), or refuses it with a 400 naming the shape.
"""

from __future__ import annotations

import asyncio
import copy
from functools import cache
from typing import Any

import httpx
import pytest
import schemathesis
from api_diff import diff
from fold import fold_server_prefixes
from hypothesis import HealthCheck, given, settings

from payments_sdk import _operation_parts as parts
from payments_sdk.sandbox._app import build_app
from payments_sdk.sandbox._auth import KeyIssuer
from payments_sdk.sandbox._generic import OperationShape
from payments_sdk.sandbox._handlers import BUSINESS
from payments_sdk.sandbox._namespace_states import Spaces
from payments_sdk.sandbox.contract import SchemaSet, resolve
from tests.support.provider_bundle import payments_yaml

_JSON = (dict, list, str, int, float, bool)
_VERBS = ("get", "put", "post", "patch", "delete", "options", "head", "trace")
"""What a drawn body is when there is one (schemathesis draws a sentinel for no body)."""

VARIANT = {
    "type": "object",
    "description": "A shape the business rule was written before.",
    "required": ["reference_code"],
    "properties": {"reference_code": {"type": "string", "pattern": "^ref_[a-z0-9]{1,12}$"}},
    "additionalProperties": False,
}


def edit(document: dict[str, Any]) -> None:
    """Grow every business request by a variant, every object by a field, every enum by a value."""
    schemas = document["components"]["schemas"]
    schemas["ReferenceVariant"] = VARIANT
    variant = {"$ref": "#/components/schemas/ReferenceVariant"}
    for schema in list(schemas.values()):
        if isinstance(schema.get("properties"), dict) and schema is not VARIANT:
            schema["properties"]["x_note"] = {"type": "string", "maxLength": 20}
        values = schema.get("enum")
        if isinstance(values, list) and all(isinstance(v, str) for v in values):
            upper = all(len(v) == 3 and v.isupper() for v in values)
            values.append("XNW" if upper else "x_new")
    bodies: set[str] = set()  # a body written once in components is widened once
    for path, item in document["paths"].items():
        for verb in item:
            body = parts.request_body(document, path, verb) if verb in _VERBS else None
            if body is None or body.pointer in bodies:
                continue
            key = OperationShape(fold_server_prefixes(document), _folded(document, path), verb).key
            content = body.value.get("content", {})
            if key not in BUSINESS or "application/json" not in content:
                continue
            bodies.add(body.pointer)
            media = content["application/json"]
            target = resolve(document, media["schema"])
            if "oneOf" in target:
                target["oneOf"].append(variant)
            else:
                media["schema"] = {"oneOf": [media["schema"], variant]}
            media.pop("example", None)
            media.pop("examples", None)


def _folded(document: dict[str, Any], path: str) -> str:
    folded = fold_server_prefixes({**document, "paths": {path: document["paths"][path]}})
    (only,) = folded["paths"]
    return str(only)


@cache
def _edited() -> dict[str, Any]:
    source = copy.deepcopy(_published())
    edit(source)
    folded: dict[str, Any] = fold_server_prefixes(source)
    return folded


@cache
def _published() -> dict[str, Any]:

    from tests.support.scratch_generate import with_overlay

    loaded: dict[str, Any] = with_overlay(payments_yaml())
    return loaded


def _business_operations() -> list[tuple[str, str]]:
    document = _edited()
    found = []
    for path, item in document["paths"].items():
        for verb, spec in item.items():
            if verb not in _VERBS or "requestBody" not in spec:
                continue  # a path item's own fields (``parameters``, ``servers``) are no operation
            if OperationShape(document, path, verb).key in BUSINESS:
                found.append((path, verb))
    return sorted(found)


OPERATIONS = _business_operations()


class Client:
    """Requests to the sandbox's ASGI app in this process (no port), one event loop each."""

    def __init__(self, app: Any) -> None:
        self.app = app

    def request(
        self, method: str, url: str, *, json: Any = None, headers: dict[str, str]
    ) -> httpx.Response:
        """Send one request; return the whole answer."""

        async def send() -> httpx.Response:
            transport = httpx.ASGITransport(app=self.app)
            async with httpx.AsyncClient(transport=transport, base_url="http://sandbox") as http:
                return await http.request(method, url, json=json, headers=headers)

        return asyncio.run(send())

    def post(self, url: str, *, json: Any, headers: dict[str, str]) -> httpx.Response:
        """POST ``json`` to ``url``."""
        return self.request("POST", url, json=json, headers=headers)

    def patch(self, url: str, *, json: Any, headers: dict[str, str]) -> httpx.Response:
        """PATCH ``json`` to ``url``."""
        return self.request("PATCH", url, json=json, headers=headers)


@pytest.fixture(scope="module")
def served() -> tuple[Client, dict[str, str], SchemaSet]:
    """A sandbox built from the edited bundle alone, its key, and validators for its answers."""
    document = _edited()
    keys = KeyIssuer(None)
    app = build_app(Spaces.in_memory(seed_payments=8), keys, document)
    return Client(app), {"Authorization": f"Bearer {keys.issue()}"}, SchemaSet(document)


def test_the_edit_is_compatible_for_sdk_users() -> None:
    """api-diff calls every part of the edit compatible: users regenerate, nothing breaks."""
    changes = diff(fold_server_prefixes(_published()), _edited())
    assert changes
    assert not [str(c) for c in changes if c.breaking]


@pytest.mark.parametrize(("path", "verb"), OPERATIONS, ids=[f"{v} {p}" for p, v in OPERATIONS])
def test_business_operations_answer_every_valid_request_below_500(
    served: tuple[Client, dict[str, str], SchemaSet], path: str, verb: str
) -> None:
    """Schema-valid requests of every shape get a 2xx that matches the bundle, or a 4xx."""
    client, auth, schemas = served
    document = _edited()
    operation = schemathesis.openapi.from_dict(document)[path][verb.upper()]
    spec = document["paths"][path][verb]
    status = next(code for code in sorted(spec["responses"]) if code.startswith("2"))
    response = parts.responses(document, path, verb)[status]
    answer = response.value.get("content", {})
    pointer = f"{response.pointer}/content/application~1json/schema"

    @settings(
        max_examples=40,
        deadline=None,
        derandomize=True,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(case=operation.as_strategy())
    def below_500(case: Any) -> None:
        url = case.formatted_path
        # An optional body (``requestBody.required: false``) may be left out: no body is sent.
        body = case.body if isinstance(case.body, _JSON) else None
        response = client.request(verb.upper(), url, json=body, headers=auth)
        assert response.status_code < 500, (case.body, response.text)
        if response.status_code < 300 and answer:
            errors = list(schemas.validator(pointer).iter_errors(response.json()))
            assert not errors, (case.body, response.json(), errors[0].message)

    below_500()


@pytest.mark.parametrize(
    ("path", "body", "status"),
    [
        ("/v1/orders", {"reference_code": "ref_1"}, 201),
        ("/v1/refunds", {"reference_code": "ref_1"}, 201),
        ("/v1/balance_conversions", {"reference_code": "ref_1"}, 201),
        ("/v1/bank_account_validation", {"reference_code": "ref_1"}, 200),
        ("/v1/v2/virtual-accounts", {"reference_code": "ref_1"}, 201),
    ],
)
def test_a_third_shape_is_served_by_the_convention(
    served: tuple[Client, dict[str, str], SchemaSet], path: str, body: Any, status: int
) -> None:
    """The rule written for today's shapes leaves the new one to the convention: no KeyError."""
    client, auth, _ = served
    response = client.post(path, json=body, headers=auth)
    assert response.status_code == status, response.text
    assert response.json()["id"]


def test_a_shape_no_convention_serves_is_refused_by_name(
    served: tuple[Client, dict[str, str], SchemaSet],
) -> None:
    """An RFI update of an unknown shape: a 400 saying which fields the rule knows."""
    client, auth, _ = served
    created = client.post(
        "/v1/orders",
        json={"amount": 5000, "currency": "USD", "payment_methods": ["card"]},
        headers=auth,
    )
    order = created.json()["id"]
    response = client.patch(
        f"/v1/orders/{order}/update-rfi", json={"reference_code": "ref_2"}, headers=auth
    )
    assert response.status_code == 400, response.text
    assert response.json()["message"] == (
        "the sandbox's RFI update rule knows requests with documents, each with id and "
        "rfi_doc_id; this one has reference_code"
    )


def test_a_field_a_rule_does_not_know_is_kept_where_the_record_declares_it(
    served: tuple[Client, dict[str, str], SchemaSet],
) -> None:
    """A new optional field of a business request and of its record is stored and answered.

    The refund and order rules were written before ``x_note``: the convention carries it from
    the request to the record, so the create answers it and a retrieve reads it back.
    """
    client, auth, _ = served
    listed = client.request("GET", "/v1/payments", headers=auth).json()["data"]
    paid = next(p["id"] for p in listed if p["status"] == "success")
    order = {"amount": 5000, "currency": "USD", "payment_methods": ["card"], "x_note": "o"}
    for collection, body in (("refunds", {"payment_id": paid, "x_note": "r"}), ("orders", order)):
        created = client.post(f"/v1/{collection}", json=body, headers=auth)
        assert created.status_code == 201, created.text
        assert created.json()["x_note"] == body["x_note"]
        again = client.request("GET", f"/v1/{collection}/{created.json()['id']}", headers=auth)
        assert again.json()["x_note"] == body["x_note"], again.text
