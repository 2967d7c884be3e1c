"""A sandbox can hold last month: payments created in the past, from Python, HTTP and the shell.

``simulate_payment(created_at=...)``, ``POST /_sandbox/payments {"created_at"}`` and a seed
spread over a span (``seed_span``, ``--seed-from``/``--seed-until``). Such records get new ids
(never reissued), stay in their namespace, and are found by every window; a time later than the
namespace's clock is refused. The sandbox's three-decimal amounts and fees end in 0.
"""

from __future__ import annotations

import json
import subprocess
import sys
from datetime import UTC, datetime, timedelta

import httpx
import pytest

from payments_sdk import Window
from payments_sdk.sandbox import Sandbox, SandboxNamespace
from payments_sdk.sandbox._payin import add_payment
from payments_sdk.sandbox._store import Store

NOW = datetime(2026, 11, 20, 9, 30, tzinfo=UTC)
OCTOBER = datetime(2026, 10, 1, tzinfo=UTC)
NOVEMBER = datetime(2026, 11, 1, tzinfo=UTC)


def _number(payment_id: str) -> int:
    return int(payment_id.split("_")[1][:6])


async def test_a_payment_created_last_month_is_in_last_month() -> None:
    async with Sandbox(clock=lambda: NOW) as sandbox:
        seeded = {payment["id"] for payment in sandbox.store.payments.values()}
        made = sandbox.simulate_payment(amount=1230, currency="KWD", created_at=OCTOBER)
        assert made["created_at"] == "2026-10-01T00:00:00Z"
        assert made["id"] not in seeded
        assert _number(made["id"]) > max(_number(i) for i in seeded)  # a new id, never reissued
        client = sandbox.client()
        october = [p async for p in client.payments.list(window=Window.month("2026-10"))]
        assert [p.id for p in october] == [made["id"]]
        newest_first = [p.created_at async for p in client.payments.list(per_page=7)]
        assert newest_first == sorted(newest_first, reverse=True)
        assert newest_first[-1] == OCTOBER


async def test_over_http_and_in_a_namespace_of_its_own() -> None:
    async with Sandbox(clock=lambda: NOW, seed_payments=0) as sandbox:
        with sandbox.serve() as url:
            await _over_http(sandbox, url)


async def _over_http(sandbox: Sandbox, url: str) -> None:
    ours = SandboxNamespace(url, sandbox.issue_key("finance"), namespace="finance")
    made = ours.simulate_payment(amount=295, currency="JPY", created_at=NOVEMBER)
    assert made["created_at"] == "2026-11-01T00:00:00Z"
    root = url.removesuffix("/v1")
    async with httpx.AsyncClient() as http:
        answer = await http.post(
            f"{root}/_sandbox/payments",
            json={"amount": 100, "created_at": "2026-10-31T23:59:59.999999Z"},
            headers={"Authorization": f"Bearer {sandbox.api_key}"},
        )
    assert answer.status_code == 201, answer.text
    assert answer.json()["created_at"] == "2026-10-31T23:59:59.999999Z"
    async with sandbox.client("finance") as finance, sandbox.client() as default:
        assert [p.id async for p in finance.payments.list()] == [made["id"]]
        assert [p.id async for p in default.payments.list()] == [answer.json()["id"]]


@pytest.mark.parametrize(
    ("created_at", "problem"),
    [
        ("2026-11-20T09:30:00.000001Z", "must not be later than the namespace's clock"),
        ("2026-10-01", "must carry its UTC offset"),
        ("last month", "must be an ISO 8601 time"),
        (20261001, "must be an ISO 8601 time"),
    ],
)
async def test_a_time_the_sandbox_cannot_place_is_refused(created_at: object, problem: str) -> None:
    async with Sandbox(clock=lambda: NOW) as sandbox:
        with sandbox.serve() as url:
            async with httpx.AsyncClient() as http:
                answer = await http.post(
                    f"{url.removesuffix('/v1')}/_sandbox/payments",
                    json={"amount": 100, "created_at": created_at},
                    headers={"Authorization": f"Bearer {sandbox.api_key}"},
                )
        assert answer.status_code == 400
        assert problem in answer.json()["message"]
        with pytest.raises(ValueError, match=problem):
            sandbox.simulate_payment(amount=100, created_at=created_at)  # type: ignore[arg-type]


async def test_the_clock_still_never_goes_back() -> None:
    async with Sandbox() as sandbox:
        sandbox.clock.freeze()
        sandbox.simulate_payment(amount=100, created_at=sandbox.clock() - timedelta(days=60))
        with pytest.raises(ValueError, match="never goes back"):
            sandbox.clock.freeze(sandbox.clock() - timedelta(days=1))


async def test_a_seed_spread_over_a_span_starts_on_its_first_instant() -> None:
    span = (datetime(2026, 9, 1, tzinfo=UTC), NOVEMBER)
    async with Sandbox(clock=lambda: NOW, seed_payments=61, seed_span=span) as sandbox:
        client = sandbox.client()
        stamps = [p.created_at async for p in client.payments.list(per_page=100)]
        assert len(stamps) == 61
        assert min(stamps) == span[0] and max(stamps) < NOVEMBER
        september = [p async for p in client.payments.list(window=Window.month("2026-09"))]
        october = [p async for p in client.payments.list(window=Window.month("2026-10"))]
        assert len(september) + len(october) == 61 and september and october
    with pytest.raises(ValueError, match="no later than the clock"):
        Sandbox(clock=lambda: OCTOBER, seed_span=span)
    with pytest.raises(ValueError, match="start before it ends"):
        Sandbox(seed_span=(NOVEMBER, OCTOBER))


def test_the_command_line_seeds_a_span() -> None:
    """payments-sandbox --seed-from/--seed-until: a shared server holding last month."""
    command = [sys.executable, "-m", "payments_sdk.sandbox", "--seed-payments", "30",
               "--seed-from", "2026-09-01", "--seed-until", "2026-11-01"]  # fmt: skip
    process = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert process.stdout is not None
        env = dict(line.removeprefix("export ").strip().split("=", 1) for line in [
            process.stdout.readline(), process.stdout.readline()])  # fmt: skip
        url, key = (env[name].strip("'") for name in ("PAYMENTS_BASE_URL", "PAYMENTS_API_KEY"))
        answer = httpx.get(
            f"{url}/payments",
            params={"per_page": 100},
            headers={"Authorization": f"Bearer {key}"},
        )
        stamps = sorted(payment["created_at"] for payment in answer.json()["data"])
        assert len(stamps) == 30
        assert stamps[0] == "2026-09-01T00:00:00Z" and stamps[-1] < "2026-11-01"
    finally:
        process.terminate()
        process.communicate(timeout=30)
    refused = subprocess.run(
        [*command[:3], "--seed-from", "2026-09-01"], capture_output=True, text=True, timeout=60
    )
    assert refused.returncode == 2
    assert "--seed-from and --seed-until go together" in refused.stderr


@pytest.mark.parametrize("currency", ["KWD", "BHD", "OMR"])
def test_three_decimal_amounts_and_fees_end_in_zero(currency: str) -> None:
    """The sandbox answers what the description says the service sends: a last digit of 0."""
    store = Store(clock=lambda: NOW)
    for amount in (10, 2210, 295990, 1_000_000_000):
        payment = add_payment(store, amount=amount, currency=currency)
        assert payment["txn_fee"]["amount"] % 10 == 0 and payment["txn_fee"]["amount"] >= 10
        assert json.dumps(payment["txn_fee"]["currency"]) == f'"{currency}"'
    with pytest.raises(Exception, match="must end in 0"):
        add_payment(store, amount=662, currency=currency)
