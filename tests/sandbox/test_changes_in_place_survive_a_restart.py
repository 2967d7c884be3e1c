"""A record changed in place by any code is in the state file, though no code said it changed.

The state file compares each record with its copy of what it last wrote (``_state_file.py``),
so a new rule needs no bookkeeping to be kept: this test adds one, through a code path the
sandbox has never seen, that changes other records than the one it answers, at the top level
and deep inside, and reads them back after a restart.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from payments_sdk.sandbox import Sandbox, _app
from payments_sdk.sandbox._generic import OperationShape
from payments_sdk.sandbox._handlers import Handler
from payments_sdk.sandbox._request_validation import Validated
from payments_sdk.sandbox._store import Store

pytestmark = pytest.mark.integration


def _wrapped(
    monkeypatch: pytest.MonkeyPatch, sdk_name: str, wrap: Callable[[Handler], Handler]
) -> None:
    """Make the sandbox built next run ``wrap(handler)`` for ``sdk_name``."""
    original_for = _app.handler_for

    def patched(name: OperationShape) -> Handler:
        handler = original_for(name)
        return wrap(handler) if name.key == sdk_name else handler

    monkeypatch.setattr(_app, "handler_for", patched)


async def test_a_new_rule_changing_records_in_place_is_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A refund rule that marks its payment (deep and at the top level) survives a restart."""

    def marking(original: Handler) -> Handler:
        def rule(store: Store, v: Validated) -> tuple[int, Any]:
            status, refund = original(store, v)
            payment = store.payments[refund["payment_id"]]
            payment["metadata"]["refunded_by"] = refund["id"]  # deep in the record
            payment["sender_name"] = "Refunded Customer"  # at its top level
            return status, refund

        return rule

    _wrapped(monkeypatch, "refunds.create", marking)
    state = tmp_path / "sandbox.db"
    async with Sandbox(state=state, seed_payments=0) as first, first.client() as client:
        paid = first.simulate_payment(amount=5000, currency="EUR")
        refund = await client.refunds.create(payment_id=paid["id"])
    monkeypatch.undo()
    async with Sandbox(state=state, seed_payments=0) as second:
        payment = second.store.payments[paid["id"]]
        assert payment["metadata"] == {"source": "sandbox", "refunded_by": refund.id}
        assert payment["sender_name"] == "Refunded Customer"


async def test_a_record_changed_between_requests_is_kept_by_the_next_one(tmp_path: Path) -> None:
    """A change made to the store directly (a test's own helper) is saved by the next request."""
    state = tmp_path / "sandbox.db"
    async with Sandbox(state=state, seed_payments=2) as first, first.client() as client:
        first_id = next(iter(first.store.payments))
        with first.store.lock:
            first.store.payments[first_id]["txn_fee"]["amount"] = 7
        await client.orders.create(amount=700, currency="USD", payment_methods=["card"])
    async with Sandbox(state=state, seed_payments=2) as second:
        assert second.store.payments[first_id]["txn_fee"]["amount"] == 7
