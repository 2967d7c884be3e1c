"""The sandbox as a shared dev server: a state file, namespaces, reset and snapshots, a clock."""

from __future__ import annotations

import asyncio
import signal
import subprocess
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from payments_sdk import AsyncPaymentsClient, BadRequestError
from payments_sdk.sandbox import Sandbox
from payments_sdk.sandbox.rules import SEED_BALANCES
from tests.sandbox.test_sandbox_command_line import MODULE, _read_lines, running

pytestmark = pytest.mark.integration


async def _balances(client: AsyncPaymentsClient) -> dict[str, int]:
    return {b.currency: b.amount for b in (await client.balances.retrieve()).data}


async def _all_refunds(client: AsyncPaymentsClient) -> list[Any]:
    return [refund async for refund in client.refunds.list(per_page=100)]


# -- the state file ----------------------------------------------------------------------------


async def test_records_survive_a_restart(tmp_path: Path) -> None:
    """Payments, refunds, conversions, orders and balances come back; new ids do not collide."""
    state = tmp_path / "sandbox.db"
    async with Sandbox(state=state, seed_payments=3) as first, first.client() as client:
        paid = first.simulate_payment(amount=5000, currency="EUR")
        refund = await client.refunds.create(payment_id=paid["id"])
        conversion = await client.balance_conversions.create(
            source_currency="USD", target_currency="EUR", source_amount=10_000
        )
        order = await client.orders.create(amount=700, currency="USD", payment_methods=["card"])
        balances = await _balances(client)
    async with Sandbox(state=state, seed_payments=3) as second, second.client() as client:
        assert (await client.refunds.retrieve(refund.id)).payment_id == paid["id"]
        assert (await client.orders.retrieve(order.id)).amount == 700
        assert [c.id async for c in client.balance_conversions.list()] == [conversion.id]
        assert await _balances(client) == balances
        assert len([p async for p in client.payments.list()]) == 4  # 3 seeded + 1, not reseeded
        later = await client.orders.create(amount=1, currency="USD", payment_methods=["card"])
        assert later.id not in {order.id, refund.id, conversion.id, paid["id"]}


def test_a_second_process_on_one_state_file_is_refused(tmp_path: Path) -> None:
    """Two sandboxes cannot share a state file; the second says why, and which file."""
    state = tmp_path / "sandbox.db"
    with running("--state", str(state)):
        done = subprocess.run(
            [*MODULE, "--state", str(state)], capture_output=True, text=True, timeout=60
        )
    assert done.returncode == 1
    assert "in use by another sandbox process" in done.stderr and str(state) in done.stderr


def test_more_than_one_worker_is_refused_with_the_reason() -> None:
    """--workers 2 is refused: one process holds the state; namespaces share a server."""
    done = subprocess.run([*MODULE, "--workers", "2"], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2
    assert "namespace" in done.stderr and "one process" in done.stderr


def test_a_file_that_is_not_a_state_file_is_refused(tmp_path: Path) -> None:
    """A text file given as --state is an error message, not a traceback."""
    state = tmp_path / "notes.txt"
    state.write_text("not a database " * 100)
    done = subprocess.run(
        [*MODULE, "--state", str(state)], capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 1
    assert "is not a sandbox state file" in done.stderr and "Traceback" not in done.stderr


async def test_a_sigkill_amid_100_concurrent_refunds_loses_and_doubles_nothing(
    tmp_path: Path,
) -> None:
    """Killed mid-storm and restarted: every acknowledged refund is there, none twice, money kept.

    100 payments, then 100 concurrent refunds and 20 concurrent conversions; the server is
    killed with SIGKILL once some have been answered. After a restart on the same file, each
    refund and conversion that was acknowledged exists, no payment has two refunds, and every
    balance equals the seed plus the effect of the conversions the file kept.
    """
    state = tmp_path / "sandbox.db"
    process = subprocess.Popen(  # noqa: ASYNC220 - started once; it is killed, not awaited
        [*MODULE, "--state", str(state), "--seed", "3", "--seed-payments", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        variables = dict(
            line.rstrip("\n").removeprefix("export ").replace("'", "").split("=", 1)
            for line in _read_lines(process, 2, 60)
        )
        url, key = variables["PAYMENTS_BASE_URL"], variables["PAYMENTS_API_KEY"]
        root = url.removesuffix("/v1")
        async with httpx.AsyncClient(headers={"Authorization": f"Bearer {key}"}) as http:
            payments = []
            for n in range(100):
                answer = await http.post(f"{root}/_sandbox/payments", json={"amount": 100 + n})
                payments.append(answer.json()["id"])
        acknowledged: list[str] = []
        converted: list[str] = []
        async with AsyncPaymentsClient(api_key=key, base_url=url, max_retries=0) as client:

            async def refund(payment_id: str) -> None:
                made = await client.refunds.create(payment_id=payment_id)
                acknowledged.append(made.id)

            async def convert() -> None:
                made = await client.balance_conversions.create(
                    source_currency="USD", target_currency="EUR", source_amount=1_000
                )
                converted.append(made.id)

            calls = [asyncio.ensure_future(refund(p)) for p in payments]
            calls += [asyncio.ensure_future(convert()) for _ in range(20)]
            for _ in range(12_000):  # until some are answered (at most 120 s on a loaded machine)
                if len(acknowledged) >= 20:
                    break
                await asyncio.sleep(0.01)
            process.send_signal(signal.SIGKILL)
            await asyncio.gather(*calls, return_exceptions=True)
    finally:
        process.kill()
        process.wait(timeout=30)
        if process.stdout is not None:
            process.stdout.close()  # an unclosed pipe is a ResourceWarning, an error here
    assert 20 <= len(acknowledged) < 100, "the kill must land mid-storm"
    with running("--state", str(state), "--seed", "3", "--seed-payments", "0") as run:
        url, key = run.variables["PAYMENTS_BASE_URL"], run.variables["PAYMENTS_API_KEY"]
        async with AsyncPaymentsClient(api_key=key, base_url=url) as client:
            kept = await _all_refunds(client)
            kept_ids = {r.id for r in kept}
            assert set(acknowledged) <= kept_ids  # nothing acknowledged is lost
            per_payment = [r.payment_id for r in kept]
            assert len(per_payment) == len(set(per_payment))  # nothing doubled
            conversions = [c async for c in client.balance_conversions.list(per_page=100)]
            assert set(converted) <= {c.id for c in conversions}
            expected = dict(SEED_BALANCES)
            for c in conversions:
                expected[c.source_currency] -= c.source_amount
                expected[c.target_currency] = expected.get(c.target_currency, 0) + c.target_amount
            assert await _balances(client) == expected  # money conserved
            for payment_id in payments:  # the rest can still be refunded, once
                try:
                    await client.refunds.create(payment_id=payment_id)
                except BadRequestError as exc:
                    assert "already has a refund" in (exc.message or "")
            finally_kept = await _all_refunds(client)
            assert sorted(r.payment_id for r in finally_kept) == sorted(payments)


# -- namespaces --------------------------------------------------------------------------------


async def test_two_namespaces_never_see_each_other() -> None:
    """Records, balances, resets and clocks of one namespace never reach another."""
    async with Sandbox(seed_payments=2) as sandbox:
        async with sandbox.client("gw0") as a, sandbox.client("gw1") as b:
            paid = await a.request("POST", "/_sandbox/payments", root=True, json={"amount": 900})
            refund = await a.refunds.create(payment_id=paid["id"])
            await a.balance_conversions.create(
                source_currency="USD", target_currency="GBP", source_amount=5_000
            )
            assert [r.id for r in await _all_refunds(a)] == [refund.id]
            assert await _all_refunds(b) == []
            assert paid["id"] not in {p.id async for p in b.payments.list()}
            assert await _balances(b) == SEED_BALANCES != await _balances(a)
            sandbox.reset(namespace="gw1")
            assert [r.id for r in await _all_refunds(a)] == [refund.id]  # untouched
            sandbox.clock_of("gw0").advance(3600)
            assert sandbox.clock_of("gw1")() < sandbox.clock_of("gw0")()
        assert await _all_refunds(sandbox.client()) == []  # the default namespace too


async def test_a_namespace_key_over_http() -> None:
    """POST /_sandbox/keys gives a key for a namespace; that key sees only its namespace."""
    async with Sandbox() as sandbox, sandbox.client() as client:
        made = await client.request("POST", "/_sandbox/keys", root=True, json={"namespace": "ci-7"})
        assert made["namespace"] == "ci-7"
        async with sandbox.client(api_key=made["api_key"]) as other:
            order = await other.orders.create(amount=5, currency="USD", payment_methods=["card"])
            assert [o.id async for o in other.orders.list()] == [order.id]
        assert [o.id async for o in client.orders.list()] == []


# -- reset and snapshots -----------------------------------------------------------------------


async def test_reset_snapshot_and_restore_in_python_and_over_http(tmp_path: Path) -> None:
    """A snapshot brings the state back; reset starts again (to a seed); both over HTTP too."""
    state = tmp_path / "sandbox.db"
    async with Sandbox(state=state) as sandbox, sandbox.client() as client:
        sandbox.snapshot("clean")
        order = await client.orders.create(amount=9, currency="USD", payment_methods=["card"])
        await client.request("POST", "/_sandbox/snapshots", root=True, json={"name": "one-order"})
        sandbox.restore("clean")
        assert [o.id async for o in client.orders.list()] == []
        await client.request("POST", "/_sandbox/snapshots/one-order/restore", root=True)
        assert [o.id async for o in client.orders.list()] == [order.id]
        await client.request("POST", "/_sandbox/reset", root=True, json={"seed": 11})
        assert [o.id async for o in client.orders.list()] == []
        with pytest.raises(Exception) as raised:
            await client.request("POST", "/_sandbox/snapshots/nope/restore", root=True)
        assert getattr(raised.value, "status_code", None) == 404
    async with Sandbox(state=state) as again:  # snapshots are kept in the file too
        again.restore("one-order")
        async with again.client() as client:
            assert [o.id async for o in client.orders.list()] == [order.id]


# -- the clock ---------------------------------------------------------------------------------


async def test_a_clock_advance_expires_an_fx_rate() -> None:
    """Frozen, the rate holds; advanced past expires_at, a fresh rate is drawn."""
    async with Sandbox() as sandbox, sandbox.client() as client:
        frozen = sandbox.clock.freeze(datetime(2030, 1, 1, tzinfo=UTC))
        first = await client.fx_rates.retrieve(source_currency="USD", target_currency="EUR")
        assert first.expires_at == frozen + timedelta(minutes=5)
        sandbox.clock.advance(299)
        same = await client.fx_rates.retrieve(source_currency="USD", target_currency="EUR")
        assert same.expires_at == first.expires_at
        await client.request("POST", "/_sandbox/clock", root=True, json={"advance": 2})
        fresh = await client.fx_rates.retrieve(source_currency="USD", target_currency="EUR")
        assert fresh.expires_at == frozen + timedelta(seconds=301 + 300)


async def test_the_clock_stamps_new_records_and_drives_the_windows() -> None:
    """created_at follows the clock, so before/after windows select by the clock's time."""
    async with Sandbox(seed_payments=0) as sandbox, sandbox.client() as client:
        start = sandbox.clock.freeze(datetime(2031, 6, 1, tzinfo=UTC))
        early = await client.orders.create(amount=1, currency="USD", payment_methods=["card"])
        sandbox.clock.advance(timedelta(days=2))
        late = await client.orders.create(amount=2, currency="USD", payment_methods=["card"])
        assert early.created_at is not None and early.created_at - start < timedelta(seconds=1)
        middle = start + timedelta(days=1)
        assert [o.id async for o in client.orders.list(before=middle)] == [early.id]
        assert [o.id async for o in client.orders.list(after=middle)] == [late.id]
        seen = await client.request("GET", "/_sandbox/clock", root=True)
        assert seen["frozen"] is True and seen["now"].startswith("2031-06-03")
        resumed = await client.request("POST", "/_sandbox/clock", root=True, json={"resume": True})
        assert resumed["frozen"] is False


# -- hostile input on the new controls ---------------------------------------------------------

_PATHS = st.sampled_from(
    [
        "/_sandbox/keys",
        "/_sandbox/reset",
        "/_sandbox/snapshots",
        "/_sandbox/snapshots/x/restore",
        "/_sandbox/snapshots/%2E%2E/restore",
        "/_sandbox/clock",
    ]
)
_JSONISH = st.recursive(
    st.none()
    | st.booleans()
    | st.integers()
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=8), inner),
    max_leaves=8,
)
_FIELDS = st.dictionaries(
    st.sampled_from(["namespace", "seed", "name", "freeze", "at", "advance", "resume", "x"]),
    _JSONISH,
    max_size=3,
)


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(path=_PATHS, method=st.sampled_from(["GET", "POST", "PUT"]), body=_FIELDS | _JSONISH)
async def test_the_controls_never_answer_5xx(path: str, method: str, body: Any) -> None:
    """Any body to any control: below 500, an Error body when refused; later, all works."""
    sandbox = Sandbox(seed_payments=0)
    transport = httpx.ASGITransport(app=sandbox.app)
    headers = {"Authorization": f"Bearer {sandbox.api_key}"}
    async with httpx.AsyncClient(transport=transport, base_url="http://sandbox") as http:
        answer = await http.request(method, path, json=body, headers=headers)
        assert answer.status_code < 500, answer.text
        if answer.status_code >= 400 and answer.status_code != 405:
            assert set(answer.json()) == {"error", "message"}
        unauthorized = await http.request(method, path, json=body)
        assert unauthorized.status_code in (401, 405)
        after = await http.get("/v1/balances", headers=headers)
        assert after.status_code == 200
    await sandbox.aclose()


async def test_the_file_holds_exactly_what_memory_holds_after_every_kind_of_change(
    tmp_path: Path,
) -> None:
    """Every operation that changes state, in place too, reaches the file: a reload is equal."""
    from payments_sdk.sandbox._state_file import encode
    from payments_sdk_generated.models import RfiDocumentSubmission

    state = tmp_path / "tour.db"
    async with Sandbox(state=state, seed_payments=5) as sandbox, sandbox.client() as client:
        paid = sandbox.simulate_payment(amount=2500, currency="EUR")
        sandbox.simulate_payment(amount=100, held=True)
        refund = await client.refunds.create(payment_id=paid["id"])
        await client.refunds.mock_update_status(refund.id)  # changed in place
        await client.balance_conversions.create(
            source_currency="USD", target_currency="GBP", source_amount=10_000
        )
        order = await client.orders.create(
            amount=2_000_000, currency="EUR", payment_methods=["card"]
        )
        (rfi,) = [r async for r in client.rfis.list(search=order.rfi.id)]  # type: ignore[union-attr]
        wanted = rfi.documents[0]  # type: ignore[index]
        document = await client.documents.upload(b"%PDF-1.7", type=str(wanted.type_))
        await client.orders.update_rfi(  # order, RFI and document changed in place
            order.id,
            documents=[RfiDocumentSubmission(id=document.id, rfi_doc_id=wanted.rfi_doc_id)],
        )
        await client.virtual_accounts.create(payment_type="local", currency="EUR")
        await client.virtual_accounts.close(payment_type="local", currency="EUR")  # in place
        await client.kyc_links.create(email="jane@example.com")
        beneficiary = await client.beneficiaries.create(
            beneficiary={"name": "Jane", "type": "individual"},
            bank_account={"account_number": "31926819", "currency": "GBP"},
        )
        await client.bank_account_validations.create(id=beneficiary.bank_account.id)  # type: ignore[union-attr, arg-type]
        live = encode(sandbox.store.dump())
    async with Sandbox(state=state, seed_payments=5) as again:
        assert encode(again.store.dump()) == live
