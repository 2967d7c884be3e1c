"""Type-checked only (mypy --strict): the SDK as a consumer writes it."""

from __future__ import annotations

from decimal import Decimal

from payments_api_client.models import BalanceConversion, Payment, Refund
from payments_sdk import (
    AsyncPager,
    AsyncPaymentsClient,
    BadRequestError,
    Money,
    Page,
    UnauthorizedError,
)


async def consumer() -> None:
    async with AsyncPaymentsClient(api_key="a.b.c", base_url="https://x.test/v1") as client:
        pager: AsyncPager[Payment] = client.payments.list(per_page=100, prefetch=2)
        first: Page[Payment] = await pager
        total: int = sum(p.amount for p in first.data)
        async for payment in client.payments.list():
            amount: int = payment.amount
            total += amount
        async for page in client.refunds.list().pages():
            refunds: list[Refund] = page.data
            del refunds
        price = Money.of(Decimal("299.00"), "USD") + Money.of("1.00", "USD")
        conversion: BalanceConversion = await client.balance_conversions.create(
            source_currency="USD", target_currency="EUR", source_amount=price
        )
        target = conversion.target_amount
        if isinstance(target, int):
            received: int = target
            del received
        try:
            await client.with_options(max_retries=0).fx_rates.retrieve(
                source_currency="USD", target_currency="GBP"
            )
        except (BadRequestError, UnauthorizedError) as exc:
            status: int = exc.status_code
            message: str | None = exc.message
            del status, message
