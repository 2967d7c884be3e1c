"""The sandbox answers only what the bundle declares, on every operation's success path."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

from payments_sdk._operation_parts import parameters
from payments_sdk.sandbox import Sandbox
from payments_sdk.sandbox._generic import OperationShape, records_of
from payments_sdk.sandbox.contract import SchemaSet, escape_pointer, load_bundle, resolve
from tests.support.closed_bundle import closed
from tests.support.schema_values import example, request_example

FOLDED = load_bundle()
STRICT = SchemaSet(closed(FOLDED))
OPERATIONS = {
    OperationShape(FOLDED, path, method).key: (path, method)
    for path, item in FOLDED["paths"].items()
    for method, operation in item.items()
    if isinstance(operation, dict) and "operationId" in operation
}
"""Every operation by its SDK name (``refunds.create``): an operationId rename changes none."""


def _check(sdk_name: str, response: httpx.Response, seen: set[str]) -> Any:
    """Assert a 2xx whose body (if any) validates against the closed schema; return the body."""
    assert 200 <= response.status_code < 300, (sdk_name, response.text)
    path, method = OPERATIONS[sdk_name]
    seen.add(sdk_name)
    if response.status_code == 204:
        assert response.content == b""
        return None
    status = str(response.status_code)  # the answer's own: an operation may declare several
    assert status in FOLDED["paths"][path][method]["responses"], (sdk_name, status)
    content = resolve(FOLDED, FOLDED["paths"][path][method]["responses"][status]).get("content")
    if content and "application/json" not in content:  # text or bytes: of a declared type
        media = response.headers.get("content-type", "").split(";")[0].strip()
        assert media in content, (sdk_name, media, list(content))
        return None
    pointer = (
        f"/paths/{escape_pointer(path)}/{method}/responses/{status}"
        "/content/application~1json/schema"
    )
    body = response.json()
    errors = [e.message for e in STRICT.validator(pointer).iter_errors(body)]
    assert errors == [], (sdk_name, errors)
    return body


async def test_every_operation_answers_only_declared_fields() -> None:
    """Every operation succeeds once, and no 2xx body carries an undeclared field."""
    sandbox = Sandbox(seed_payments=5)
    seen: set[str] = set()
    headers = {"Authorization": f"Bearer {sandbox.api_key}"}
    transport = httpx.ASGITransport(app=sandbox.app)
    async with httpx.AsyncClient(
        transport=transport, base_url="http://127.0.0.1", headers=headers
    ) as http:

        async def call(sdk_name: str, method: str, url: str, **kwargs: Any) -> Any:
            return _check(sdk_name, await http.request(method, url, **kwargs), seen)

        await call("client.ping", "GET", "/v1/ping")
        await call("balances.retrieve", "GET", "/v1/balances")
        conversion = {"source_currency": "USD", "target_currency": "EUR", "source_amount": 10_000}
        await call("balance_conversions.create", "POST", "/v1/balance_conversions", json=conversion)
        await call("balance_conversions.list", "GET", "/v1/balance_conversions")
        fx = {"source_currency": "USD", "target_currency": "GBP"}
        await call("fx_rates.retrieve", "GET", "/v1/fx-rate", params=fx)
        beneficiary = {
            "category": "payout",
            "beneficiary": {"name": "Jane", "type": "individual", "address": {"city": "London"}},
            "bank_account": {"account_number": "31926819", "local_routing_number": "601613"},
            "notes": {"ref": "x"},
        }
        created = await call("beneficiaries.create", "POST", "/v2/beneficiaries", json=beneficiary)
        saved = {"id": created["bank_account"]["id"]}
        await call(
            "bank_account_validations.create", "POST", "/v1/bank_account_validation", json=saved
        )
        await call("bank_account_validations.list", "GET", "/v1/bank_account_validation")
        order_body = {"amount": 5_000_000, "currency": "USD", "payment_methods": ["card"]}
        order = await call("orders.create", "POST", "/v1/orders", json=order_body)
        await call("orders.list", "GET", "/v1/orders")
        await call("orders.retrieve", "GET", f"/v1/orders/{order['id']}")
        (rfi,) = (await call("rfis.list", "GET", "/v1/rfis", params={"search": order["id"]}))[
            "data"
        ]
        files = {"file": ("proof.pdf", b"%PDF proof", "application/pdf")}
        document = await call("documents.upload", "POST", "/v1/document", files=files)
        await call("documents.list", "GET", "/v1/document")
        await call("documents.retrieve", "GET", f"/v1/document/{document['id']}")
        submission = {
            "documents": [{"id": document["id"], "rfi_doc_id": rfi["documents"][0]["rfi_doc_id"]}]
        }
        await call(
            "orders.update_rfi", "PATCH", f"/v1/orders/{order['id']}/update-rfi", json=submission
        )
        await call("rfis.list", "GET", "/v1/rfis", params={"status": "under_review"})
        payments = await call("payments.list", "GET", "/v1/payments")
        paid = next(p for p in payments["data"] if p["status"] == "success")
        refund = await call(
            "refunds.create", "POST", "/v1/refunds", json={"payment_id": paid["id"]}
        )
        await call("refunds.retrieve", "GET", f"/v1/refunds/{refund['id']}")
        await call(
            "refunds.mock_update_status", "PATCH", f"/v1/refunds/{refund['id']}/mock_update_status"
        )
        await call("refunds.list", "GET", "/v1/refunds")
        account = {"payment_type": "local", "currency": "EUR"}
        await call("virtual_accounts.create", "POST", "/v1/v2/virtual-accounts", json=account)
        await call("virtual_accounts.close", "DELETE", "/v1/virtual-accounts", params=account)
        await call("virtual_accounts.list", "GET", "/v1/virtual-accounts")
        link = await call(
            "kyc_links.create", "POST", "/v1/kyc-links", json={"email": "a@example.com"}
        )
        await call("kyc_links.retrieve", "GET", f"/v1/kyc-links/{link['id']}")
        await call("kyc_links.list", "GET", "/v1/kyc-links")
        await _read_the_rest(sandbox, http, call, seen)
    assert seen == set(OPERATIONS)


async def _read_the_rest(
    sandbox: Sandbox, http: httpx.AsyncClient, call: Any, seen: set[str]
) -> None:
    """Call each operation the tour above does not name: a list, a retrieve, a create, an update...

    Whatever its method, one that takes a body sends one drawn from its schema. A retrieve or an
    action under a record acts on the newest record of its resource, added through the record
    control when the resource has none (one the bundle only lists and retrieves). Deletes go
    last, so that the record one removes is not the one another operation needed.
    """
    # A delete goes last: the record it removes may be the one another operation acts on
    # (a resource whose records only its own create makes, such as an upload).
    rest = sorted(OPERATIONS.items(), key=lambda entry: entry[1][1].lower() == "delete")
    for sdk_name, (path, method) in rest:
        if sdk_name in seen:
            continue
        name = OperationShape(FOLDED, path, method)
        sent: dict[str, Any] = {}
        if "requestBody" in FOLDED["paths"][path][method]:
            body = resolve(FOLDED, FOLDED["paths"][path][method].get("requestBody", {}))
            schema = body.get("content", {}).get("application/json", {}).get("schema")
            if schema is None and body.get("content"):
                continue  # multipart: the tour uploads
            if schema is not None:
                sent["json"] = request_example(FOLDED, schema)
        if not name.path_params:
            await call(sdk_name, method.upper(), path, **sent)
            continue
        (parameter,) = name.path_params
        table = records_of(sandbox.store, name.resource)
        rows = list(table.values()) if isinstance(table, dict) else list(table)
        if rows:
            record_id = rows[-1]["id"]
        else:
            added = await http.post(f"/_sandbox/records/{name.resource}", json={})
            if added.status_code == 404:  # a resource that keeps no records: its item is a 404
                (param,) = [
                    p.value for p in parameters(FOLDED, path, method) if p.value.get("in") == "path"
                ]
                record_id = str(example(FOLDED, param.get("schema", {})))
                answer = await http.request(
                    method.upper(), path.replace(f"{{{parameter}}}", record_id), **sent
                )
                assert (
                    answer.status_code == 404
                    and "404" in FOLDED["paths"][path][method]["responses"]
                ), answer.text
                seen.add(sdk_name)
                continue
            else:
                assert added.status_code == 201, added.text
                record_id = added.json()["id"]
        await call(sdk_name, method.upper(), path.replace(f"{{{parameter}}}", record_id), **sent)


async def _send(method: str, path: str, body: dict[str, Any]) -> httpx.Response:
    sandbox = Sandbox(seed_payments=0)
    transport = httpx.ASGITransport(app=sandbox.app)
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as http:
        return await http.request(
            method, path, json=body, headers={"Authorization": f"Bearer {sandbox.api_key}"}
        )


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/v1/orders", {"quote_id": "q1", "split_id": ["s1"]}, "split_id"),
        (
            "/v1/orders",
            {"amount": 100, "currency": "USD", "payment_methods": ["card"], "note": "x"},
            "note",
        ),
        ("/v1/bank_account_validation", {"id": "bene_abc", "memo": "x"}, "memo"),
        (
            "/v1/balance_conversions",
            {"source_currency": "USD", "target_currency": "EUR", "source_amount": 1, "fee": 1},
            "fee",
        ),
    ],
)
async def test_a_field_a_closed_request_does_not_name_is_refused(
    path: str, body: dict[str, Any], field: str
) -> None:
    """Where the bundle closes a body (additionalProperties: false), an extra field is a 400."""
    response = await _send("POST", path, body)
    assert response.status_code == 400
    assert response.json()["error"] == "Bad Request"
    assert response.json()["message"].startswith(field)


@pytest.mark.parametrize(
    ("path", "body", "field"),
    [
        ("/v2/beneficiaries", {"bank_account": {"upi_id": "jane@upi"}}, "upi_id"),
        ("/v2/beneficiaries", {"bank_account": {"id": "bene_abc"}}, None),
        ("/v2/beneficiaries", {"beneficiary": {"address": {"zip": "1"}}}, "zip"),
        ("/v1/kyc-links", {"email": "a@example.com", "name": "Jane"}, "name"),
        ("/v1/v2/virtual-accounts", {"payment_type": "local", "currency": "EUR", "x": 1}, "x"),
    ],
)
async def test_a_field_an_open_request_does_not_name_is_accepted_and_ignored(
    path: str, body: dict[str, Any], field: str | None
) -> None:
    """Where the bundle leaves a body open, an extra field is accepted, not stored nor answered."""
    response = await _send("POST", path, body)
    assert response.status_code == 201, response.text
    assert field is None or f'"{field}"' not in response.text
    if "bank_account" in body:  # the saved account's id is the sandbox's, not the caller's
        assert response.json()["bank_account"]["id"] != "bene_abc"


@pytest.mark.parametrize("part", ["note", "file_name", "Type"])
async def test_a_multipart_part_the_upload_does_not_declare_is_refused(part: str) -> None:
    """An undeclared part is a 400 naming it, as an undeclared JSON field is."""
    sandbox = Sandbox(seed_payments=0)
    transport = httpx.ASGITransport(app=sandbox.app)
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as http:
        response = await http.post(
            "/v1/document",
            files={"file": ("p.pdf", b"%PDF", "application/pdf")},
            data={"type": "passport", part: "x"},
            headers={"Authorization": f"Bearer {sandbox.api_key}"},
        )
        declared_only = await http.post(
            "/v1/document",
            files={"file": ("p.pdf", b"%PDF", "application/pdf")},
            data={"type": "passport"},
            headers={"Authorization": f"Bearer {sandbox.api_key}"},
        )
    assert response.status_code == 400
    body = response.json()
    assert {key: body.get(key) for key in ("error", "message")} == {
        "error": "Bad Request",
        "message": f"{part} is not a part of POST /v1/document",
    }
    assert declared_only.status_code == 201
