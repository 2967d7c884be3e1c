"""Type-checked only (mypy --strict): the SDK as a consumer writes it."""

from __future__ import annotations

from decimal import Decimal

from payments_sdk import (
    AsyncPager,
    AsyncPaymentsClient,
    BadRequestError,
    Money,
    Page,
    UnauthorizedError,
    Window,
)
from payments_sdk.types import BalanceConversion, Payment, Refund, Rfi, RfiStatus


async def consumer() -> None:
    async with AsyncPaymentsClient(api_key="a.b.c", base_url="https://x.test/v1") as client:
        pager: AsyncPager[Payment] = client.payments.list(per_page=100, prefetch=2)
        first: Page[Payment] = await pager
        total: int = sum(p.amount for p in first.data)
        async for payment in client.payments.list():
            amount: int = payment.amount
            total += amount
            # Optional fields are `X | None`: `is not None` narrows them, no sentinel import.
            if payment.fx_fee is not None:
                fee: int = payment.fx_fee.amount
                total -= fee
            reference: str | None = payment.rfi.id if payment.rfi is not None else None
            del reference
        # Per-call options, typed: extra_headers, extra_query, extra_body, timeout.
        refund: Refund = await client.refunds.retrieve(
            "rfd_1", extra_headers={"X-Trace": "t"}, extra_query={"expand": "payment"}, timeout=5
        )
        # The idiom of docs/money.md: a refund's amount and currency are optional; narrow both.
        if refund.amount is not None and refund.currency is not None:
            back: Money = Money.from_minor_units(refund.amount, refund.currency)
            del back
        del refund
        october = Window.month("2026-10")
        async for paid in client.payments.list(window=october, per_page=100):
            read: Money = Money.from_minor_units(paid.amount, paid.currency)
            exact: bool = read.follows_wire_rule
            del read, exact
        week = Window("2026-11-02T00:00:00Z", "2026-11-09T00:00:00Z")
        await client.refunds.list(window=week)
        async for page in client.refunds.list(extra_headers={"X-Trace": "t"}).pages():
            refunds: list[Refund] = page.data
            del refunds
        price = Money.of(Decimal("299.00"), "USD") + Money.of("1.00", "USD")
        conversion: BalanceConversion = await client.balance_conversions.create(
            source_currency="USD", target_currency="EUR", source_amount=price
        )
        # A conversion just made always has both amounts; the rate and fee may be absent.
        received = Money.from_minor_units(conversion.target_amount, conversion.target_currency)
        del received
        if conversion.fx_fee is not None:
            fee_paid: int = conversion.fx_fee.amount
            del fee_paid
        balances = await client.balances.retrieve()
        held: dict[str, int] = {b.currency: b.amount for b in balances.data}
        del held
        made: Refund = await client.refunds.create(payment_id="payt_1")
        refunded: str = made.payment_id
        if made.amount is not None and made.currency is not None:  # not shown: optional
            back = Money.from_minor_units(made.amount, made.currency)
            del back
        del refunded
        async for rfi in client.rfis.list(status=RfiStatus.ACTION_REQUIRED):
            status: str = rfi.status
            if status == RfiStatus.ACTION_REQUIRED and rfi.documents is not None:
                wanted: list[str] = [document.rfi_doc_id for document in rfi.documents]
                del wanted
        last: Rfi | None = None
        del last
        try:
            await client.with_options(max_retries=0).fx_rates.retrieve(
                source_currency="USD", target_currency="GBP"
            )
        except (BadRequestError, UnauthorizedError) as exc:
            status_code: int = exc.status_code
            message: str | None = exc.message
            del status_code, message
        bounded = client.with_options(total_timeout=10.0)
        limit: float | None = bounded.total_timeout
        del limit
        await bounded.with_options(total_timeout=None).ping()
