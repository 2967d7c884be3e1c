"""The generated client parses responses this bundle version does not fully know."""

from __future__ import annotations

from payments_sdk_generated.models import Payment, Refund, RefundStatus, Rfi, RfiList, RfiStatus
from tests.support.schema_values import record


def test_unknown_rfi_status_parses_as_a_string() -> None:
    """A status added by the service later stays a plain string instead of raising."""
    rfi = Rfi.from_dict(record("Rfi", {"id": "rfi_1", "status": "escalated"}))
    assert rfi.status == "escalated"
    assert not isinstance(rfi.status, RfiStatus)


def test_known_rfi_status_compares_equal_to_the_enum() -> None:
    """A known status equals its StrEnum member, so `==` and `match` work with either."""
    status = Rfi.from_dict(record("Rfi", {"id": "rfi_1", "status": "under_review"})).status
    assert status == RfiStatus.UNDER_REVIEW and status == "under_review"
    match status:
        case RfiStatus.UNDER_REVIEW:
            matched = True
        case _:
            matched = False
    assert matched


def test_unknown_refund_status_round_trips() -> None:
    """An unknown refund status parses and serialises back unchanged."""
    refund = Refund.from_dict(
        record("Refund", {"id": "rfnd_1", "status": "reversed", "payment_id": "payt_1"})
    )
    assert refund.status == "reversed"
    assert refund.to_dict()["status"] == "reversed"
    success = record("Refund", {"id": "r", "status": "success", "payment_id": "payt_1"})
    assert Refund.from_dict(success).status == RefundStatus.SUCCESS


def test_extra_fields_are_kept() -> None:
    """Fields the bundle does not declare land in additional_properties and survive to_dict."""
    payload = {
        "data": [
            {
                "id": "rfi_1",
                "status": "approved",
                "entity_id": "payt_1",
                "risk_score": 7,
                "reviewer": {"name": "A"},
            }
        ],
        "page_meta": {
            "current": 1,
            "previous": None,
            "next": None,
            "per_page": 20,
            "pages": 1,
            "count": 1,
            "cursor": "abc",
        },
        "has_more": False,
    }
    page = RfiList.from_dict(record("RfiList", payload))
    assert page.data[0]["risk_score"] == 7
    assert page.page_meta["cursor"] == "abc"
    assert page["has_more"] is False
    assert page.to_dict()["data"][0]["reviewer"] == {"name": "A"}


def test_payment_with_unknown_fields_and_nested_fees_parses() -> None:
    """A payment list item keeps its fees as integers and its unknown fields."""
    payment = Payment.from_dict(
        record(
            "Payment",
            {
                "id": "payt_1",
                "status": "chargeback",
                "currency": "KWD",
                "amount": 295990,
                "created_at": "2026-11-21T14:00:00Z",
                "fx_fee": {"amount": 12, "currency": "USD"},
                "settlement_batch": "b-7",
            },
        )
    )
    assert payment.amount == 295990
    assert payment.fx_fee.amount == 12  # type: ignore[union-attr]
    assert payment["settlement_batch"] == "b-7"
    assert payment.created_at.tzinfo is not None
