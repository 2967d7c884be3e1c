"""A burst the sandbox rate-limits ends by one call's retry schedule, not by the number of 429s.

The rule and its bounds are those of tests/call/test_a_burst_under_429_ends_on_time.py. This
test is apart from them because the sandbox serves in the same process: its own work (100
payments made, the requests served) may hold the event loop, which the loop watchdog of those
tests would count against the SDK.
"""

from __future__ import annotations

import asyncio
import time

import pytest

from payments_sdk.sandbox import Sandbox
from tests.call.test_a_burst_under_429_ends_on_time import MARGIN, OWN_BOUND
from tests.support.clients import sdk


@pytest.mark.integration
async def test_a_burst_the_sandbox_rate_limits_ends_by_the_retry_schedule(wire: str) -> None:
    """100 concurrent refunds, 25 of them answered 429 Retry-After 1 by the sandbox's faults.

    Each 429 used to re-arm the hold for every call still waiting, so the calls went out one
    hold at a time (25.4 s). Now every refund is made, and the burst ends within the schedule
    of one call, whatever the number of 429s.
    """
    async with Sandbox(seed_payments=0) as sandbox:
        payments = [sandbox.simulate_payment(amount=500)["id"] for _ in range(100)]
        sandbox.faults.fail("refunds.create", status=429, times=25, retry_after=1)
        with sandbox.serve() as base_url:
            async with sdk(base_url, wire, api_key=sandbox.api_key) as client:
                started = time.monotonic()
                async with asyncio.timeout(OWN_BOUND + MARGIN + 20):
                    refunds = await asyncio.gather(
                        *(client.refunds.create(payment_id=payment) for payment in payments)
                    )
                took = time.monotonic() - started
        assert sandbox.faults.calls("refunds.create") == 125  # 25 refused, then sent again
        assert len(sandbox.store.refunds) == len({refund.id for refund in refunds}) == 100
    # The sandbox processes 100 refunds on this machine too: a few seconds of margin more.
    assert took <= OWN_BOUND + MARGIN + 3, f"the burst took {took:.2f} s"
