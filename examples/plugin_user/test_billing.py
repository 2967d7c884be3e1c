"""A user's test file: their own code, tested with the plugin's fixtures and faults.

It needs no conftest.py and no pytest configuration: installing ``payments-sdk[sandbox]``,
pytest and pytest-asyncio is enough (pytest-asyncio's strict mode, hence the markers). It is
type-checked with ``mypy --strict``. ``make check-wheel`` runs it in a clean virtual
environment against the built wheel.
"""

from __future__ import annotations

import os

import httpx
import pytest

from payments_sdk import (
    APIConnectionError,
    APITimeoutError,
    AsyncPaymentsClient,
    BadRequestError,
    instant_retries,
)
from payments_sdk.sandbox import Sandbox

# -- the code under test (in a real project, it lives in the application) ----------------------


async def refund_payment(client: AsyncPaymentsClient, payment_id: str) -> str | None:
    """Refund a payment; return the refund id, or None if the service refuses it."""
    try:
        refund = await client.refunds.create(payment_id=payment_id)
    except BadRequestError:
        return None
    return refund.id


async def total_balance(currency: str) -> int:
    """Return one currency's balance, with a client built from PAYMENTS_* in the environment."""
    async with AsyncPaymentsClient() as client:
        balances = await client.balances.retrieve()
    return sum(b.amount or 0 for b in balances.data if b.currency == currency)


# -- the tests ---------------------------------------------------------------------------------


@pytest.mark.asyncio
async def test_a_payment_is_refunded_once(
    payments_sandbox: Sandbox, payments_client: AsyncPaymentsClient
) -> None:
    """The sandbox keeps state: the second refund of a payment is refused."""
    payment = payments_sandbox.simulate_payment(amount=4200, currency="EUR")
    assert await refund_payment(payments_client, payment["id"]) is not None
    assert await refund_payment(payments_client, payment["id"]) is None


@pytest.mark.payments_sandbox(seed=1, seed_payments=0)
@pytest.mark.asyncio
async def test_the_marker_configures_the_sandbox(payments_client: AsyncPaymentsClient) -> None:
    """``seed_payments=0``: no payments at start."""
    assert (await payments_client.payments.list()).data == []


@pytest.mark.asyncio
async def test_a_rate_limited_refund_is_retried(
    payments_sandbox: Sandbox, payments_client: AsyncPaymentsClient
) -> None:
    """A 429 with Retry-After: the SDK waits (not here: instant_retries) and sends it again."""
    payment = payments_sandbox.simulate_payment(amount=100)
    payments_sandbox.faults.fail("refunds.create", status=429, retry_after=2)
    with instant_retries():
        assert await refund_payment(payments_client, payment["id"]) is not None
    assert payments_sandbox.faults.calls("refunds.create") == 2


@pytest.mark.asyncio
async def test_a_lost_answer_does_not_double_refund(
    payments_sandbox: Sandbox, payments_client: AsyncPaymentsClient
) -> None:
    """The connection drops after the refund was made: no second refund is ever sent."""
    payment = payments_sandbox.simulate_payment(amount=100)
    payments_sandbox.faults.drop("refunds.create", when="after")
    with instant_retries(), pytest.raises(APIConnectionError):
        await refund_payment(payments_client, payment["id"])
    refunds = (await payments_client.refunds.list()).data
    assert [refund.payment_id for refund in refunds] == [payment["id"]]


@pytest.mark.asyncio
async def test_a_slow_service_times_out(payments_sandbox: Sandbox) -> None:
    """Latency past the client's read timeout raises APITimeoutError."""
    payments_sandbox.faults.latency("balances.retrieve", 10)
    async with payments_sandbox.client(
        timeout=httpx.Timeout(10, read=0.1), max_retries=0
    ) as client:
        with pytest.raises(APITimeoutError):
            await client.balances.retrieve()


@pytest.mark.asyncio
async def test_code_that_reads_the_environment(payments_sandbox_server: Sandbox) -> None:
    """The served sandbox is in PAYMENTS_BASE_URL and PAYMENTS_API_KEY, on 127.0.0.1."""
    assert os.environ["PAYMENTS_BASE_URL"].startswith("http://127.0.0.1:")
    assert await total_balance("USD") == 100_000_000
