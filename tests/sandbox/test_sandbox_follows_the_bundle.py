"""The sandbox follows the bundle, or these tests name where it does not.

The gaps are caught as soon as the bundle changes: a declared query filter or top-level request
field that no handler reads, a success status the bundle does not declare, and a declared
response field or enum value that the sandbox never produces, on a tour of every operation and
then, for what no business rule reaches (an RFI that expires, a KYC link's submitted
documents), through the record control (``PATCH /_sandbox/records/...``) with values drawn from
the bundle. Anything else fails, naming it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterator, Mapping
from datetime import UTC, datetime
from typing import Any

import httpx
import pytest

from payments_sdk._operation_parts import parameters
from payments_sdk._schema_views import merge_all_of
from payments_sdk.sandbox import Sandbox, _app
from payments_sdk.sandbox._generic import Handler, OperationShape, records_of
from payments_sdk.sandbox._namespace_states import Spaces
from payments_sdk.sandbox._record_fields import FIXED_FIELDS, RecordFields
from payments_sdk.sandbox._request_validation import Validated
from payments_sdk.sandbox._schema_values import value_of
from payments_sdk.sandbox._store import Store
from payments_sdk.sandbox.contract import SchemaSet, escape_pointer, load_bundle, resolve
from tests.support.schema_values import example, request_example, variants

FOLDED = load_bundle()
SCHEMAS = SchemaSet(FOLDED)
METHODS = ("get", "post", "put", "patch", "delete")
PAGING = {"before", "after", "per_page", "page"}
WHAT_TO_DO = "see 'When the spec changes' in docs/development.md"


def _operations() -> Iterator[tuple[str, str, dict[str, Any]]]:
    for path, item in FOLDED["paths"].items():
        for method, operation in item.items():
            if method in METHODS:
                yield path, method, operation


OPERATIONS = {
    OperationShape(FOLDED, path, method).key: (path, method, op)
    for path, method, op in _operations()
}
"""Every operation by its SDK name (``refunds.create``): an operationId rename changes none."""


def _parameters(path: str, method: str) -> list[dict[str, Any]]:
    """The parameters of ``method path``: its path item's and its own, ``$ref`` followed."""
    return [part.value for part in parameters(FOLDED, path, method)]


async def test_an_action_no_rule_knows_is_served_by_the_convention_never_a_5xx() -> None:
    """A bundle that grows actions on a record no rule knows: the convention serves them.

    The action finds its record (404 when there is none) and answers it; one that declares no
    body answers none. Never a 5xx.
    """
    document = json.loads(json.dumps(FOLDED))
    payment = {"$ref": "#/components/schemas/Payment"}
    document["paths"]["/v1/payments/{id}/capture"] = {
        "post": {
            "operationId": "capturePaymentForTest",
            "parameters": [{"$ref": "#/components/parameters/ResourceId"}],
            "responses": {
                "200": {
                    "description": "A payment.",
                    "content": {"application/json": {"schema": payment}},
                },
                "404": {"$ref": "#/components/responses/NotFound"},
            },
        }
    }
    document["paths"]["/v1/payments/{id}/remind"] = {
        "post": {
            "operationId": "remindForTest",
            "parameters": [{"$ref": "#/components/parameters/ResourceId"}],
            "responses": {"202": {"description": "Accepted."}},
        }
    }
    from payments_sdk.sandbox._app import build_app
    from payments_sdk.sandbox._auth import KeyIssuer

    keys = KeyIssuer(None)
    app = build_app(Spaces.in_memory(seed_payments=1), keys, document)
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as http:
        headers = {"Authorization": f"Bearer {keys.issue()}"}
        listed = (await http.get("/v1/payments", headers=headers)).json()["data"]
        paid = listed[0]["id"]
        captured = await http.post(f"/v1/payments/{paid}/capture", headers=headers)
        missing = await http.post("/v1/payments/payt_nosuch/capture", headers=headers)
        reminded = await http.post(f"/v1/payments/{paid}/remind", headers=headers)
        unauthenticated = await http.post(f"/v1/payments/{paid}/capture")
    assert captured.status_code == 200, captured.text
    assert captured.json()["id"] == paid
    assert missing.status_code == 404, missing.text
    assert (reminded.status_code, reminded.content) == (202, b"")
    assert unauthenticated.status_code == 401


async def test_an_operation_that_declares_no_client_error_answers_its_success() -> None:
    """The bundle allows that operation no refusal: an id the sandbox lacks gets its success.

    Adyen's ``GET /sessions/{sessionId}`` lists only ``200``; a 404 would be an answer the
    bundle does not allow, so the answer is a value of the success's schema. An operation that
    lists a 404 still answers it (the test above).
    """
    document = json.loads(json.dumps(FOLDED))
    document["paths"]["/v1/payments/{id}/capture"] = {
        "post": {
            "operationId": "capturePaymentForTest",
            "parameters": [{"$ref": "#/components/parameters/ResourceId"}],
            "responses": {
                "200": {
                    "description": "A payment.",
                    "content": {
                        "application/json": {"schema": {"$ref": "#/components/schemas/Payment"}}
                    },
                }
            },
        }
    }
    from payments_sdk.sandbox._app import build_app
    from payments_sdk.sandbox._auth import KeyIssuer

    keys = KeyIssuer(None)
    app = build_app(Spaces.in_memory(seed_payments=1), keys, document)
    transport = httpx.ASGITransport(app=app)
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as http:
        headers = {"Authorization": f"Bearer {keys.issue()}"}
        missing = await http.post("/v1/payments/payt_nosuch/capture", headers=headers)
    assert missing.status_code == 200, missing.text
    required = FOLDED["components"]["schemas"]["Payment"].get("required", [])
    assert set(required) <= set(missing.json()), missing.text


def _track(
    monkeypatch: pytest.MonkeyPatch,
    sdk_name: str,
    wrap: Callable[[Handler], Handler],
) -> None:
    """Make the sandbox built next run ``wrap(handler)`` for ``sdk_name``."""
    original_for = _app.handler_for

    def patched(name: OperationShape) -> Handler | None:
        handler = original_for(name)
        if name.key != sdk_name:
            return handler
        assert handler is not None, f"{sdk_name} has no handler"
        return wrap(handler)

    monkeypatch.setattr(_app, "handler_for", patched)


# -- filters ------------------------------------------------------------------------------------


class _Reads(dict[str, Any]):
    """The validated query, recording which parameters a handler looks at."""

    def __init__(self, values: dict[str, Any], reads: set[str]) -> None:
        super().__init__(values)
        self.reads = reads

    def __getitem__(self, key: str) -> Any:
        self.reads.add(key)
        return super().__getitem__(key)

    def get(self, key: str, default: Any = None) -> Any:
        self.reads.add(key)
        return super().get(key, default)

    def __contains__(self, key: object) -> bool:
        self.reads.add(str(key))
        return super().__contains__(key)

    def __iter__(self) -> Iterator[str]:
        # Defined so that ``record.update(body)`` takes each value through __getitem__ (a plain
        # dict subclass is copied from its storage, unseen).
        return super().__iter__()


def _sample(param: dict[str, Any]) -> str:
    """Return a value of a query parameter that its schema accepts, from the bundle alone."""
    schema = resolve(FOLDED, param["schema"])
    for source in (param, schema):
        if "example" in source:
            return str(source["example"])
        if source.get("examples"):
            return str(source["examples"][0])
    if "enum" in schema:
        return str(schema["enum"][0])
    for branch in schema.get("anyOf", []) + schema.get("oneOf", []):
        return _sample({"schema": branch})
    if schema.get("format") == "date-time":
        return "2026-01-01T00:00:00Z"
    if schema.get("format") == "date":
        return "2026-01-01"
    if schema.get("type") == "integer":
        return str(schema.get("minimum", 1))
    if schema.get("type") == "string":
        return "x"
    value = example(FOLDED, schema)  # a boolean, a number: a value its schema accepts
    return ("true" if value else "false") if isinstance(value, bool) else str(value)


def _answers_json(operation: dict[str, Any]) -> bool:
    """Whether the success is JSON; a text or binary one is its example, with nothing to filter."""
    for status, response in sorted(operation.get("responses", {}).items()):
        if status.startswith("2"):
            content = resolve(FOLDED, response).get("content", {})
            return not content or "application/json" in content
    return True


def _styled_sample(param: dict[str, Any]) -> dict[str, str]:
    """Return the query pairs of a sample value, written in the parameter's style.

    An array is one item (which every array style writes as ``name=item``); an object is its
    first field (a map's, any key): ``name[field]=v`` (deepObject), ``field=v`` (form,
    exploded) or ``name=field,v`` (delimited).
    """
    schema = resolve(FOLDED, param["schema"])
    name = param["name"]
    if schema.get("type") == "array":
        return {name: _sample({"schema": schema.get("items", {})})}
    if schema.get("type") != "object":
        return {name: _sample(param)}
    if schema.get("properties"):
        field, sub = next(iter(schema["properties"].items()))
    else:  # a map (additionalProperties): any key, a value of its schema
        extra = schema.get("additionalProperties", True)
        field, sub = "key", extra if isinstance(extra, dict) else {}
    text = _sample({"schema": sub})
    style, explode = param.get("style", "form"), param.get("explode", True)
    if style == "deepObject":
        return {f"{name}[{field}]": text}
    if style == "form" and explode:
        return {field: text}
    delimiter = {"form": ",", "spaceDelimited": " ", "pipeDelimited": "|"}[style]
    return {name: f"{field}{delimiter}{text}"}


FILTERED = [
    (sdk_name, param["name"])
    for sdk_name, (path, method, operation) in OPERATIONS.items()
    if _answers_json(operation)
    for param in _parameters(path, method)
    if param["in"] == "query" and param["name"] not in PAGING
]


@pytest.mark.parametrize(("sdk_name", "name"), FILTERED, ids=[f"{o}-{n}" for o, n in FILTERED])
async def test_every_declared_query_parameter_is_read_by_its_handler(
    sdk_name: str, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A filter the bundle declares and the sandbox ignores fails, naming the filter."""
    reads: set[str] = set()

    def wrap(original: Handler) -> Handler:
        def tracking(store: Store, validated: Validated) -> tuple[int, Any]:
            validated.query = _Reads(validated.query, reads)
            return original(store, validated)

        return tracking

    _track(monkeypatch, sdk_name, wrap)
    path, method, _ = OPERATIONS[sdk_name]
    params = {
        key: text
        for p in _parameters(path, method)
        if p["in"] == "query" and (p.get("required") or p["name"] == name)
        for key, text in _styled_sample(p).items()
    }
    sandbox = Sandbox(seed_payments=3)
    transport = httpx.ASGITransport(app=sandbox.app)
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as http:
        answer = await http.request(
            method.upper(),
            path.replace("{id}", "x").replace("{document_id}", "doc_x"),
            params=params,
            headers={"Authorization": f"Bearer {sandbox.api_key}"},
        )
    assert answer.status_code < 500, answer.text
    if answer.status_code == 400:
        pytest.fail(f"{sdk_name}: a sample {params} was refused: {answer.json()['message']}")
    assert name in reads, (
        f"the sandbox ignores the query parameter {name!r} of {sdk_name} "
        f"({method.upper()} {path}): its handler never reads it, so a filtered call returns "
        f"unfiltered data. Make the handler in wrapper/payments_sdk/sandbox/_handlers.py apply it "
        f"({WHAT_TO_DO})"
    )


# -- what the sandbox produces ------------------------------------------------------------------


class Coverage:
    """Which declared response fields and enum values appear in the bodies it is shown."""

    def __init__(self) -> None:
        self.declared: set[str] = set()
        self.produced: set[str] = set()

    def declare(self, pointer: str, label: str, seen: set[str] | None = None) -> None:
        """Record every field and enum value reachable from the schema at ``pointer``."""
        seen = set() if seen is None else seen
        if pointer in seen:
            return
        seen.add(pointer)
        node = _at(pointer)
        if "$ref" in node:
            target = node["$ref"].removeprefix("#")
            self.declare(target, target.rsplit("/", 1)[-1], seen)
            return
        for value in node.get("enum", []):
            self.declared.add(f"{label}={value}")
        for index, _ in enumerate(node.get("anyOf", [])):
            self.declare(f"{pointer}/anyOf/{index}", label, seen)
        for index, _ in enumerate(node.get("oneOf", [])):
            self.declare(f"{pointer}/oneOf/{index}", label, seen)
        for name, prop in node.get("properties", {}).items():
            if _marked(prop, "writeOnly"):  # sent, never answered
                continue
            self.declared.add(f"{label}.{name}")
            self.declare(f"{pointer}/properties/{escape_pointer(name)}", f"{label}.{name}", seen)
        if "items" in node:
            self.declare(f"{pointer}/items", label, seen)

    def observe(self, pointer: str, label: str, value: Any) -> None:
        """Record the fields and enum values of ``value``, read with the schema at ``pointer``."""
        node = _at(pointer)
        if "$ref" in node:
            target = node["$ref"].removeprefix("#")
            self.observe(target, target.rsplit("/", 1)[-1], value)
            return
        if "enum" in node and value in node["enum"]:
            self.produced.add(f"{label}={value}")
        for combinator in ("anyOf", "oneOf"):
            for index, _ in enumerate(node.get(combinator, [])):
                branch = f"{pointer}/{combinator}/{index}"
                if SCHEMAS.validator(branch).is_valid(value):
                    self.observe(branch, label, value)
        if isinstance(value, dict):
            for name, item in value.items():
                if name in node.get("properties", {}):
                    self.produced.add(f"{label}.{name}")
                    where = f"{pointer}/properties/{escape_pointer(name)}"
                    self.observe(where, f"{label}.{name}", item)
        if isinstance(value, list) and "items" in node:
            for item in value:
                self.observe(f"{pointer}/items", label, item)


def _at(pointer: str) -> dict[str, Any]:
    node: Any = FOLDED
    for part in pointer.removeprefix("/").split("/"):
        key = part.replace("~1", "/").replace("~0", "~")
        node = node[int(key)] if isinstance(node, list) else node[key]
    assert isinstance(node, dict)
    return node


def _success_schema(sdk_name: str) -> str | None:
    path, method, operation = OPERATIONS[sdk_name]
    for status, response in operation["responses"].items():
        content = resolve(FOLDED, response).get("content", {})
        if status.startswith("2") and "application/json" in content:
            return (
                f"/paths/{escape_pointer(path)}/{method}/responses/{status}"
                "/content/application~1json/schema"
            )
    return None


Call = Callable[..., Any]


async def _tour(call: Call, sandbox: Sandbox) -> None:
    """Call every operation in the states the sandbox can reach, to see what it produces."""
    await call("client.ping", "GET", "/v1/ping")
    await call("balances.retrieve", "GET", "/v1/balances")
    for amount in ({"source_amount": 10_000}, {"target_amount": 5_000}):
        conversion = {"source_currency": "USD", "target_currency": "EUR", **amount}
        await call("balance_conversions.create", "POST", "/v1/balance_conversions", json=conversion)
    await call("balance_conversions.list", "GET", "/v1/balance_conversions")
    fx = {"source_currency": "USD", "target_currency": "GBP"}
    await call("fx_rates.retrieve", "GET", "/v1/fx-rate", params=fx)
    beneficiary = {
        "category": "payout",
        "beneficiary": {
            "name": "Jane",
            "type": "individual",
            "address": {
                "address_line1": "1 Main St",
                "city": "London",
                "state": "LDN",
                "country_code": "GBR",
                "postal_code": "N1 1AA",
            },
        },
        "bank_account": {
            "currency": "GBP",
            "account_number": "31926819",
            "local_routing_number": "601613",
        },
        "notes": {"ref": "x"},
    }
    created = await call("beneficiaries.create", "POST", "/v2/beneficiaries", json=beneficiary)
    usd = {
        **beneficiary,
        "bank_account": {
            "currency": "USD",
            "account_number": "123456789",
            "swift_code": "BOFAUS3N",
        },
    }
    await call("beneficiaries.create", "POST", "/v2/beneficiaries", json=usd)
    saved = {"id": created["bank_account"]["id"]}
    await call("bank_account_validations.create", "POST", "/v1/bank_account_validation", json=saved)
    in_full = {
        "country": "DEU",
        "holder_name": "Erika Mustermann",
        "account_number": "DE89370400440532013000",
        "bic_primary": "COBADEFFXXX",
        "bic_secondary": "COBADEFF",
    }
    await call(
        "bank_account_validations.create", "POST", "/v1/bank_account_validation", json=in_full
    )
    await call("bank_account_validations.list", "GET", "/v1/bank_account_validation")
    small = {"amount": 5_000, "currency": "USD", "payment_methods": ["card"]}
    await call("orders.create", "POST", "/v1/orders", json=small)
    await call("orders.create", "POST", "/v1/orders", json={"quote_id": "q_1", "split_ids": ["s1"]})
    large = {
        "amount": 5_000_000,
        "currency": "USD",
        "payment_methods": ["card"],
        "split_ids": ["s"],
    }
    order = await call("orders.create", "POST", "/v1/orders", json=large)
    await call("orders.list", "GET", "/v1/orders")
    await call("orders.retrieve", "GET", f"/v1/orders/{order['id']}")
    (rfi,) = (await call("rfis.list", "GET", "/v1/rfis", params={"search": order["id"]}))["data"]
    files = {"file": ("proof.pdf", b"%PDF proof", "application/pdf")}
    document = await call(
        "documents.upload", "POST", "/v1/document", files=files, data={"type": "passport"}
    )
    await call("documents.list", "GET", "/v1/document")
    await call("documents.retrieve", "GET", f"/v1/document/{document['id']}")
    submission = {
        "documents": [{"id": document["id"], "rfi_doc_id": rfi["documents"][0]["rfi_doc_id"]}]
    }
    await call(
        "orders.update_rfi", "PATCH", f"/v1/orders/{order['id']}/update-rfi", json=submission
    )
    await call("rfis.list", "GET", "/v1/rfis")
    held = await call("simulatePayment", "POST", "/_sandbox/payments", json={"held": True})
    await call("rfis.list", "GET", "/v1/rfis", params={"search": held["id"]})
    payments = await call("payments.list", "GET", "/v1/payments")
    paid = next(p for p in payments["data"] if p["status"] == "success")
    refund = await call("refunds.create", "POST", "/v1/refunds", json={"payment_id": paid["id"]})
    await call("refunds.retrieve", "GET", f"/v1/refunds/{refund['id']}")
    await call("refunds.list", "GET", "/v1/refunds")
    await call(
        "refunds.mock_update_status", "PATCH", f"/v1/refunds/{refund['id']}/mock_update_status"
    )
    account = {"payment_type": "local", "currency": "EUR"}
    await call("virtual_accounts.create", "POST", "/v1/v2/virtual-accounts", json=account)
    await call("virtual_accounts.list", "GET", "/v1/virtual-accounts")
    await call("virtual_accounts.close", "DELETE", "/v1/virtual-accounts", params=account)
    await call("virtual_accounts.list", "GET", "/v1/virtual-accounts")
    link = await call("kyc_links.create", "POST", "/v1/kyc-links", json={"email": "a@example.com"})
    await call("kyc_links.create", "POST", "/v1/kyc-links", json={"customer_id": "cust_1"})
    await call("kyc_links.retrieve", "GET", f"/v1/kyc-links/{link['id']}")
    await call("kyc_links.list", "GET", "/v1/kyc-links")


async def test_every_declared_response_field_and_enum_value_is_produced() -> None:
    """A response field or enum value the sandbox never produces fails, naming it."""
    coverage = Coverage()
    declared: set[str] = set()
    for sdk_name in OPERATIONS:
        pointer = _success_schema(sdk_name)
        if pointer is not None:
            coverage.declare(pointer, sdk_name, declared)
    sandbox = Sandbox(seed_payments=12, clock=lambda: datetime(2026, 1, 1, tzinfo=UTC))
    headers = {"Authorization": f"Bearer {sandbox.api_key}"}
    transport = httpx.ASGITransport(app=sandbox.app)
    async with httpx.AsyncClient(
        transport=transport, base_url="http://127.0.0.1", headers=headers
    ) as http:
        called: dict[str, tuple[str, str, dict[str, Any]]] = {}
        """The last request of each operation that succeeded, to send again."""

        async def call(sdk_name: str, method: str, url: str, **kwargs: Any) -> Any:
            answer = await http.request(method, url, **kwargs)
            assert 200 <= answer.status_code < 300, (sdk_name, answer.text)
            called[sdk_name] = (method, url, kwargs)
            if sdk_name in OPERATIONS:
                declared = [code for code in OPERATIONS[sdk_name][2]["responses"]]
                assert str(answer.status_code) in declared, (
                    f"{sdk_name} answered {answer.status_code}, which the bundle does not "
                    f"declare ({', '.join(declared)}): make the handler answer the declared status"
                )
            if answer.status_code == 204:
                return None
            body = answer.json()
            pointer = _success_schema(sdk_name) if sdk_name in OPERATIONS else None
            if pointer is not None:
                coverage.observe(pointer, sdk_name, body)
            return body

        await _tour(call, sandbox)
        await _create_the_rest(call, called)
        toured = coverage.declared - coverage.produced
        await _set_what_no_rule_reaches(call, sandbox, toured)
        await _set_on_answers(call, called, coverage.declared - coverage.produced)
    missing = sorted(coverage.declared - coverage.produced)
    assert not missing, (
        "the sandbox never produces these declared response fields / enum values, even through "
        "the record control (PATCH /_sandbox/records/{resource}/{id}), so no test sees them: "
        "make a resource's record carry them, or the answer that declares them produce them, "
        f"in wrapper/payments_sdk/sandbox/ ({WHAT_TO_DO}):\n  " + "\n  ".join(missing)
    )


async def _create_the_rest(call: Call, called: Mapping[str, Any]) -> None:
    """Call once each create the tour does not name, with a body drawn from its schema.

    A resource the bundle gains with no business rule (created by convention, and maybe never
    read back) shows its fields in the create's answer. A read with no path or required query
    parameter the tour does not name (``GET /payments/summary``) is called too.
    """
    for sdk_name, (path, method, operation) in OPERATIONS.items():
        if sdk_name in called or "{" in path:
            continue
        parameters = _parameters(path, method)
        if method == "get" and _answers_json(operation):
            if not any(p.get("required") for p in parameters):  # a read no tour names
                await call(sdk_name, "GET", path)
            continue
        found = _json_body(operation)
        if method != "post" or found is None:
            continue
        await call(sdk_name, "POST", path, json=request_example(FOLDED, found[0]))


RECORDS = RecordFields(FOLDED)


def _readers(resource: str) -> list[tuple[str, str, str]]:
    """The operations that answer records of ``resource``: its retrieve and its lists.

    Each as (SDK name, path, its path parameter or ""); one that needs a query parameter, or
    answers text or bytes, is left out (the record is read by the others).
    """
    found: list[tuple[str, str, str]] = []
    for path, method, operation in _operations():
        name = OperationShape(FOLDED, path, method)
        parameters = _parameters(path, method)
        needs_query = any(p["in"] == "query" and p.get("required") for p in parameters)
        nested = name.is_list and len(name.path_params) == 1
        if (name.key if nested else name.resource) != resource:
            continue
        if name.verb != "GET" or needs_query:
            continue
        if not _answers_json(operation):  # an export or a download: no record fields in it
            continue
        if len(name.path_params) == 1 and not name.is_list:
            found.append((name.key, path, name.path_params[0]))
        elif name.is_list and len(name.path_params) <= 1:
            found.append((name.key, path, name.path_params[0] if nested else ""))
    return found


async def _set_what_no_rule_reaches(call: Call, sandbox: Sandbox, missing: set[str]) -> None:
    """Set, on the newest record of each resource, the fields whose values the tour missed.

    A resource with no record yet (one the bundle only lists and retrieves) gets one first.
    Each value comes from the field's schema (tests/support/schema_values.py), is set through
    the control and read back through the service's own operations (its retrieve and its
    lists), so the declared shapes reach a caller with no line here or in the sandbox for a
    field, a value or a resource the bundle gains.
    """
    for resource, pointer in RECORDS.records.items():
        label = pointer.rsplit("/", 1)[-1]
        readers = _readers(resource)
        if not readers:
            continue  # no operation reads a record back (created only): nothing to show
        table = records_of(sandbox.store, resource)
        rows = list(table.values()) if isinstance(table, dict) else list(table)
        under: dict[str, str] = {}  # a list under a record: its path parameter, the parent's id
        if resource in RECORDS.parents:
            parent_resource, parameter = RECORDS.parents[resource]
            parents = records_of(sandbox.store, parent_resource)
            parent_rows = list(parents.values()) if isinstance(parents, dict) else list(parents)
            under = {parameter: parent_rows[-1]["id"]}
            rows = [row for row in rows if row.get("_parent") == under[parameter]]
        if rows:
            record_id = rows[-1]["id"]
        else:  # a resource the service fills (list and retrieve only): add one
            control = f"/_sandbox/records/{resource}"
            sent = {"json": under} if under else {}
            record_id = (await call("addRecord", "POST", control, **sent))["id"]
        urls = [
            (sdk_name, path.replace(f"{{{parameter}}}", under.get(parameter, record_id)))
            if parameter
            else (sdk_name, path)
            for sdk_name, path, parameter in readers
        ]
        for sdk_name, url in urls:  # the envelope of a list nobody else calls
            await call(sdk_name, "GET", url)
        for field, where in RECORDS.properties(pointer).items():
            below = Coverage()
            below.declare(where, f"{label}.{field}")
            if field in FIXED_FIELDS or not ({f"{label}.{field}"} | below.declared) & missing:
                continue
            for value in variants(FOLDED, where):
                control = f"/_sandbox/records/{resource}/{record_id}"
                await call("setFields", "PATCH", control, json={field: value})
                for sdk_name, url in urls:
                    await call(sdk_name, "GET", url)


async def _set_on_answers(
    call: Call, called: Mapping[str, tuple[str, str, dict[str, Any]]], missing: set[str]
) -> None:
    """Set, on the answers no record backs (an FX rate, the balances), the fields still missed.

    Each value comes from the field's schema, is set through the control
    (``PATCH /_sandbox/records/{resource}``) and read back by sending again the tour's own
    requests of the resource's reads.
    """
    for resource, pointer in RECORDS.answers.items():
        label = pointer.rsplit("/", 1)[-1]
        reads = [(n, request) for n, request in called.items() if n.startswith(f"{resource}.")]
        for field, where in RECORDS.properties(pointer).items():
            below = Coverage()
            below.declare(where, f"{label}.{field}")
            if not ({f"{label}.{field}"} | below.declared) & missing:
                continue
            for value in variants(FOLDED, where):
                await call(
                    "setAnswer", "PATCH", f"/_sandbox/records/{resource}", json={field: value}
                )
                for sdk_name, (method, url, kwargs) in reads:
                    await call(sdk_name, method, url, **kwargs)


# -- request fields -----------------------------------------------------------------------------


def _json_body(operation: dict[str, Any]) -> tuple[dict[str, Any], list[Any]] | None:
    """Return the resolved JSON body schema of an operation and its examples, if it has one."""
    body = resolve(FOLDED, operation.get("requestBody"))
    content = (body or {}).get("content", {}).get("application/json")
    if content is None:
        return None
    examples = [content["example"]] if "example" in content else []
    examples += [resolve(FOLDED, e)["value"] for e in content.get("examples", {}).values()]
    return resolve(FOLDED, content["schema"]), examples


def _top_level_fields(schema: dict[str, Any]) -> set[str]:
    fields = set(schema.get("properties", {}))
    for combinator in ("oneOf", "anyOf", "allOf"):
        for branch in schema.get(combinator, []):
            fields |= _top_level_fields(resolve(FOLDED, branch))
    return fields


def _merged(schema: Any) -> Any:
    """Resolve ``schema``; an ``allOf`` is the one object its parts compose."""
    schema = resolve(FOLDED, schema)
    if isinstance(schema, dict) and schema.get("allOf"):
        return merge_all_of({**schema, "allOf": [_merged(part) for part in schema["allOf"]]})
    return schema


def _property_sample(schema: dict[str, Any], name: str) -> Any:
    schema = _merged(schema)
    for branch in [schema, *(_merged(b) for b in schema.get("oneOf", []))]:
        prop = resolve(FOLDED, branch.get("properties", {}).get(name))
        if isinstance(prop, dict):
            if prop.get("examples"):
                return prop["examples"][0]
            if "example" in prop:
                return prop["example"]
            if "enum" in prop:
                return prop["enum"][0]
            if prop.get("format") == "date":
                return "2026-01-01"
            kind = prop.get("type")
            composed = any(key in prop for key in ("oneOf", "anyOf", "allOf"))
            if "format" in prop or "pattern" in prop or composed or kind in (None, "object"):
                # From the schema (uri, uuid, a union, a nested object with its required
                # fields), less what the service sets (readOnly), as a client sends it.
                return request_example(FOLDED, prop)
            if kind == "string":
                return "x" * max(1, int(prop.get("minLength", 1)))
            # A number (0.5 or 1 where it allows them), an array of its minItems to maxItems,
            # a bounded integer: a value its schema allows, whatever its keywords.
            return example(FOLDED, prop)
    return "x"


def _marked(prop: dict[str, Any], mark: str) -> bool:
    """Whether a property says ``mark`` (beside its ``$ref`` too, as OpenAPI 3.1 allows)."""
    return bool(prop.get(mark) or resolve(FOLDED, prop).get(mark))


def _sample_body(schema: dict[str, Any]) -> dict[str, Any]:
    """A body of the first shape's required fields, for an operation without examples."""
    shape = _merged(schema)
    shape = _merged(shape["oneOf"][0]) if shape.get("oneOf") else shape
    properties = shape.get("properties", {})
    return {
        name: _property_sample(shape, name)
        for name in shape.get("required", [])
        if not _marked(properties.get(name, {}), "readOnly")
    }


def _sent_fields(schema: dict[str, Any]) -> set[str]:
    """The fields a request carries and the sandbox keeps.

    Not a readOnly field (never sent), nor a writeOnly one (validated, then neither stored nor
    answered).
    """
    merged = _merged(schema)
    properties = dict(merged.get("properties", {}))
    for branch in merged.get("oneOf", []) + merged.get("anyOf", []):
        properties.update(_merged(branch).get("properties", {}))
    marks = ("readOnly", "writeOnly")
    return {
        name
        for name in _top_level_fields(schema)
        if not any(_marked(properties.get(name, {}), mark) for mark in marks)
    }


def _body_with(schema: dict[str, Any], examples: list[Any], name: str) -> dict[str, Any]:
    """Return a body that sends ``name``: an example with it added, in the shape declaring it.

    For a ``oneOf`` shape no example shows (a new variant), the shape's required fields are
    sampled, so the body is valid and reaches the handler.
    """
    shapes = [resolve(FOLDED, b) for b in schema.get("oneOf", [])] or [schema]
    owner = next((s for s in shapes if name in s.get("properties", {})), shapes[0])
    shown = [e for e in examples if isinstance(e, dict) and set(e) <= set(owner["properties"])]
    if shown:
        return {**shown[0], name: _property_sample(owner, name)}
    required = owner.get("required", [])
    return {key: _property_sample(owner, key) for key in [*required, name]}


def _answered_fields(sdk_name: str) -> set[str]:
    """The top-level fields the success answer of an operation declares (not writeOnly ones)."""
    pointer = _success_schema(sdk_name)
    if pointer is None:
        return set()
    properties = _merged(_at(pointer)).get("properties", {})
    return {name for name, prop in properties.items() if not _marked(prop, "writeOnly")}


BODY_FIELDS = [
    (sdk_name, name)
    for sdk_name, (_, _, operation) in OPERATIONS.items()
    if (found := _json_body(operation)) is not None
    for name in sorted(_sent_fields(found[0]))
]


@pytest.mark.parametrize(
    ("sdk_name", "name"), BODY_FIELDS, ids=[f"{o}-{n}" for o, n in BODY_FIELDS]
)
async def test_every_declared_request_field_is_read_by_its_handler(
    sdk_name: str, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A request field the bundle declares and the sandbox ignores fails, naming the field."""
    reads: set[str] = set()

    def wrap(original: Handler) -> Handler:
        def tracking(store: Store, validated: Validated) -> tuple[int, Any]:
            if isinstance(validated.body, dict):
                validated.body = _Reads(validated.body, reads)
            return original(store, validated)

        return tracking

    _track(monkeypatch, sdk_name, wrap)
    path, method, operation = OPERATIONS[sdk_name]
    found = _json_body(operation)
    assert found is not None
    schema, examples = found
    carrying = [e for e in examples if isinstance(e, dict) and name in e]
    if carrying:
        body = carrying[0]
    elif examples:
        body = _body_with(schema, examples, name)
    else:
        body = {**_sample_body(schema), name: _property_sample(schema, name)}
    for trigger, needed in _merged(schema).get("dependentRequired", {}).items():
        if trigger in body:  # the fields the bundle demands with it go too
            body.update({key: _property_sample(schema, key) for key in needed if key not in body})
    sandbox = Sandbox(seed_payments=3)
    record_id = _path_id(path, method)
    transport = httpx.ASGITransport(app=sandbox.app)
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as http:
        for _ in range(2):
            answer = await http.request(
                method.upper(),
                re.sub(r"\{[^}]+\}", record_id, path),
                json=body,
                headers={"Authorization": f"Bearer {sandbox.api_key}"},
            )
            if answer.status_code != 404 or name in reads:
                break
            if not _record_at(sandbox, path, method, record_id):
                break  # no record to find: the 404 stands
    assert answer.status_code < 500, answer.text
    if 200 <= answer.status_code < 300 and name in _answered_fields(sdk_name):
        assert name in answer.json(), (
            f"{sdk_name} ({method.upper()} {path}) takes {name!r} and its answer declares it, "
            f"but the answer leaves it out: {answer.text[:200]} ({WHAT_TO_DO})"
        )
    assert name in reads, (
        f"the sandbox ignores the request field {name!r} of {sdk_name} "
        f"({method.upper()} {path}): its handler never reads it (answer {answer.status_code}: "
        f"{answer.text[:200]}). Make the sandbox use it in wrapper/payments_sdk/sandbox/ "
        f"({WHAT_TO_DO})"
    )


def _path_id(path: str, method: str) -> str:
    """An id for the path's one parameter that its schema allows (``x`` where any text does).

    A path id with a ``pattern`` (``^doc_...``) is refused 400 before the handler reads the
    body, so the id sent is a value of its schema.
    """
    found = [p for p in _parameters(path, method) if p.get("in") == "path"]
    if len(found) != 1:
        return "x"
    value = str(example(FOLDED, found[0].get("schema", {})))
    return value if value and "/" not in value else "x"


def _record_at(sandbox: Sandbox, path: str, method: str, record_id: str) -> bool:
    """Put a record of the item ``path`` addresses in the store as ``record_id``; False if none.

    An update of a record (``PATCH /refunds/{id}``) looks the record up before it reads the
    body, so its fields are read only on a record that exists. The record is a value of the
    operation's answer schema (the record it answers), filled as the sandbox fills answers.
    """
    name = OperationShape(FOLDED, path, method)
    if len(name.path_params) != 1 or not path.endswith("}") or name.response is None:
        return False
    table = records_of(sandbox.store, name.resource)
    if not isinstance(table, dict) or record_id in table:
        return False
    table[record_id] = {**value_of(name.response, FOLDED), "id": record_id}
    return True


PATH_PARAMETERS = [
    (sdk_name, param["name"])
    for sdk_name, (path, method, _) in OPERATIONS.items()
    for param in _parameters(path, method)
    if param["in"] == "path"
]


@pytest.mark.parametrize(
    ("sdk_name", "name"), PATH_PARAMETERS, ids=[f"{o}-{n}" for o, n in PATH_PARAMETERS]
)
async def test_every_path_parameter_is_read_by_its_handler(
    sdk_name: str, name: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A renamed path parameter fails here by name, not as a 500 from a KeyError."""
    reads: set[str] = set()

    def wrap(original: Handler) -> Handler:
        def tracking(store: Store, validated: Validated) -> tuple[int, Any]:
            validated.path = _Reads(validated.path, reads)
            return original(store, validated)

        return tracking

    _track(monkeypatch, sdk_name, wrap)
    path, method, operation = OPERATIONS[sdk_name]
    param = next(p for p in _parameters(path, method) if p["name"] == name)
    found = _json_body(operation)
    body = None
    if found is not None:  # the bundle's example, else a body drawn from its schema
        body = found[1][0] if found[1] else request_example(FOLDED, found[0])
    sandbox = Sandbox(seed_payments=0)
    transport = httpx.ASGITransport(app=sandbox.app, raise_app_exceptions=False)
    async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as http:
        answer = await http.request(
            method.upper(),
            path.replace("{" + name + "}", _sample(param)),
            json=body,
            headers={"Authorization": f"Bearer {sandbox.api_key}"},
        )
    assert name in reads, (
        f"the handler of {sdk_name} ({method.upper()} {path}) never reads the path "
        f"parameter {name!r} (answer {answer.status_code}: {answer.text[:200]}): make it read "
        f"v.path[{name!r}] in wrapper/payments_sdk/sandbox/_handlers.py ({WHAT_TO_DO})"
    )
    assert answer.status_code < 500, answer.text
