"""The business rules of the Payin group: payments, their refunds, and orders.

Each rule takes the namespace's :class:`~._store.Store` (under its lock) and the request's
values, and changes or adds records; the store notices what changed. Money is integers in the
smallest unit only.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from ._compliance import open_rfi
from ._errors import UnknownShape, bad_request, has, shown
from ._store import Store, render
from .rules import SANCTIONS_THRESHOLD

__all__ = [
    "add_payment",
    "complete_refund",
    "create_order",
    "create_refund",
    "creation_time",
    "fee",
    "in_the_past",
    "seed_payments",
    "wire_step",
]


# -- payments -----------------------------------------------------------------------------


def seed_payments(store: Store, count: int, span: tuple[datetime, datetime] | None = None) -> None:
    """Add ``count`` payments: one minute apart ending now, or spread evenly over ``span``.

    Over ``span`` (``[start, end)``), the first payment is created at ``start`` exactly and
    the others at equal steps (whole microseconds) before ``end``.
    """
    if span is None:
        start = store.clock() - timedelta(minutes=count + 1)
        stamps = [start + timedelta(minutes=n) for n in range(count)]
    else:
        start, end = span
        width = (end - start) // timedelta(microseconds=1)
        stamps = [start + timedelta(microseconds=width * n // count) for n in range(count)]
    currencies = ("USD", "EUR", "GBP")
    for n, stamp in enumerate(stamps):
        status = "failed" if n % 7 == 3 else "success"
        add_payment(
            store,
            amount=1000 + 250 * n,
            currency=currencies[n % 3],
            status=status,
            held=(n == count - 5),
            created_at=stamp,
        )


def add_payment(
    store: Store,
    *,
    amount: int,
    currency: str,
    status: str = "success",
    held: bool = False,
    created_at: datetime | None = None,
    sender_name: str = "Sandbox Customer",
) -> dict[str, Any]:
    """Record a payment; ``held`` puts it on a sanctions-screening hold with an RFI."""
    if isinstance(amount, bool) or not isinstance(amount, int) or amount < 1:
        raise bad_request("amount must be a positive integer in the smallest unit")
    step = wire_step(currency)
    if amount % step:
        raise bad_request(
            f"amount of {currency} must end in 0: the service sends three-decimal amounts "
            f"with a last digit of 0 (295.991 is sent as 295990), got {amount}"
        )
    stamp = store.created(created_at)
    payment_id = store.new_id("payt")
    n_ref = store.random.randint(0, 999_999)
    payment: dict[str, Any] = {
        "id": payment_id,
        "payin_id": store.new_id("payin"),
        "status": "on_hold" if held else status,
        "currency": currency,
        "amount": amount,
        "credit_account_number": f"40001234{store.random.randint(0, 99999999):08d}",
        "debit_account_number": f"{store.random.randint(0, 9999999999):010d}",
        "purpose_code": "P0101",
        "transaction_reference_number": f"TRN{stamp:%Y%m%d}{n_ref:06d}",
        "sender_name": sender_name,
        "metadata": {"source": "sandbox"},
        "error_message": "Insufficient funds at the sender's bank" if status == "failed" else "",
        "payment_date": stamp,
        "created_at": stamp,
        "updated_at": stamp,
        "customer_id": store.new_id("cust"),
        "country": "USA",
        "ordered_amount": amount,
        "ordered_currency": currency,
        "fx_fee": {"amount": 0, "currency": currency},
        "txn_fee": {"amount": fee(amount, step), "currency": currency},
        "documents": [],
    }
    if held:
        rfi = open_rfi(store, payment_id, "payment", "passport")
        payment["rfi"] = {"id": rfi["id"], "status": rfi["status"]}
        payment["documents"] = [
            {
                "id": store.new_id("doc"),
                "type": "passport",
                "status": "pending",
                "rfi_doc_id": rfi["documents"][0]["rfi_doc_id"],
            }
        ]
    store.insert("payments", payment)
    return payment


def in_the_past(store: Store, created_at: datetime | None) -> datetime | None:
    """Return a simulated record's ``created_at``, refused when later than the clock's time."""
    if created_at is not None:
        now = store.clock()
        if created_at > now:
            raise bad_request(
                "created_at must not be later than the namespace's clock "
                f"({render(now)}): a record is created now or in the past"
            )
    return created_at


def creation_time(value: object, field: str = "created_at") -> datetime:
    """Return a simulated record's creation time: an aware datetime or ISO 8601 with an offset.

    Raises :class:`ApiError` (400) naming ``field`` otherwise.
    """
    if isinstance(value, str):
        try:
            value = datetime.fromisoformat(value.replace("Z", "+00:00").replace("z", "+00:00"))
        except ValueError:
            raise bad_request(
                f"{field} must be an ISO 8601 time with its offset, such as "
                f"2026-10-31T23:59:59.999999Z, got {shown(str(value))}"
            ) from None
    if not isinstance(value, datetime):
        raise bad_request(f"{field} must be an ISO 8601 time, got a {type(value).__name__}")
    if value.tzinfo is None or value.utcoffset() is None:
        raise bad_request(f"{field} must carry its UTC offset (Z or +hh:mm)")
    try:
        return value.astimezone(UTC)
    except OverflowError:
        raise bad_request(f"{field} is outside the years 1 to 9999 in UTC") from None


def wire_step(currency: str) -> int:
    """Return the step of a currency's amounts on the wire: 10 for three decimals, else 1.

    The service's three-decimal amounts (KWD, BHD, OMR) end in 0 ("295.991 is sent as
    295990"); a code ISO 4217 does not know has no rule.
    """
    from .._money import currency_exponent
    from ..errors import InvalidParameterError

    try:
        return 10 if currency_exponent(currency) == 3 else 1
    except InvalidParameterError:
        return 1


def fee(amount: int, step: int) -> int:
    """Return the sandbox's transaction fee of a payment: 0.3%, rounded down to the step.

    At least one step, so that no fee is 0; a three-decimal fee ends in 0, as its amount does.
    """
    return max(amount * 3 // 1000 // step * step, step)


# -- refunds ------------------------------------------------------------------------------


def create_refund(store: Store, body: Any) -> dict[str, Any]:
    """Refund a ``success`` payment that has no refund yet."""
    if not has(body, "payment_id"):
        raise UnknownShape("refund", body, "payment_id")
    payment_id = body["payment_id"]
    payment = store.payments.get(payment_id)
    if payment is None:
        raise bad_request(f"payment_id {shown(payment_id)} does not match any payment")
    if payment["status"] != "success":
        raise bad_request(
            f"payment_id refers to a payment that is not in the success state "
            f"(it is {payment['status']})"
        )
    if any(refund["payment_id"] == payment_id for refund in store.refunds.values()):
        raise bad_request(f"payment_id {shown(payment_id)} already has a refund")
    refund = {
        "id": store.new_id("rfnd"),
        "payment_id": payment_id,
        "status": "in_progress",
        "amount": payment["amount"],
        "currency": payment["currency"],
        "created_at": store.now(),
    }
    store.refunds[refund["id"]] = refund
    return refund


def complete_refund(store: Store, refund_id: str) -> dict[str, Any]:
    """Move an ``in_progress`` refund to ``success``."""
    refund = store.get(store.refunds, refund_id, "refund")
    if refund["status"] != "in_progress":
        raise bad_request(f"status must be in_progress to be updated (it is {refund['status']})")
    refund["status"] = "success"
    refund["_updated_at"] = store.now()
    return refund


# -- orders -------------------------------------------------------------------------------


def create_order(store: Store, body: dict[str, Any]) -> dict[str, Any]:
    """Create an order inline or from a quote; large inline orders are held with an RFI."""
    if not (has(body, "quote_id") or has(body, "amount", "currency")):
        raise UnknownShape("order", body, "quote_id, or amount and currency")
    order_id = store.new_id("ord")
    order: dict[str, Any] = {"id": order_id, "status": "created"}
    if isinstance(body.get("split_ids"), list):
        order["_split_ids"] = list(body["split_ids"])  # the Order record does not declare it
    if has(body, "quote_id"):
        order["quote_id"] = body["quote_id"]
    else:
        order |= {k: body[k] for k in ("amount", "currency", "payment_methods") if k in body}
        if body["amount"] >= SANCTIONS_THRESHOLD:
            rfi = open_rfi(store, order_id, "order", "proof_of_address")
            order["status"] = "action_required"
            order["rfi"] = {"id": rfi["id"], "status": rfi["status"]}
    order["created_at"] = store.now()
    store.orders[order_id] = order
    return order
