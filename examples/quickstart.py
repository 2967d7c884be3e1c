"""Quickstart: a tour of payments-sdk against any service, the local sandbox included.

Run it with ``make demo`` (which starts the sandbox), or point it at your own account:

    PAYMENTS_API_KEY=... PAYMENTS_BASE_URL=https://<host>/v1 python examples/quickstart.py
"""

from __future__ import annotations

import asyncio
import sys

from payments_sdk import AsyncPaymentsClient, BadRequestError, Money, PaymentsError
from payments_sdk.types import BalanceList


def show_balances(title: str, balances: BalanceList) -> None:
    """Print a balances table, amounts converted from minor units with Money."""
    print(f"\n{title}")
    print(f"  {'currency':<8} {'amount':>16}")
    for balance in balances.data:
        if balance.amount is None or balance.currency is None:
            continue  # the entry's fields are not published, so the bundle marks them optional
        money = Money.from_minor_units(balance.amount, balance.currency)
        print(f"  {balance.currency:<8} {money.amount:>16,}")


async def main() -> int:
    """Walk through the main operations; return the process exit code."""
    async with AsyncPaymentsClient() as client:  # PAYMENTS_API_KEY / PAYMENTS_BASE_URL
        await client.ping()
        print(f"ping: ok ({client.base_url})")
        show_balances("Balances", await client.balances.retrieve())

        rate = await client.fx_rates.retrieve(source_currency="USD", target_currency="EUR")
        until = f"{rate.expires_at:%H:%M:%S}"
        print(f"\nFX USD->EUR mid-market {rate.mid_market_rate} (cached until {until})")
        amount = Money.of("250.00", "USD")
        conversion = await client.balance_conversions.create(
            source_currency="USD", target_currency="EUR", source_amount=amount
        )
        target, currency = conversion.target_amount, conversion.target_currency
        if target is not None and currency is not None:
            print(f"converted {amount} -> {Money.from_minor_units(target, currency)}")
        show_balances("Balances after the conversion", await client.balances.retrieve())

        print("\nPayments (newest first, 10 per page):")
        seen = 0
        candidates = []
        async for page in client.payments.list(per_page=10).pages():
            seen += len(page.data)
            meta = page.page_meta
            print(f"  page {meta.current}/{meta.pages}: {seen}/{meta.count} payments")
            candidates += [p.id for p in page.data if p.status == "success"]

        print("\nRefund:")
        for payment_id in candidates:
            try:
                refund = await client.refunds.create(payment_id=payment_id)
            except BadRequestError as exc:  # already refunded on an earlier run
                print(f"  {payment_id}: {exc.message}")
                continue
            print(f"  created {refund.id} for {payment_id}: {refund.status}")
            refund = await client.refunds.mock_update_status(refund.id)
            print(f"  completed {refund.id}: {refund.status}")
            break

        print("\nErrors are typed:")
        try:
            await client.fx_rates.retrieve(source_currency="USD", target_currency="XYZ")
        except BadRequestError as exc:
            print(f"  BadRequestError: {exc}")
    return 0


if __name__ == "__main__":
    try:
        sys.exit(asyncio.run(main()))
    except PaymentsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        sys.exit(1)
