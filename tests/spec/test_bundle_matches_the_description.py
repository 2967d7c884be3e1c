"""The OpenAPI bundle describes exactly the description's operations, with valid examples."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from fold import fold_server_prefixes, full_path
from hypothesis import given
from hypothesis import strategies as st

from payments_sdk import _operation_parts as parts
from payments_sdk.sandbox.contract import SchemaSet, escape_pointer, load_bundle, resolve
from tests.support.description_facts import (
    COMMON_LIST_PARAMETERS,
    ID_PREFIXES,
    LIST_ROUTES,
    OPERATIONS,
)
from tests.support.provider_bundle import payments_yaml
from tests.support.schema_values import record

ROOT = Path(__file__).resolve().parents[2]
METHODS = ("get", "put", "post", "delete", "patch", "options", "head", "trace")


def operations(document: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    """Every (METHOD, path, operation) of a document."""
    return [
        (method.upper(), path, operation)
        for path, item in document["paths"].items()
        for method, operation in item.items()
        if method in METHODS
    ]


@pytest.mark.description
def test_every_operation_of_the_description_is_present_and_none_is_invented(
    bundle: dict[str, Any],
) -> None:
    """The 27 method and full-path pairs match the description's table exactly."""
    found = {
        (method, full_path(bundle, path, method.lower())) for method, path, _ in operations(bundle)
    }
    assert found - OPERATIONS == set(), (
        "operations the description's table (OPERATIONS in tests/support/description_facts.py) "
        "does not "
        "have: when the service really grew or moved them, add them there"
    )
    assert OPERATIONS - found == set(), "operations of the description missing from the bundle"
    assert len(operations(bundle)) == len(OPERATIONS)


def test_versioning_and_servers(bundle: dict[str, Any]) -> None:
    """A semantic info.version, {base_url} ending in /v1, and {root_url} for /v2/beneficiaries.

    info.version is the API's version and moves with the spec; what a change means for SDK users
    is api-diff's job (tests/spec/test_api_diff_classifies_every_change.py), not a pin here.
    """
    assert bundle["openapi"] == "3.1.0"
    assert re.fullmatch(r"\d+\.\d+\.\d+", bundle["info"]["version"])
    (server,) = bundle["servers"]
    assert server["url"] == "{base_url}"
    assert server["variables"]["base_url"]["default"].endswith("/v1")
    with_own_server = [path for path, item in bundle["paths"].items() if "servers" in item]
    assert with_own_server == ["/v2/beneficiaries"]
    assert bundle["paths"]["/v2/beneficiaries"]["servers"][0]["url"] == "{root_url}"
    assert full_path(bundle, "/v2/virtual-accounts") == "/v1/v2/virtual-accounts"


def test_folding_keeps_every_operation(bundle: dict[str, Any]) -> None:
    """The folded copy fed to the generator has the same operations at their full paths."""
    folded = fold_server_prefixes(bundle)
    assert {(m, p) for m, p, _ in operations(folded)} == OPERATIONS
    assert (
        folded["servers"][0]["variables"]["root_url"]["default"] == "https://api.payments.example"
    )


def test_the_sandbox_serves_the_folded_copy_of_the_published_bundle(bundle: dict[str, Any]) -> None:
    """The contract the sandbox ships (generated/payments.folded.json) is the bundle, folded."""
    assert load_bundle() == fold_server_prefixes(bundle)


def test_operations_are_named_tagged_documented_and_secured(bundle: dict[str, Any]) -> None:
    """Each operation has a unique operationId, a declared tag, a summary and a description."""
    declared_tags = {tag["name"] for tag in bundle["tags"]}
    ids = [operation["operationId"] for _, _, operation in operations(bundle)]
    assert len(ids) == len(set(ids))
    for _, _, operation in operations(bundle):
        assert operation["summary"] and operation["description"]
        assert set(operation["tags"]) <= declared_tags
        # The document-level bearer applies unless an operation says otherwise; what it says
        # names only the schemes the bundle declares.
        schemes = set(bundle["components"]["securitySchemes"])
        for requirement in operation.get("security", []):
            assert set(requirement) <= schemes, (operation["operationId"], requirement)


@pytest.mark.description
def test_every_operation_takes_the_bearer_jwt(bundle: dict[str, Any]) -> None:
    """The description: "every operation shown requires the bearer credential (JWT)"."""
    assert bundle["security"] == [{"JWT": []}]
    scheme = bundle["components"]["securitySchemes"]["JWT"]
    assert scheme == {**scheme, "type": "http", "scheme": "bearer", "bearerFormat": "JWT"}


@pytest.mark.description
def test_the_virtual_account_list_takes_the_customers_jwt(bundle: dict[str, Any]) -> None:
    """The description: "The virtual-account list uses the customer's JWT" (Authentication, 8)."""
    listing = bundle["paths"]["/virtual-accounts"]["get"]
    assert listing["security"] == [{"CustomerJWT": []}, {"JWT": []}]


ERROR_BODIES = {"400": "BadRequestBody", "401": "UnauthorizedBody", "404": "NotFoundBody"}


def test_every_operation_declares_400_and_401_with_the_error_body(bundle: dict[str, Any]) -> None:
    """401 applies everywhere (bearer required); so does 400 where a query or a body can be invalid.

    An operation whose only input is its path may leave 400 out: the sandbox answers an id that
    cannot name a record with its 404 (tests/sandbox/test_sandbox_refuses_hostile_input.py).
    """
    for method, path, operation in operations(bundle):
        parameters = [part.value for part in parts.parameters(bundle, path, method)]
        takes_input = "requestBody" in operation or any(p["in"] != "path" for p in parameters)
        assert "401" in operation["responses"], operation["operationId"]
        if takes_input:
            assert "400" in operation["responses"], operation["operationId"]
        for status, name in ERROR_BODIES.items():
            if status not in operation["responses"]:
                continue
            response = resolve(bundle, operation["responses"][status])
            schema_ref = response["content"]["application/json"]["schema"]["$ref"]
            assert schema_ref == f"#/components/schemas/{name}", (operation["operationId"], status)


def test_each_error_status_pins_its_error_text(bundle: dict[str, Any], schemas: SchemaSet) -> None:
    """400 bodies say "Bad Request" and 401 bodies "Unauthorized", as the description shows."""
    pinned = {"BadRequestBody": "Bad Request", "UnauthorizedBody": "Unauthorized"}
    pinned["NotFoundBody"] = "Not Found"
    for name, text in pinned.items():
        schema = bundle["components"]["schemas"][name]
        assert schema["properties"]["error"]["const"] == text
        assert {"error", "message"} <= set(schema["required"])
        # Any other field the bundle requires of the body is filled from its schema.
        valid = record(name, {"error": text, "message": "x"})
        assert schemas.component(name).is_valid(valid)
        assert not schemas.component(name).is_valid({**valid, "error": "Bad Gateway"})


def test_currency_codes_carry_the_iso_4217_format(bundle: dict[str, Any]) -> None:
    """Every currency-code schema keeps its pattern or enum and says `format: iso-4217`."""
    components = bundle["components"]["schemas"]
    for name in ("CurrencyCode", "ConversionCurrency"):
        assert components[name]["format"] == "iso-4217"
    assert components["CurrencyCode"]["pattern"] == "^[A-Z]{3}$"
    for method, path, _ in operations(bundle):
        for part in parts.parameters(bundle, path, method):
            param = part.value
            if "currency" in param["name"]:
                schema = resolve(bundle, param["schema"])
                if schema.get("type") == "array":  # a filter by several currencies: its items
                    schema = resolve(bundle, schema.get("items", {}))
                assert schema.get("format") == "iso-4217", param["name"]


def test_amounts_the_caller_sends_are_positive_integers(bundle: dict[str, Any]) -> None:
    """Request amounts are integers of at least 1; only balances and fees may be zero."""
    components = bundle["components"]["schemas"]
    assert components["MinorAmount"] == {
        **components["MinorAmount"],
        "type": "integer",
        "minimum": 1,
    }
    assert components["MinorAmountOrZero"]["minimum"] == 0
    amount_ref = "#/components/schemas/MinorAmount"
    for name in ("BalanceConversionBySource", "BalanceConversionByTarget", "OrderCreateInline"):
        amounts = [k for k in components[name]["properties"] if k.endswith("amount")]
        assert amounts and all(
            components[name]["properties"][k]["$ref"] == amount_ref for k in amounts
        )
    zero_ref = "#/components/schemas/MinorAmountOrZero"
    assert components["Balance"]["properties"]["amount"]["$ref"] == zero_ref
    assert components["Fee"]["properties"]["amount"]["$ref"] == zero_ref


def test_orders_take_optional_split_ids(bundle: dict[str, Any], schemas: SchemaSet) -> None:
    """Both order forms accept `split_ids`, an optional non-empty array of id strings."""
    components = bundle["components"]["schemas"]
    for name in ("OrderCreateInline", "OrderCreateWithQuote"):
        assert components[name]["properties"]["split_ids"] == {
            "$ref": "#/components/schemas/SplitIds"
        }
        assert "split_ids" not in components[name]["required"]
    order = schemas.component("OrderCreateRequest")
    assert order.is_valid({"quote_id": "q1", "split_ids": ["s1", "s2"]})
    assert order.is_valid({"quote_id": "q1"})
    assert not order.is_valid({"quote_id": "q1", "split_ids": []})
    assert not order.is_valid({"quote_id": "q1", "split_ids": [""]})


def test_request_schemas_name_no_response_only_field(bundle: dict[str, Any]) -> None:
    """The beneficiary request's bank account has no `id`; the created record's has one."""
    components = bundle["components"]["schemas"]
    request_account = components["BeneficiaryV2Request"]["properties"]["bank_account"]
    assert request_account["$ref"].endswith("/BeneficiaryBankAccountRequest")
    assert "id" not in components["BeneficiaryBankAccountRequest"]["properties"]
    assert "id" in components["BeneficiaryBankAccount"]["properties"]


def test_rfis_declare_the_documents_they_ask_for(bundle: dict[str, Any]) -> None:
    """An RFI lists each requested document's `rfi_doc_id`, so it can be answered typed."""
    components = bundle["components"]["schemas"]
    documents = components["Rfi"]["properties"]["documents"]
    assert documents["items"]["$ref"] == "#/components/schemas/RfiDocument"
    assert "rfi_doc_id" in components["RfiDocument"]["required"]


@pytest.mark.description
def test_list_operations_share_the_common_parameters(bundle: dict[str, Any]) -> None:
    """before/after are date-times, per_page is 1..100 (20), page is >= 1 (1)."""
    params = bundle["components"]["parameters"]
    for name, schema in COMMON_LIST_PARAMETERS.items():
        assert params[name]["schema"] == schema, name
    common = {f"#/components/parameters/{n}" for n in COMMON_LIST_PARAMETERS}
    for method, path, operation in operations(bundle):
        route = (method, full_path(bundle, path, method.lower()))
        shared = bundle["paths"][path].get("parameters", [])
        refs = {p.get("$ref") for p in [*shared, *operation.get("parameters", [])]}
        if route in LIST_ROUTES:
            assert common <= refs, route


def test_page_meta_previous_and_next_are_nullable(bundle: dict[str, Any]) -> None:
    """Page metadata carries nullable previous/next links."""
    props = bundle["components"]["schemas"]["PageMeta"]["properties"]
    assert props["previous"]["type"] == ["integer", "null"]
    assert props["next"]["type"] == ["integer", "null"]


def _media_examples(document: dict[str, Any]) -> list[tuple[str, str, Any]]:
    """(where, schema pointer, example value) for every media-type example in the document."""
    found: list[tuple[str, str, Any]] = []

    def visit_content(where: str, pointer: str, content: dict[str, Any]) -> None:
        for media_type, media in content.items():
            escaped = escape_pointer(media_type)
            schema_pointer = f"{pointer}/content/{escaped}/schema"
            if "example" in media:
                found.append((f"{where} {media_type}", schema_pointer, media["example"]))
            for name, example in media.get("examples", {}).items():
                value = resolve(document, example)["value"]
                found.append((f"{where} {media_type} {name}", schema_pointer, value))
            # A media type without an example is allowed (a compatible edit may add one): what
            # needs a value (the sandbox, the tests) generates it from the schema.

    # Each body and answer is visited where it is written (a shared one in components, once).
    written: dict[str, tuple[str, dict[str, Any]]] = {}
    for path, item in document["paths"].items():
        for method in item:
            if method not in METHODS:
                continue
            body = parts.request_body(document, path, method)
            if body is not None:
                written.setdefault(body.pointer, (f"{method} {path} body", body.value))
            for status, response in parts.responses(document, path, method).items():
                written.setdefault(response.pointer, (f"{method} {path} {status}", response.value))
    for kind in ("requestBodies", "responses"):
        for name, node in document["components"].get(kind, {}).items():
            part = parts.follow(document, node, f"/components/{kind}/{escape_pointer(name)}")
            written[part.pointer] = (f"{kind} {name}", part.value)
    for pointer, (where, node) in written.items():
        visit_content(where, pointer, node.get("content", {}))
    return found


def test_every_example_validates_against_its_schema(
    bundle: dict[str, Any], schemas: SchemaSet
) -> None:
    """Each request and response example is valid for the schema beside it."""
    examples = _media_examples(bundle)
    assert len(examples) > 40
    for where, pointer, value in examples:
        errors = [e.message for e in schemas.validator(pointer).iter_errors(value)]
        assert not errors, f"{where}: {errors}"


def test_schema_level_examples_validate(bundle: dict[str, Any], schemas: SchemaSet) -> None:
    """`examples` given inside component schemas are valid too."""
    for name, schema in bundle["components"]["schemas"].items():
        for value in schema.get("examples", []):
            assert schemas.component(name).is_valid(value), (name, value)


def test_documented_fx_rate_messages_are_examples(bundle: dict[str, Any]) -> None:
    """GET /fx-rate shows "can't be blank", "is not a valid currency" and "must be a string"."""
    examples = bundle["paths"]["/fx-rate"]["get"]["responses"]["400"]["content"][
        "application/json"
    ]["examples"]
    messages = " | ".join(example["value"]["message"] for example in examples.values())
    for fragment in ("can't be blank", "is not a valid currency", "must be a string"):
        assert fragment in messages


def test_json_equals_yaml() -> None:
    """payments.json is exactly payments.yaml, parsed."""
    as_yaml = payments_yaml()
    as_json = json.loads((ROOT / "openapi" / "payments.json").read_text(encoding="utf-8"))
    assert as_json == as_yaml


@pytest.mark.description
def test_identifier_prefixes(bundle: dict[str, Any]) -> None:
    """Each documented identifier prefix has its pattern."""
    patterns = {
        schema.get("pattern", "")
        for schema in bundle["components"]["schemas"].values()
        if isinstance(schema, dict)
    }
    for prefix in ID_PREFIXES:
        assert any(pattern.startswith(f"^{prefix}") for pattern in patterns), prefix


CONVERSION_CURRENCIES = st.sampled_from(
    json.loads((ROOT / "openapi" / "payments.json").read_text(encoding="utf-8"))["components"][
        "schemas"
    ]["ConversionCurrency"]["enum"]
)
AMOUNTS = st.integers(min_value=1, max_value=10**15)


@given(CONVERSION_CURRENCIES, CONVERSION_CURRENCIES, AMOUNTS, st.booleans())
def test_conversion_request_accepts_exactly_one_amount(
    schemas: SchemaSet, source: str, target: str, amount: int, by_source: bool
) -> None:
    """Either shape alone is valid; both amounts together never are."""
    validator = schemas.component("BalanceConversionRequest")
    key = "source_amount" if by_source else "target_amount"
    body = {"source_currency": source, "target_currency": target, key: amount}
    assert validator.is_valid(body)
    assert not validator.is_valid({**body, "source_amount": amount, "target_amount": amount})


@given(st.integers(max_value=0) | st.text(max_size=3))
def test_conversion_request_rejects_bad_amounts(schemas: SchemaSet, amount: object) -> None:
    """Amounts below 1 and non-integers are invalid."""
    body = {"source_currency": "USD", "target_currency": "EUR", "source_amount": amount}
    assert not schemas.component("BalanceConversionRequest").is_valid(body)


@pytest.mark.parametrize(
    "body",
    [
        {"source_currency": "JPY", "target_currency": "EUR", "source_amount": 100},
        {"source_currency": "USD", "target_currency": "EUR", "source_amount": 100, "x": 1},
        {"source_currency": "USD", "target_currency": "EUR"},
        {"source_currency": "USD", "target_currency": "EUR", "source_amount": 1.5},
    ],
)
def test_conversion_request_rejects_other_shapes(schemas: SchemaSet, body: dict[str, Any]) -> None:
    """Unsupported currencies, extra fields, no amount and fractional amounts are invalid."""
    assert not schemas.component("BalanceConversionRequest").is_valid(body)


def test_every_amount_names_its_currency(bundle: dict[str, Any]) -> None:
    """Each amount in the smallest unit says which field holds its currency (x-currency-field).

    The SDK checks Money against it and the command line formats by it, so an amount without
    one would be shown as a bare integer.
    """
    amounts = ("#/components/schemas/MinorAmount", "#/components/schemas/MinorAmountOrZero")
    missing = []
    for name, schema in bundle["components"]["schemas"].items():
        properties = schema.get("properties", {}) if isinstance(schema, dict) else {}
        for field, sub in properties.items():
            if isinstance(sub, dict) and sub.get("$ref") in amounts:
                currency = sub.get("x-currency-field")
                if currency not in properties:
                    missing.append(f"{name}.{field}")
    assert not missing, f"amounts without x-currency-field naming a sibling: {missing}"


def _required_not_declared(bundle: dict[str, Any]) -> list[str]:
    """Each ``required`` name that neither its schema nor the object it applies to declares.

    A subschema reached through ``if``/``then``/``else``, ``not``, ``dependentSchemas``,
    ``anyOf``, ``oneOf`` or ``allOf`` applies to the enclosing object, so it may require the
    enclosing object's properties (``then: {required: [beneficiary_id]}``); an ``allOf``
    part's properties are the object's too. An open object (``additionalProperties``) may
    require anything.
    """
    applicators = {"if", "then", "else", "not", "anyOf", "oneOf", "allOf", "dependentSchemas"}
    data = {"example", "examples", "default", "const", "enum"}
    found: list[str] = []

    def own(node: dict[str, Any]) -> set[str]:
        names = set(node.get("properties", {}))
        for part in node.get("allOf", []):
            part = resolve(bundle, part)
            if isinstance(part, dict):
                names |= own(part)
        return names

    def walk(node: Any, where: str, enclosing: frozenset[str]) -> None:
        if isinstance(node, list):
            for index, item in enumerate(node):
                walk(item, f"{where}/{index}", enclosing)
            return
        if not isinstance(node, dict) or "$ref" in node:
            return
        declared = frozenset(own(node)) | enclosing
        required = node.get("required")
        opened = node.get("additionalProperties") not in (None, False)
        if isinstance(required, list) and not opened:
            found.extend(f"{where}: {name}" for name in required if name not in declared)
        for key, value in node.items():
            if key in data or key.startswith("x-"):
                continue
            if key == "dependentSchemas" and isinstance(value, dict):
                for name, sub in value.items():
                    walk(sub, f"{where}/{key}/{name}", declared)
            elif key == "properties" and isinstance(value, dict):
                for name, sub in value.items():
                    walk(sub, f"{where}/{key}/{name}", frozenset())
            else:
                walk(value, f"{where}/{key}", declared if key in applicators else frozenset())

    walk(bundle, "", frozenset())
    return found


def test_every_required_name_is_a_declared_property(bundle: dict[str, Any]) -> None:
    """A ``required`` name is a property of its schema or of the object its subschema applies to.

    (Redocly's ``no-required-schema-properties-undefined`` reads ``then: {required: [x]}`` as
    an undefined property, so this test holds the rule instead; redocly.yaml turns it off.)
    """
    assert _required_not_declared(bundle) == []


def test_the_required_check_finds_a_misspelt_name(bundle: dict[str, Any]) -> None:
    """The check fails on a schema that requires a name it does not declare."""
    edited = json.loads(json.dumps(bundle))
    edited["components"]["schemas"]["RefundCreateRequest"]["required"] = ["paymnet_id"]
    then = {"properties": {"a": {}}, "if": {"required": ["a"]}, "then": {"required": ["a"]}}
    edited["components"]["schemas"]["ConditionalForTest"] = then
    assert _required_not_declared(edited) == ["/components/schemas/RefundCreateRequest: paymnet_id"]
