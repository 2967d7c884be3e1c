"""A record's fields can be set to any value the bundle allows, and to nothing else.

``PATCH /_sandbox/records/{resource}/{id}`` (``Sandbox.set_fields``, ``SandboxNamespace``,
``payments-sandbox records set``) and ``POST /_sandbox/records/{resource}`` (``add_record``):
the values, fields and resources come from the bundle, so a field or resource the bundle gains
is settable with no new line; a value the bundle refuses is a 400 naming the field.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import httpx
import pytest
from bundle_edits import field_of, properties_of
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from payments_sdk.sandbox import Sandbox, SandboxControlError, SandboxNamespace
from payments_sdk.sandbox._app import build_app
from payments_sdk.sandbox._auth import KeyIssuer
from payments_sdk.sandbox._controls_cli import controls_main
from payments_sdk.sandbox._generic import records_of
from payments_sdk.sandbox._namespace_states import Spaces
from payments_sdk.sandbox._record_fields import RecordFields
from payments_sdk.sandbox.contract import SchemaSet, load_bundle
from tests.support.edited_sandbox import edited_sandbox
from tests.support.schema_values import record, variants

FOLDED = load_bundle()
SCHEMAS = FOLDED["components"]["schemas"]


def _held_rfi(sandbox: Sandbox) -> str:
    payment = sandbox.simulate_payment(amount=100, held=True)
    rfi_id: str = payment["rfi"]["id"]
    return rfi_id


def _rfi_statuses() -> list[str]:
    """Every RFI status the bundle declares (the enum behind ``Rfi.status``)."""
    status = SCHEMAS["Rfi"]["properties"]["status"]
    return [value for value in variants(FOLDED, status["$ref"]) if value in _enums()]


def _enums() -> set[Any]:
    return {value for schema in SCHEMAS.values() for value in schema.get("enum", [])}


@pytest.mark.parametrize("status", _rfi_statuses())
async def test_an_rfi_can_be_put_in_every_status_the_bundle_declares(status: str) -> None:
    """To test how your code handles an expired or rejected RFI: the SDK reads it."""
    async with Sandbox(seed_payments=0) as sandbox:
        rfi_id = _held_rfi(sandbox)
        answered = sandbox.set_fields("rfis", rfi_id, {"status": status})
        assert answered["status"] == status
        (listed,) = (await sandbox.client().rfis.list(search=rfi_id)).data
        assert listed.status == status


def test_the_statuses_come_from_the_bundle() -> None:
    assert {"approved", "rejected", "expired"} <= set(_rfi_statuses())


async def _refused(sandbox: Sandbox, path: str, body: Any, method: str = "PATCH") -> httpx.Response:
    headers = {"Authorization": f"Bearer {sandbox.api_key}"}
    transport = httpx.ASGITransport(app=sandbox.app)
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
        return await client.request(method, path, json=body, headers=headers)


# The other required fields of an RFI's document filled from the bundle: only the id is wrong.
_NOT_AN_RFI_DOC_ID = record("RfiDocument", {"rfi_doc_id": "doc_1"})


@pytest.mark.parametrize(
    ("body", "named"),
    [
        ({"status": 7}, "status "),
        ({"documents": [{"type": "passport"}]}, "documents[0].rfi_doc_id "),
        (
            {"documents": [record("RfiDocument", {"rfi_doc_id": "doc_1"})]},
            "documents[0].rfi_doc_id ",
        ),
        ({"colour": "blue"}, "colour "),
        ({"id": "rfi_2"}, "id "),
        ({"created_at": "2026-01-01T00:00:00Z"}, "created_at "),
        ({"status": 1.5}, "status "),
        ({}, "body "),
        ([], "body "),
    ],
)
async def test_a_value_or_field_the_bundle_refuses_is_a_400_naming_it(
    body: Any, named: str
) -> None:
    async with Sandbox(seed_payments=0) as sandbox:
        rfi_id = _held_rfi(sandbox)
        answer = await _refused(sandbox, f"/_sandbox/records/rfis/{rfi_id}", body)
        assert answer.status_code == 400, answer.text
        assert answer.json()["message"].startswith(named), answer.json()
        assert sandbox.store.rfis[rfi_id]["status"] == "action_required"  # nothing changed


async def test_the_validator_agrees_with_the_bundle_on_every_value_it_accepts() -> None:
    """What the control accepts for an RFI, the bundle's Rfi schema accepts."""
    schemas = SchemaSet(FOLDED)
    async with Sandbox(seed_payments=0) as sandbox:
        rfi_id = _held_rfi(sandbox)
        for field, sub in SCHEMAS["Rfi"]["properties"].items():
            if field in ("id", "created_at"):
                continue
            for value in variants(FOLDED, f"/components/schemas/Rfi/properties/{field}"):
                sandbox.set_fields("rfis", rfi_id, {field: value})
                answer = await _refused(sandbox, f"/v1/rfis?search={rfi_id}", None, "GET")
                (record,) = answer.json()["data"]
                schemas.component("Rfi").validate(record)
                assert record[field] == value, (field, sub)


async def test_no_such_record_or_resource_is_a_404_and_namespaces_stay_apart() -> None:
    async with Sandbox(seed_payments=0) as sandbox:
        rfi_id = _held_rfi(sandbox)
        missing = await _refused(sandbox, "/_sandbox/records/rfis/rfi_nope", {"status": "expired"})
        assert missing.status_code == 404 and "rfi_nope" in missing.json()["message"]
        fx = await _refused(sandbox, "/_sandbox/records/fx_rates/x", {"a": 1})
        assert fx.status_code == 404 and "fx_rates" in fx.json()["message"]
        other = {"Authorization": f"Bearer {sandbox.issue_key('other')}"}
        transport = httpx.ASGITransport(app=sandbox.app)
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
            elsewhere = await client.patch(
                f"/_sandbox/records/rfis/{rfi_id}", json={"status": "expired"}, headers=other
            )
        assert elsewhere.status_code == 404
        assert sandbox.store.rfis[rfi_id]["status"] == "action_required"
        with pytest.raises(KeyError, match="rfi_nope"):
            sandbox.set_fields("rfis", "rfi_nope", {"status": "expired"})
        with pytest.raises(ValueError, match=r"^status "):
            sandbox.set_fields("rfis", rfi_id, {"status": ["expired"]})
        with pytest.raises(ValueError, match="JSON values"):
            sandbox.set_fields("rfis", rfi_id, {"status": {1, 2}})


def _grown() -> dict[str, Any]:
    """The bundle with a new optional enum field on Refund and a new list-and-retrieve resource."""
    document = json.loads(json.dumps(FOLDED))
    schemas = document["components"]["schemas"]
    properties_of(document, "Refund")["reason"] = {"type": "string", "enum": ["duplicate", "fraud"]}
    schemas["Widget"] = {
        "type": "object",
        "required": ["id", "colour"],
        "properties": {
            "id": {"type": "string", "pattern": "^wdg_[a-z0-9]+$"},
            "colour": {"type": "string", "enum": ["blue", "red"]},
            "created_at": {"$ref": "#/components/schemas/Timestamp"},
        },
    }
    ok = {"description": "A widget.", "content": {"application/json": {"schema": {}}}}
    ok["content"]["application/json"]["schema"] = {"$ref": "#/components/schemas/Widget"}
    document["paths"]["/v1/widgets/{id}"] = {
        "get": {
            "operationId": "getWidget",
            "parameters": [{"$ref": "#/components/parameters/ResourceId"}],
            "responses": {"200": ok},
        }
    }
    return document


async def test_a_field_or_resource_the_bundle_gains_is_settable_with_no_new_line() -> None:
    async with edited_sandbox(_grown(), seed_payments=3) as client:
        paid = (await client.get("/v1/payments")).json()["data"][0]
        refund = (await client.post("/v1/refunds", json={"payment_id": paid["id"]})).json()
        where = f"/_sandbox/records/refunds/{refund['id']}"
        assert (await client.patch(where, json={"reason": "fraud"})).json()["reason"] == "fraud"
        assert (await client.get(f"/v1/refunds/{refund['id']}")).json()["reason"] == "fraud"
        wrong = await client.patch(where, json={"reason": "boredom"})
        assert wrong.status_code == 400
        assert wrong.json()["message"] == "reason must be one of duplicate, fraud"
        widget = await client.post("/_sandbox/records/widgets", json={})
        assert widget.status_code == 201, widget.text
        assert widget.json()["id"].startswith("wdg_") and widget.json()["colour"] == "blue"
        fetched = await client.get(f"/v1/widgets/{widget.json()['id']}")
        assert fetched.json() == widget.json()
        red = await client.patch(f"/_sandbox/records/widgets/{fetched.json()['id']}", json={})
        assert red.status_code == 400
        bad = await client.post("/_sandbox/records/widgets", json={"colour": "green"})
        assert bad.status_code == 400 and bad.json()["message"].startswith("colour ")
        business = await client.post("/_sandbox/records/refunds", json={})
        assert business.status_code == 400 and "PATCH" in business.json()["message"]


async def test_a_read_only_field_is_settable_over_http_as_in_process() -> None:
    """A ``readOnly`` field is one the service sets: the records control sets it too.

    The HTTP control checked values with the request's view of the schemas, which refuses a
    ``readOnly`` field ("status is read-only"), while ``Sandbox.set_fields`` accepted it.
    """
    document = _grown()
    status = field_of(document, "Refund", "status")
    status["readOnly"] = True
    async with edited_sandbox(document, seed_payments=3) as client:
        paid = (await client.get("/v1/payments")).json()["data"][0]
        refund = (await client.post("/v1/refunds", json={"payment_id": paid["id"]})).json()
        changed = await client.patch(
            f"/_sandbox/records/refunds/{refund['id']}", json={"status": "success"}
        )
        assert changed.status_code == 200, changed.text
        assert (await client.get(f"/v1/refunds/{refund['id']}")).json()["status"] == "success"


async def test_a_field_of_an_answer_no_record_backs_is_settable_with_no_new_line() -> None:
    """The FX rate and the balances are computed, not kept: their fields are set on the answers.

    ``PATCH /_sandbox/records/{resource}`` checks each field against the answer's schema (a
    field the bundle gains too) and adds it to every later answer of the resource, in the
    namespace of the key only.
    """
    document = _grown()
    properties_of(document, "FxRate")["provider"] = {"type": "string", "minLength": 2}
    properties_of(document, "Balance")["kind"] = {"type": "string", "enum": ["cash", "reserve"]}
    keys = KeyIssuer(None)
    app = build_app(Spaces.in_memory(seed_payments=0), keys, document)
    headers = {"Authorization": f"Bearer {keys.issue()}"}
    other = {"Authorization": "Bearer " + keys.issue(namespace="other")}
    pair = {"source_currency": "USD", "target_currency": "EUR"}
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(
        transport=transport, base_url="http://127.0.0.1", headers=headers
    ) as client:
        computed = (await client.get("/v1/fx-rate", params=pair)).json()
        assert "provider" not in computed
        set_ = await client.patch("/_sandbox/records/fx_rates", json={"provider": "ecb"})
        assert (set_.status_code, set_.json()) == (200, {"provider": "ecb"})
        rate = (await client.get("/v1/fx-rate", params=pair)).json()
        assert rate == {**computed, "provider": "ecb"}
        unseen = await client.get("/v1/fx-rate", params=pair, headers=other)
        assert "provider" not in unseen.json()
        wrong = await client.patch("/_sandbox/records/fx_rates", json={"provider": "e"})
        assert wrong.status_code == 400 and wrong.json()["message"].startswith("provider ")
        held = [{"currency": "USD", "amount": 5, "kind": "reserve"}]
        assert (await client.patch("/_sandbox/records/balances", json={"data": held})).is_success
        assert (await client.get("/v1/balances")).json() == {"data": held}
        unknown = await client.patch("/_sandbox/records/widgets_x", json={"a": 1})
        assert unknown.status_code == 404
        kept = await client.patch("/_sandbox/records/refunds", json={"status": "success"})
        assert kept.status_code == 404  # a resource that keeps records: set one by its id


async def test_what_is_set_is_kept_in_the_state_file(tmp_path: Path) -> None:
    state = tmp_path / "sandbox.db"
    first = Sandbox(seed_payments=0, state=state)
    rfi_id = _held_rfi(first)
    conversion = await first.client().balance_conversions.create(
        source_currency="USD", target_currency="EUR", source_amount=10_000
    )
    first.set_fields("rfis", rfi_id, {"status": "expired"})
    first.set_fields("balance_conversions", conversion.id, {"source_amount": 12_345})
    transport = httpx.ASGITransport(app=first.app)
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as client:
        auth = {"Authorization": f"Bearer {first.api_key}"}
        rate = {"mid_market_rate": 2}
        set_ = await client.patch("/_sandbox/records/fx_rates", json=rate, headers=auth)
        assert set_.status_code == 200, set_.text
    await first.aclose()
    async with Sandbox(seed_payments=0, state=state) as second:
        assert second.store.answer_fields["fx_rates"]["mid_market_rate"] == 2
        again = await second.client().fx_rates.retrieve(
            source_currency="USD", target_currency="EUR"
        )
        assert again.mid_market_rate == 2
        assert second.store.rfis[rfi_id]["status"] == "expired"
        (kept,) = [c for c in second.store.conversions if c["id"] == conversion.id]
        assert kept["source_amount"] == 12_345


def test_a_namespace_handle_and_the_command_line_set_fields(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    sandbox = Sandbox(seed_payments=0)
    with sandbox.serve() as url:
        handle = SandboxNamespace(url, sandbox.issue_key("ci"), "ci")
        rfi_id = handle.simulate_payment(amount=100, held=True)["rfi"]["id"]
        assert handle.set_fields("rfis", rfi_id, {"status": "rejected"})["status"] == "rejected"
        with pytest.raises(SandboxControlError) as refused:
            handle.set_fields("rfis", rfi_id, {"status": 1})
        assert refused.value.status == 400 and refused.value.message.startswith("status ")
        monkeypatch.setenv("PAYMENTS_BASE_URL", url)
        monkeypatch.setenv("PAYMENTS_API_KEY", handle.api_key)
        documents = [record("RfiDocument", {"rfi_doc_id": "rfidoc_1"})]
        words = [
            "records",
            "set",
            "rfis",
            rfi_id,
            "status=expired",
            f"documents:={json.dumps(documents)}",
        ]
        assert controls_main(words) == 0
        shown = json.loads(capsys.readouterr().out)
        assert shown["status"] == "expired" and shown["documents"] == documents
        assert controls_main(["records", "set", "rfis", rfi_id, "status:=1"]) == 1
        assert "status must be" in capsys.readouterr().err
        with pytest.raises(SystemExit) as usage:
            controls_main(["records", "set", "rfis", rfi_id, "status"])
        assert usage.value.code == 2


RECORDS = RecordFields(FOLDED)
JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)


@st.composite
def _patches(draw: st.DrawFn) -> tuple[str, dict[str, Any]]:
    resource = draw(st.sampled_from([*RECORDS.records, "fx_rates", "nope", "%2F"]))
    fields = list(RECORDS.properties(RECORDS.records.get(resource, "/components/schemas/Rfi")))
    keys = st.sampled_from(fields) | st.text(max_size=6)
    pointer = RECORDS.records.get(resource)
    drawn = st.dictionaries(keys, JSON, max_size=3)
    if pointer is not None and draw(st.booleans()):  # a valid value, so a set goes through
        field = draw(st.sampled_from(fields))
        value = draw(st.sampled_from(variants(FOLDED, RECORDS.properties(pointer)[field])))
        return resource, {field: value}
    return resource, draw(drawn)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(patches=st.lists(_patches(), min_size=1, max_size=4))
async def test_no_setting_makes_the_sandbox_answer_5xx(
    patches: list[tuple[str, dict[str, Any]]],
) -> None:
    """Any body on any record, then every reading and business call: never a 5xx."""
    async with Sandbox(seed_payments=3) as sandbox:
        held = sandbox.simulate_payment(amount=100, held=True)
        headers = {"Authorization": f"Bearer {sandbox.api_key}"}
        transport = httpx.ASGITransport(app=sandbox.app)
        async with httpx.AsyncClient(
            transport=transport, base_url="http://127.0.0.1", headers=headers
        ) as http:
            order = (
                await http.post(
                    "/v1/orders",
                    json={"amount": 5_000_000, "currency": "USD", "payment_methods": ["card"]},
                )
            ).json()
            for resource, body in patches:
                table = records_of(sandbox.store, resource) if resource in RECORDS.records else {}
                rows = list(table.values()) if isinstance(table, dict) else list(table)
                record_id = rows[-1]["id"] if rows else "x_1"
                answer = await http.patch(f"/_sandbox/records/{resource}/{record_id}", json=body)
                assert answer.status_code < 500, answer.text
                added = await http.post(f"/_sandbox/records/{resource}", json=body)
                assert added.status_code < 500, added.text
            calls = [
                ("GET", f"/v1/orders/{order['id']}", None),
                ("PATCH", f"/v1/orders/{order['id']}/update-rfi", {"documents": []}),
                ("GET", "/v1/rfis", None),
                ("GET", "/v1/payments", None),
                ("POST", "/v1/refunds", {"payment_id": held["id"]}),
                ("GET", "/v1/refunds", None),
                ("GET", "/v1/kyc-links", None),
                ("GET", "/v1/virtual-accounts", None),
                ("GET", "/v1/balance_conversions", None),
                ("GET", "/v1/bank_account_validation", None),
                ("GET", "/v1/document", None),
            ]
            for method, path, body in calls:
                answer = await http.request(method, path, json=body)
                assert answer.status_code < 500, (path, answer.text)
