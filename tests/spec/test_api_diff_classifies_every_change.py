"""api-diff: every change to the bundle is classified for SDK users.

A breaking one must be announced by the version and the CHANGELOG before `make test` passes.
"""

from __future__ import annotations

import copy
import json
import tomllib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from api_diff import (
    Change,
    changelog_draft,
    check_release,
    current,
    diff,
    load_baseline,
    required_version,
)
from fold import fold_server_prefixes
from model_classes import model_classes

from tests.support.refactored_bundle import refactored

ROOT = Path(__file__).resolve().parents[2]
Edit = Callable[[dict[str, Any]], None]


@pytest.fixture
def bundle() -> dict[str, Any]:
    """The last release's bundle: the edits below are applied to it, not to the current one.

    So these tests stay independent of the edits a maintainer is making to the current bundle
    (which test_the_bundle_has_no_unannounced_breaking_change checks).
    """
    document: dict[str, Any] = json.loads(
        (ROOT / "openapi" / "baseline" / "payments.json").read_text(encoding="utf-8")
    )
    return document


def _schemas(document: dict[str, Any]) -> dict[str, Any]:
    schemas: dict[str, Any] = document["components"]["schemas"]
    return schemas


def _move_refund_to_v2(document: dict[str, Any]) -> None:
    document["paths"]["/refunds/{id}"]["get"]["servers"] = [
        {
            "url": "{root_url}/v2",
            "variables": {"root_url": {"default": "https://api.payments.example"}},
        }
    ]


def _refund_status_filter(document: dict[str, Any]) -> None:
    document["paths"]["/refunds"]["get"]["parameters"].append(
        {"name": "status", "in": "query", "schema": {"$ref": "#/components/schemas/RefundStatus"}}
    )


def _required_filter(document: dict[str, Any]) -> None:
    document["paths"]["/refunds"]["get"]["parameters"].append(
        {"name": "status", "in": "query", "required": True, "schema": {"type": "string"}}
    )


def _aed(document: dict[str, Any]) -> None:
    _schemas(document)["ConversionCurrency"]["enum"].append("AED")


def _drop_gbp(document: dict[str, Any]) -> None:
    _schemas(document)["ConversionCurrency"]["enum"].remove("GBP")


def _get_payment(document: dict[str, Any]) -> None:
    document["paths"]["/payments/{id}"] = {
        "get": {
            "operationId": "getPayment",
            "parameters": [{"$ref": "#/components/parameters/ResourceId"}],
            "responses": {"200": {"description": "A payment."}},
        }
    }


def _refund_reason(document: dict[str, Any]) -> None:
    _schemas(document)["Refund"]["properties"]["reason"] = {"type": "string"}


def _refund_status_value(document: dict[str, Any]) -> None:
    _schemas(document)["RefundStatus"]["enum"].append("failed")


def _rename_payment_id(document: dict[str, Any]) -> None:
    request = _schemas(document)["RefundCreateRequest"]
    request["properties"]["payment"] = request["properties"].pop("payment_id")
    request["required"] = ["payment"]


def _drop_refund_amount(document: dict[str, Any]) -> None:
    del _schemas(document)["Refund"]["properties"]["amount"]


def _tighter_per_page(document: dict[str, Any]) -> None:
    document["components"]["parameters"]["PerPage"]["schema"]["maximum"] = 50


def _looser_per_page(document: dict[str, Any]) -> None:
    document["components"]["parameters"]["PerPage"]["schema"]["maximum"] = 200


def _remove_operation(document: dict[str, Any]) -> None:
    del document["paths"]["/payments"]


def _new_required_body_field(document: dict[str, Any]) -> None:
    request = _schemas(document)["KycLinkCreateRequest"]
    request.setdefault("properties", {})["locale"] = {"type": "string"}
    request.setdefault("required", []).append("locale")


def _refund_amount_always_present(document: dict[str, Any]) -> None:
    _schemas(document)["Refund"]["required"].append("amount")


def _refund_amount_no_longer_always_present(document: dict[str, Any]) -> None:
    _schemas(document)["Refund"]["required"].remove("id")


def _description_only(document: dict[str, Any]) -> None:
    document["paths"]["/ping"]["get"]["description"] = "Checks the key, again."


def _close_refund_request(document: dict[str, Any]) -> None:
    document["components"]["schemas"]["RefundCreateRequest"]["additionalProperties"] = False


def _rename_operation_id(document: dict[str, Any]) -> None:
    document["paths"]["/refunds"]["post"]["operationId"] = "refundPayment"


def _rename_sdk_method(document: dict[str, Any]) -> None:
    document["paths"]["/refunds"]["post"]["x-sdk-method"] = "issue"


def _new_default_page_size(document: dict[str, Any]) -> None:
    document["components"]["parameters"]["PerPage"]["schema"]["default"] = 50


def _keyword(schema: str, field: str, **keywords: Any) -> Edit:
    """Set JSON Schema ``keywords`` on one field of a component (None removes one)."""

    def edit(document: dict[str, Any]) -> None:
        node = _schemas(document)[schema]["properties"][field]  # beside its $ref (3.1)
        for name, value in keywords.items():
            if value is None:
                node.pop(name, None)
            else:
                node[name] = value

    return edit


def _notes_rule(**keywords: Any) -> Edit:
    """Set keywords on the beneficiary's free-form ``notes`` map (a request object)."""

    def edit(document: dict[str, Any]) -> None:
        for schema in _schemas(document).values():
            notes = schema.get("properties", {}).get("notes")
            if isinstance(notes, dict) and "additionalProperties" in notes:
                notes.update(keywords)

    return edit


def _accepted_refund(document: dict[str, Any]) -> None:
    responses = document["paths"]["/refunds"]["post"]["responses"]
    responses["202"] = {**copy.deepcopy(responses["201"]), "description": "Accepted."}


def _accepted_refund_without_body(document: dict[str, Any]) -> None:
    document["paths"]["/refunds"]["post"]["responses"]["202"] = {"description": "Accepted."}


def _public_fx_rate(document: dict[str, Any]) -> None:
    document["paths"]["/fx-rate"]["get"]["security"] = []


def _fx_rate_key_only(document: dict[str, Any]) -> None:
    schemes = document["components"]["securitySchemes"]
    schemes["ReportKey"] = {"type": "apiKey", "in": "header", "name": "X-Report-Key"}
    document["paths"]["/fx-rate"]["get"]["security"] = [{"ReportKey": []}]


def _rename_schema(old: str, new: str) -> Edit:
    """Rename the component ``old`` to ``new``, and every ``$ref`` to it: the same shape."""

    def edit(document: dict[str, Any]) -> None:
        schemas = _schemas(document)
        schemas[new] = schemas.pop(old)

        def point(node: Any) -> None:
            if isinstance(node, dict):
                if node.get("$ref") == f"#/components/schemas/{old}":
                    node["$ref"] = f"#/components/schemas/{new}"
                for value in node.values():
                    point(value)
            elif isinstance(node, list):
                for value in node:
                    point(value)

        point(document)

    return edit


def _unused_schema(document: dict[str, Any]) -> None:
    _schemas(document)["Payout"] = {"type": "object", "properties": {"id": {"type": "string"}}}


CASES: list[tuple[str, Edit, bool, str, str]] = [
    (
        "request body's class renamed",
        _rename_schema("BeneficiaryV2Request", "BeneficiaryCreateRequest"),
        True,
        "createBeneficiaryV2",
        "POST /v2/beneficiaries body: model class BeneficiaryV2Request renamed "
        "BeneficiaryCreateRequest (`from payments_sdk.types import BeneficiaryV2Request` fails)",
    ),
    (
        "inline object's class renamed with its holder's",
        _rename_schema("BeneficiaryV2Request", "BeneficiaryCreateRequest"),
        True,
        "createBeneficiaryV2",
        "body.notes: model class BeneficiaryV2RequestNotes renamed BeneficiaryCreateRequestNotes",
    ),
    (
        "response's class renamed",
        _rename_schema("Refund", "RefundRecord"),
        True,
        "getRefund",
        "GET /v1/refunds/{id} 200: model class Refund renamed RefundRecord",
    ),
    (
        "nested object's class renamed",
        _rename_schema("RfiReference", "OrderRfi"),
        True,
        "getOrder",
        "GET /v1/orders/{id} 200.rfi: model class RfiReference renamed OrderRfi",
    ),
    (
        "enum's class renamed",
        _rename_schema("RefundStatus", "RefundState"),
        True,
        "getRefund",
        "200.status: model class RefundStatus renamed RefundState",
    ),
    ("new model class", _unused_schema, False, "model Payout", "new model class Payout"),
    ("operation made public", _public_fx_rate, False, "getFxRate", "no credential now accepted"),
    ("credential replaced", _fx_rate_key_only, True, "getFxRate", "JWT no longer accepted"),
    (
        "request exclusiveMinimum added",
        _keyword("OrderCreateInline", "amount", exclusiveMinimum=0),
        True,
        "createOrder",
        "exclusiveMinimum None -> 0",
    ),
    (
        "request multipleOf added",
        _keyword("OrderCreateInline", "amount", multipleOf=100),
        True,
        "createOrder",
        "multipleOf None -> 100",
    ),
    (
        "response multipleOf added",
        _keyword("Refund", "amount", multipleOf=100),
        False,
        "getRefund",
        "multipleOf None -> 100",
    ),
    (
        "request dependentRequired added",
        lambda d: _schemas(d)["RefundCreateRequest"].update(
            {"dependentRequired": {"payment_id": ["reason"]}}
        ),
        True,
        "createRefund",
        "dependentRequired payment_id",
    ),
    (
        "request propertyNames added",
        _notes_rule(propertyNames={"maxLength": 40}),
        True,
        "createBeneficiaryV2",
        "propertyNames",
    ),
    (
        "request maxProperties added",
        _notes_rule(maxProperties=10),
        True,
        "createBeneficiaryV2",
        "maxProperties None -> 10",
    ),
    (
        "request if/then added",
        lambda d: _schemas(d)["RefundCreateRequest"].update(
            {
                "if": {"required": ["payment_id"]},
                "then": {"properties": {"payment_id": {"maxLength": 64}}},
            }
        ),
        True,
        "createRefund",
        "if null -> ",
    ),
    ("operationId renamed", _rename_operation_id, False, "createRefund", "stays refunds.create"),
    ("request body closed", _close_refund_request, True, "createRefund", "closed"),
    ("SDK method renamed", _rename_sdk_method, True, "createRefund", "refunds.issue"),
    ("new default", _new_default_page_size, False, "listRefunds", "default 20 -> 50"),
    # name, edit, breaking?, operation named, words in the change
    ("server move", _move_refund_to_v2, True, "getRefund", "moved to GET /v2/refunds/{id}"),
    ("optional filter", _refund_status_filter, False, "listRefunds", "new optional parameter"),
    ("required filter", _required_filter, True, "listRefunds", "new required parameter"),
    ("request enum value added", _aed, False, "createBalanceConversion", "added: ['AED']"),
    ("request enum value removed", _drop_gbp, True, "createBalanceConversion", "removed"),
    ("new operation", _get_payment, False, "getPayment", "new operation"),
    ("success status added alike", _accepted_refund, False, "createRefund", "201 -> 201, 202"),
    ("success status added unlike", _accepted_refund_without_body, True, "createRefund", "202"),
    ("new response field", _refund_reason, False, "getRefund", ".reason"),
    ("new response enum value", _refund_status_value, False, "getRefund", "added: ['failed']"),
    ("request field renamed", _rename_payment_id, True, "createRefund", "payment_id"),
    ("response field removed", _drop_refund_amount, True, "getRefund", "field removed"),
    ("tighter request bound", _tighter_per_page, True, "listRefunds", "maximum 100 -> 50"),
    ("looser request bound", _looser_per_page, False, "listRefunds", "maximum 100 -> 200"),
    ("operation removed", _remove_operation, True, "listPayments", "operation removed"),
    ("new required body field", _new_required_body_field, True, "createKycLink", "required"),
    (
        "response field now required",
        _refund_amount_always_present,
        False,
        "getRefund",
        "now always",
    ),
    (
        "response field now optional",
        _refund_amount_no_longer_always_present,
        True,
        "getRefund",
        "no longer",
    ),
]


@pytest.mark.parametrize(
    ("edit", "breaking", "operation", "words"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_each_kind_of_edit_is_classified(
    bundle: dict[str, Any], edit: Edit, breaking: bool, operation: str, words: str
) -> None:
    """Each realistic edit shows up, on the right operation, as breaking or compatible."""
    edited = copy.deepcopy(bundle)
    edit(edited)
    changes = diff(fold_server_prefixes(bundle), fold_server_prefixes(edited))
    found = [c for c in changes if c.operation == operation and words in str(c)]
    assert found, "\n".join(map(str, changes))
    assert any(c.breaking for c in changes) == breaking, "\n".join(map(str, changes))


def test_description_edits_are_no_change(bundle: dict[str, Any]) -> None:
    """Prose is not part of the contract: no change, nothing to announce."""
    edited = copy.deepcopy(bundle)
    _description_only(edited)
    assert diff(fold_server_prefixes(bundle), fold_server_prefixes(edited)) == []


def _titles(document: dict[str, Any]) -> None:
    """Give a component and an inline object a ``title`` that is not their class's name."""
    _schemas(document)["Refund"]["title"] = "Refund record"
    _schemas(document)["BeneficiaryV2Request"]["properties"]["notes"]["title"] = "Free notes"


@pytest.mark.parametrize("edit", [_titles, refactored], ids=["titles", "parts moved to components"])
def test_an_edit_that_keeps_every_class_is_no_change(bundle: dict[str, Any], edit: Edit) -> None:
    """A title (the generator's input leaves it out) or a refactor names the same classes."""
    edited = copy.deepcopy(bundle)
    result = edit(edited)
    edited = result if isinstance(result, dict) else edited
    old, new = fold_server_prefixes(bundle), fold_server_prefixes(edited)
    before, after = model_classes(old), model_classes(new)
    assert before is not None and after is not None
    assert "Refund" in before.uses and "BeneficiaryV2RequestNotes" in before.uses
    assert after.uses.keys() == before.uses.keys()
    assert diff(old, new) == []


def test_words_and_bounds_are_compared_without_the_parser(
    bundle: dict[str, Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    """An edit of descriptions, examples and bounds alone names the same classes: no parse.

    A property named like one of those keywords is a schema (a mapping), and is still read.
    """
    import model_classes as classes_module

    def refused(text: str) -> None:
        raise AssertionError("parsed")

    monkeypatch.setattr(classes_module, "_classes_of", refused)
    edited = copy.deepcopy(bundle)
    refund = _schemas(edited)["Refund"]
    refund["description"] = "Another word."
    refund["properties"]["amount"]["maximum"] = 10**9
    assert diff(fold_server_prefixes(bundle), fold_server_prefixes(edited)) != []
    refund["properties"]["pattern"] = {"type": "object", "properties": {"a": {"type": "string"}}}
    with pytest.raises(AssertionError, match="parsed"):
        diff(fold_server_prefixes(bundle), fold_server_prefixes(edited))


def test_an_operation_id_names_its_inline_body_class(bundle: dict[str, Any]) -> None:
    """An inline body's class is named after its operationId: renaming the id renames it."""
    old = copy.deepcopy(bundle)
    body = old["paths"]["/refunds"]["post"]["requestBody"]["content"]["application/json"]
    body["schema"] = copy.deepcopy(_schemas(old)["RefundCreateRequest"])
    new = copy.deepcopy(old)
    _rename_operation_id(new)
    changes = diff(fold_server_prefixes(old), fold_server_prefixes(new))
    assert [str(c) for c in changes if c.breaking] == [
        "[BREAKING] createRefund: POST /v1/refunds body: model class CreateRefundBody renamed "
        "RefundPaymentBody (`from payments_sdk.types import CreateRefundBody` fails)"
    ]


def test_a_class_no_operation_uses_is_still_imported(bundle: dict[str, Any]) -> None:
    """A component nothing refers to is exported all the same: removing it breaks an import."""
    old = copy.deepcopy(bundle)
    _unused_schema(old)
    changes = diff(fold_server_prefixes(old), fold_server_prefixes(bundle))
    assert [str(c) for c in changes] == [
        "[BREAKING] model Payout: payments_sdk.types: model class Payout removed "
        "(`from payments_sdk.types import Payout` fails)"
    ]


def test_every_class_payments_sdk_types_exports_is_compared() -> None:
    """The classes api-diff reads are the ones ``make generate`` wrote, no more, no fewer."""
    import payments_sdk.types

    classes = model_classes(current(ROOT / "openapi" / "payments.json"))
    assert classes is not None
    written = set(payments_sdk.types.__all__) - {"File", "Model", "Timestamp"}
    assert set(classes.uses) == written


def test_the_bundle_has_no_unannounced_breaking_change() -> None:
    """`make test`: against the last release's baseline, every breaking change is announced."""
    old, baseline_version = load_baseline()
    changes = diff(old, current(ROOT / "openapi" / "payments.json"))
    version = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"][
        "version"
    ]
    problems = check_release(
        changes,
        baseline_version=baseline_version,
        version=version,
        changelog=(ROOT / "CHANGELOG.md").read_text(encoding="utf-8"),
    )
    assert not problems, (
        "\n".join(problems)
        + "\n"
        + "\n".join(str(c) for c in changes if c.breaking)
        + "\nSee 'When the spec changes' in docs/development.md."
    )


@pytest.mark.parametrize(
    ("baseline", "needed"), [("0.1.0", "0.2.0"), ("0.9.3", "0.10.0"), ("1.4.2", "2.0.0")]
)
def test_the_semver_rule(baseline: str, needed: str) -> None:
    """Before 1.0 a breaking change needs the next minor; from 1.0 the next major."""
    assert required_version(baseline) == needed


BREAKING = [Change(True, "getRefund", "GET /v1/refunds/{id}", "moved to GET /v2/refunds/{id}")]


@pytest.mark.parametrize(
    ("version", "changelog", "problem"),
    [
        ("0.1.0", "## [0.1.0]\n### Breaking\n- getRefund moved\n", "must be at least 0.2.0"),
        ("0.1.1", "## [0.1.1]\n### Breaking\n- getRefund moved\n", "must be at least 0.2.0"),
        ("0.2.0", "## [0.1.0]\n### Added\n", "no '## [0.2.0]' section"),
        ("0.2.0", "## [0.2.0]\n### Added\n- x\n", "no '### Breaking' heading"),
        ("0.2.0", "## [0.2.0]\n### Breaking\n- refunds moved\n", "does not name: getRefund"),
    ],
)
def test_a_breaking_change_needs_the_version_and_the_changelog(
    version: str, changelog: str, problem: str
) -> None:
    """Each missing piece is named: the version bump, the section, the heading, the operation."""
    problems = check_release(
        BREAKING, baseline_version="0.1.0", version=version, changelog=changelog
    )
    assert any(problem in p for p in problems), problems


def test_an_announced_breaking_change_passes() -> None:
    """The next minor, with a Breaking entry naming the operation, may ship the change."""
    changelog = "## [Unreleased]\n\n## [0.2.0] - 2026-12-01\n### Breaking\n- getRefund: /v2\n"
    assert (
        check_release(BREAKING, baseline_version="0.1.0", version="0.2.0", changelog=changelog)
        == []
    )
    compatible = [Change(False, "listRefunds", "GET /v1/refunds query status", "new")]
    assert check_release(compatible, baseline_version="0.1.0", version="0.1.0", changelog="") == []


def test_the_changelog_draft_satisfies_the_release_check(bundle: dict[str, Any]) -> None:
    """The draft `api_diff.py --changelog` prints names each breaking change where it must."""
    edited = copy.deepcopy(bundle)
    _move_refund_to_v2(edited)
    _refund_status_filter(edited)
    changes = diff(fold_server_prefixes(bundle), fold_server_prefixes(edited))
    draft = changelog_draft(changes, "0.2.0")
    assert "### Breaking" in draft and "### Added" in draft
    assert check_release(changes, baseline_version="0.1.0", version="0.2.0", changelog=draft) == []


def test_a_renamed_path_parameter_is_the_same_url(bundle: dict[str, Any]) -> None:
    """{id} -> {refund_id} changes no URL: compatible, reported, not a move."""
    edited = copy.deepcopy(bundle)
    item = edited["paths"].pop("/refunds/{id}")
    item["get"]["parameters"] = [
        {"name": "refund_id", "in": "path", "required": True, "schema": {"type": "string"}}
    ]
    edited["paths"]["/refunds/{refund_id}"] = item
    changes = diff(fold_server_prefixes(bundle), fold_server_prefixes(edited))
    assert not any(c.breaking for c in changes), "\n".join(map(str, changes))
    assert next(c.what for c in changes if c.operation == "getRefund") == (
        "path parameter {id} renamed {refund_id} (same URL)"
    )


@pytest.mark.parametrize(
    ("schema", "before", "after", "breaking"),
    [
        ("OrderCreateInline", {"multipleOf": 100}, {"multipleOf": 10}, False),
        ("OrderCreateInline", {"multipleOf": 10}, {"multipleOf": 100}, True),
        ("OrderCreateInline", {"multipleOf": 10}, {"multipleOf": 15}, True),
        # Fractional steps, read as the decimals written (0.3 % 0.1 is not 0 in floats).
        ("OrderCreateInline", {"multipleOf": 0.3}, {"multipleOf": 0.1}, False),
        ("OrderCreateInline", {"multipleOf": 0.01}, {"multipleOf": 0.005}, False),
        ("OrderCreateInline", {"multipleOf": 0.005}, {"multipleOf": 0.01}, True),
        ("OrderCreateInline", {"multipleOf": 0.5}, {"multipleOf": 0.3}, True),
        ("OrderCreateInline", {"multipleOf": 0.01}, {}, False),
        ("Refund", {"multipleOf": 0.1}, {"multipleOf": 0.3}, False),
        ("OrderCreateInline", {"exclusiveMaximum": 100}, {"exclusiveMaximum": 200}, False),
        ("OrderCreateInline", {"uniqueItems": True}, {}, False),
        ("OrderCreateInline", {}, {"uniqueItems": True}, True),
        ("Refund", {"multipleOf": 10}, {"multipleOf": 100}, False),
        ("Refund", {"multipleOf": 100}, {"multipleOf": 10}, True),
        ("Refund", {}, {"exclusiveMinimum": 0}, False),
        ("Refund", {"exclusiveMinimum": 0}, {}, True),
    ],
)
def test_a_rule_loosened_or_tightened_is_read_by_direction(
    bundle: dict[str, Any],
    schema: str,
    before: dict[str, Any],
    after: dict[str, Any],
    breaking: bool,
) -> None:
    """Narrower breaks a request (what clients send), wider a response (what they read)."""
    old, new = copy.deepcopy(bundle), copy.deepcopy(bundle)
    _keyword(schema, "amount", **before)(old)
    _keyword(schema, "amount", **after)(new)
    changes = diff(fold_server_prefixes(old), fold_server_prefixes(new))
    assert changes, "no change found"
    assert any(c.breaking for c in changes) == breaking, "\n".join(map(str, changes))
