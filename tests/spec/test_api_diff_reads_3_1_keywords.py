"""api-diff reads ``readOnly``, ``writeOnly``, ``deprecated`` and ``allOf`` as SDK users feel them.

- ``readOnly`` on a field only responses carry changes nothing; on a field requests carry, it
  takes it out of them: breaking (a client that sends it is refused);
- ``writeOnly`` on a field responses carry takes it out of them: breaking;
- dropping either mark adds the field on that side: compatible (optional);
- ``deprecated: true`` on an operation, a parameter or a field: reported, compatible;
- an ``allOf`` record is compared as the object it composes: a field removed from a part is
  a field removed.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from typing import Any

import pytest
from api_diff import diff
from fold import fold_server_prefixes

from tests.support.feature_edits import all_of_record, deprecations
from tests.support.scratch_generate import ROOT


@pytest.fixture(scope="module")
def bundle() -> dict[str, Any]:
    """The last release's bundle (the edits below are changes since then)."""
    baseline = ROOT / "openapi" / "baseline" / "payments.json"
    document: dict[str, Any] = json.loads(baseline.read_text("utf-8"))
    return document


def _changes(before: dict[str, Any], edit: Callable[[dict[str, Any]], None]) -> list[str]:
    after = copy.deepcopy(before)
    edit(after)
    return [
        str(change) for change in diff(fold_server_prefixes(before), fold_server_prefixes(after))
    ]


def _field(name: str, prop: str, **marks: Any) -> Callable[[dict[str, Any]], None]:
    def edit(document: dict[str, Any]) -> None:
        document["components"]["schemas"][name]["properties"][prop].update(marks)

    return edit


def test_read_only_on_a_response_only_field_changes_nothing(bundle: dict[str, Any]) -> None:
    """Refund.id is only answered: marking it readOnly is no change for any client."""
    assert _changes(bundle, _field("Refund", "id", readOnly=True)) == []


def test_read_only_on_a_request_field_is_breaking(bundle: dict[str, Any]) -> None:
    """RefundCreateRequest.payment_id readOnly: a client that sends it is now refused."""
    assert _changes(bundle, _field("RefundCreateRequest", "payment_id", readOnly=True)) == [
        "[BREAKING] createRefund: POST /v1/refunds body.payment_id: now readOnly: no longer sent"
    ]


def test_write_only_on_a_response_field_is_breaking(bundle: dict[str, Any]) -> None:
    """Refund.status writeOnly: a client that reads it gets nothing, on every refund answer."""
    changes = _changes(bundle, _field("Refund", "status", writeOnly=True))
    assert changes and all(
        c.startswith("[BREAKING]") and c.endswith("status: now writeOnly: no longer answered")
        for c in changes
    ), changes


def test_dropping_a_mark_adds_the_field_on_that_side(bundle: dict[str, Any]) -> None:
    """A readOnly field made writable is a new optional request field: compatible."""
    before = copy.deepcopy(bundle)
    _field("RefundCreateRequest", "payment_id", readOnly=True)(before)
    before["components"]["schemas"]["RefundCreateRequest"]["required"] = []
    changes = _changes(before, _field("RefundCreateRequest", "payment_id", readOnly=False))
    assert changes == [
        "[added/compatible] createRefund: POST /v1/refunds body.payment_id: new optional field"
    ]


def test_deprecations_are_reported_as_compatible(bundle: dict[str, Any]) -> None:
    """An operation, a query parameter, a request field and a response field."""
    changes = _changes(bundle, deprecations)
    assert sorted(changes) == sorted(
        [
            "[added/compatible] listBankAccountValidations: GET /v1/bank_account_validation: "
            "operation now deprecated (calling it warns)",
            "[added/compatible] listBalanceConversions: GET /v1/balance_conversions query "
            "source_currency: parameter now deprecated (giving it warns)",
            "[added/compatible] createKycLink: POST /v1/kyc-links body.email: now deprecated "
            "(passing or reading it still works)",
            "[added/compatible] listPayments: GET /v1/payments 200.data[].payin_id: now "
            "deprecated (passing or reading it still works)",
        ]
    )


def test_an_all_of_record_is_compared_as_the_object_it_composes(bundle: dict[str, Any]) -> None:
    """A field removed from the shared base is removed from the record's answer: breaking."""
    before = copy.deepcopy(bundle)
    all_of_record(before)

    def drop_created_at(document: dict[str, Any]) -> None:
        base = document["components"]["schemas"]["DisputeBase"]
        del base["properties"]["created_at"]
        base["required"].remove("created_at")

    changes = _changes(before, drop_created_at)
    assert (
        "[BREAKING] createDispute: POST /v1/disputes 201.created_at: field removed (or renamed)"
        in (changes)
    ), changes


def _new_field(schema: str, prop: str, node: dict[str, Any]) -> Callable[[dict[str, Any]], None]:
    def edit(document: dict[str, Any]) -> None:
        document["components"]["schemas"][schema]["properties"][prop] = dict(node)

    return edit


def test_a_new_optional_field_with_a_format_is_compatible(bundle: dict[str, Any]) -> None:
    """A refund's new optional ``customer_ip`` (``format: ipv4``): no call that worked breaks."""
    edit = _new_field("RefundCreateRequest", "customer_ip", {"type": "string", "format": "ipv4"})
    assert _changes(bundle, edit) == [
        "[added/compatible] createRefund: POST /v1/refunds body.customer_ip: new optional field"
    ]


def test_a_format_on_an_existing_request_field_is_breaking(bundle: dict[str, Any]) -> None:
    """``format: time`` on a text field requests carry: a value sent before may now be refused."""
    before = copy.deepcopy(bundle)
    _new_field("KycLinkCreateRequest", "call_after", {"type": "string"})(before)
    after = _field("KycLinkCreateRequest", "call_after", format="time")
    assert _changes(before, after) == [
        "[BREAKING] createKycLink: POST /v1/kyc-links body.call_after: format None -> time"
    ]


def test_a_lower_bound_of_zero_is_no_bound(bundle: dict[str, Any]) -> None:
    """``minLength: 0`` (PayPal writes it) holds of every text: adding it changes nothing."""
    assert _changes(bundle, _field("RefundCreateRequest", "payment_id", minLength=0)) == []
    raised = _changes(bundle, _field("RefundCreateRequest", "payment_id", minLength=1))
    assert raised and all("[BREAKING]" in change for change in raised)
