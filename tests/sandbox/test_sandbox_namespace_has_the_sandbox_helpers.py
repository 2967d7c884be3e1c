"""``SandboxNamespace`` is exported, typed and documented, with every test helper of ``Sandbox``.

A test on a shared server (``payments_shared_sandbox``) gets the same helpers as one on an
in-process ``Sandbox``: simulated payments, faults and call counts, the clock, reset, snapshots
and deletion, each acting on its own namespace only.
"""

from __future__ import annotations

import inspect
from pathlib import Path

import pytest

import payments_sdk.sandbox as sandbox_package
from payments_sdk import AsyncPaymentsClient, RateLimitError
from payments_sdk.sandbox import Sandbox, SandboxNamespace

pytestmark = pytest.mark.integration

ROOT = Path(__file__).resolve().parents[2]
# Each helper of Sandbox (or of its faults and clock) and the SandboxNamespace method that does
# the same to a served namespace.
PARITY = {
    "simulate_payment": "simulate_payment",
    "reset": "reset",
    "snapshot": "snapshot",
    "snapshots": "snapshots",
    "restore": "restore",
    "delete_snapshot": "delete_snapshot",
    "delete_namespace": "delete",
    "faults.fail": "fail",
    "faults.latency": "latency",
    "faults.drop": "drop",
    "faults.pending": "faults",
    "faults.calls": "calls",
    "faults.clear": "clear_faults",
    "clock.freeze": "freeze",
    "clock.advance": "advance",
    "clock.resume": "resume",
    "clock.__call__": "now",
    "set_fields": "set_fields",
    "add_record": "add_record",
    "set_answer": "set_answer",
}


def test_it_is_exported_and_documented() -> None:
    assert "SandboxNamespace" in sandbox_package.__all__
    assert sandbox_package.SandboxNamespace is SandboxNamespace
    for name in ("sandbox.md", "testing.md"):
        assert "SandboxNamespace" in (ROOT / "docs" / name).read_text(encoding="utf-8"), name


def test_every_sandbox_helper_has_its_namespace_counterpart() -> None:
    sandbox = Sandbox(seed_payments=0)
    owners = {"faults": sandbox.faults, "clock": sandbox.clock}
    for helper, counterpart in PARITY.items():
        owner, _, name = helper.rpartition(".")
        target = owners[owner] if owner else sandbox
        assert callable(getattr(target, name)), helper
        method = getattr(SandboxNamespace, counterpart)
        assert method.__doc__, counterpart
        assert inspect.signature(method).return_annotation != inspect.Signature.empty
    public = {
        name
        for name, value in vars(SandboxNamespace).items()
        if not name.startswith("_") and callable(value)
    }
    assert public == set(PARITY.values())


async def test_the_helpers_act_on_the_namespace_an_sdk_client_sees() -> None:
    sandbox = Sandbox(seed_payments=0)
    with sandbox.serve() as url:
        handle = SandboxNamespace(url, sandbox.issue_key("parity"), "parity")
        paid = handle.simulate_payment(amount=1250, currency="EUR")
        handle.fail("refunds.create", status=429, retry_after=0)
        async with AsyncPaymentsClient(
            api_key=handle.api_key, base_url=url, max_retries=0
        ) as client:
            with pytest.raises(RateLimitError):
                await client.refunds.create(payment_id=paid["id"])
            refund = await client.refunds.create(payment_id=paid["id"])
        assert refund.amount == 1250 and refund.currency == "EUR"
        assert handle.calls("refunds.create") == 2 and handle.faults() == []
        frozen = handle.freeze("2032-02-02T00:00:00Z")
        assert frozen.startswith("2032-02-02") and handle.advance(60).startswith("2032-02-02T00:01")
        assert handle.resume().startswith("2032-02-02")
        assert sandbox.store.payments.get(paid["id"]) is None  # default never saw it
