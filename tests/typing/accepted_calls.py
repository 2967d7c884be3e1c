"""Calls mypy must accept: every request shape of the bundle.

Written by ``make generate`` (``tests/support/typed_calls.py``) from the bundle: do not edit.
Each method and each shape of its body: its least call, its fullest call (every nested
key), and that call with the model and enum classes the bundle names.
"""
# ruff: noqa: E501
# fmt: off

from __future__ import annotations

from decimal import Decimal  # noqa: F401 - a number of the bundle is written as one

from payments_sdk import AsyncPaymentsClient
from payments_sdk.types import (
    BeneficiaryAddress,
    BeneficiaryBankAccountRequest,
    BeneficiaryDetails,
    ConversionCurrency,
    RfiDocumentSubmission,
    RfiStatus,
)


async def balance_conversions_list(client: AsyncPaymentsClient) -> None:
    """balance_conversions.list: accepted."""
    client.balance_conversions.list()
    client.balance_conversions.list(source_currency="USD", target_currency="USD", before="2026-01-02T03:04:05Z", after="2026-01-02T03:04:05Z", per_page=20, page=1)


async def balance_conversions_create_1(client: AsyncPaymentsClient, m1: ConversionCurrency, m2: ConversionCurrency) -> None:
    """balance_conversions.create (BalanceConversionBySource): accepted."""
    await client.balance_conversions.create(source_currency="USD", target_currency="EUR", source_amount=29900)
    await client.balance_conversions.create(source_currency=m1, target_currency=m2, source_amount=29900)
    await client.balance_conversions.create(source_currency="USD", target_currency="USD", source_amount=29900)


async def balance_conversions_create_2(client: AsyncPaymentsClient, m1: ConversionCurrency, m2: ConversionCurrency) -> None:
    """balance_conversions.create (BalanceConversionByTarget): accepted."""
    await client.balance_conversions.create(source_currency="USD", target_currency="EUR", target_amount=29900)
    await client.balance_conversions.create(source_currency=m1, target_currency=m2, target_amount=29900)
    await client.balance_conversions.create(source_currency="USD", target_currency="USD", target_amount=29900)


async def fx_rates_retrieve(client: AsyncPaymentsClient) -> None:
    """fx_rates.retrieve: accepted."""
    await client.fx_rates.retrieve(source_currency="USD", target_currency="USD")


async def bank_account_validations_list(client: AsyncPaymentsClient) -> None:
    """bank_account_validations.list: accepted."""
    client.bank_account_validations.list()
    client.bank_account_validations.list(beneficiary_account_id="bene_8Kq2x7Lm", country="DEU", before="2026-01-02T03:04:05Z", after="2026-01-02T03:04:05Z", per_page=20, page=1)


async def bank_account_validations_create_1(client: AsyncPaymentsClient) -> None:
    """bank_account_validations.create (BankAccount): accepted."""
    await client.bank_account_validations.create(country="GBR", holder_name="x", account_number="x", bic_primary="x", bic_secondary="x")


async def bank_account_validations_create_2(client: AsyncPaymentsClient) -> None:
    """bank_account_validations.create (BankAccountReference): accepted."""
    await client.bank_account_validations.create(id="bene_8Kq2x7Lm")


async def beneficiaries_create(client: AsyncPaymentsClient, m1: BeneficiaryDetails, m2: BeneficiaryBankAccountRequest, m3: BeneficiaryAddress) -> None:
    """beneficiaries.create (BeneficiaryV2Request): accepted."""
    await client.beneficiaries.create()
    await client.beneficiaries.create(category="payout", beneficiary={"name": "x", "type": "individual", "address": {"address_line1": "x", "city": "x", "state": "x", "country_code": "GBR", "postal_code": "x"}}, bank_account={"account_number": "x", "swift_code": "x", "local_routing_number": "x", "currency": "USD"}, notes={})
    await client.beneficiaries.create(category="payout", beneficiary=m1, bank_account=m2, notes={})
    await client.beneficiaries.create(category="payout", beneficiary={"name": "x", "type": "individual", "address": m3}, bank_account={"account_number": "x", "swift_code": "x", "local_routing_number": "x", "currency": "USD"}, notes={})


async def orders_list(client: AsyncPaymentsClient) -> None:
    """orders.list: accepted."""
    client.orders.list()
    client.orders.list(before="2026-01-02T03:04:05Z", after="2026-01-02T03:04:05Z", per_page=20, page=1)


async def orders_create_1(client: AsyncPaymentsClient) -> None:
    """orders.create (OrderCreateInline): accepted."""
    await client.orders.create(amount=29900, currency="USD", payment_methods=["x"])
    await client.orders.create(amount=29900, currency="USD", payment_methods=["x"], split_ids=["x"])


async def orders_create_2(client: AsyncPaymentsClient) -> None:
    """orders.create (OrderCreateWithQuote): accepted."""
    await client.orders.create(quote_id="x")
    await client.orders.create(split_ids=["x"], quote_id="x")


async def orders_retrieve(client: AsyncPaymentsClient) -> None:
    """orders.retrieve: accepted."""
    await client.orders.retrieve("0")


async def orders_update_rfi(client: AsyncPaymentsClient, m1: RfiDocumentSubmission, m2: RfiDocumentSubmission) -> None:
    """orders.update_rfi (UpdateRfiRequest): accepted."""
    await client.orders.update_rfi("0", documents=[{"id": "doc_4Hn8sPq2", "rfi_doc_id": "rfidoc_7Tb1Kc9"}])
    await client.orders.update_rfi("0", documents=[m1])
    await client.orders.update_rfi("0", documents=[m2])


async def refunds_list(client: AsyncPaymentsClient) -> None:
    """refunds.list: accepted."""
    client.refunds.list()
    client.refunds.list(before="2026-01-02T03:04:05Z", after="2026-01-02T03:04:05Z", per_page=20, page=1)


async def refunds_create(client: AsyncPaymentsClient) -> None:
    """refunds.create: accepted."""
    await client.refunds.create(payment_id="payt_5Fg7Hj2K")


async def refunds_retrieve(client: AsyncPaymentsClient) -> None:
    """refunds.retrieve: accepted."""
    await client.refunds.retrieve("0")


async def refunds_mock_update_status(client: AsyncPaymentsClient) -> None:
    """refunds.mock_update_status: accepted."""
    await client.refunds.mock_update_status("0")


async def virtual_accounts_close(client: AsyncPaymentsClient) -> None:
    """virtual_accounts.close: accepted."""
    await client.virtual_accounts.close(payment_type="local", currency="USD")


async def virtual_accounts_create(client: AsyncPaymentsClient) -> None:
    """virtual_accounts.create: accepted."""
    await client.virtual_accounts.create(payment_type="local", currency="USD")


async def kyc_links_list(client: AsyncPaymentsClient) -> None:
    """kyc_links.list: accepted."""
    client.kyc_links.list()
    client.kyc_links.list(status="x", before="2026-01-02T03:04:05Z", after="2026-01-02T03:04:05Z", per_page=20, page=1)


async def kyc_links_create(client: AsyncPaymentsClient) -> None:
    """kyc_links.create: accepted."""
    await client.kyc_links.create()
    await client.kyc_links.create(customer_id="cust_6Yh2Rt8")


async def kyc_links_retrieve(client: AsyncPaymentsClient) -> None:
    """kyc_links.retrieve: accepted."""
    await client.kyc_links.retrieve("0")


async def documents_list(client: AsyncPaymentsClient) -> None:
    """documents.list: accepted."""
    client.documents.list()
    client.documents.list(before="2026-01-02T03:04:05Z", after="2026-01-02T03:04:05Z", per_page=20, page=1)


async def documents_upload(client: AsyncPaymentsClient) -> None:
    """documents.upload: accepted."""
    await client.documents.upload(b'%PDF-1.4')
    await client.documents.upload(b'%PDF-1.4', type="x")


async def documents_retrieve(client: AsyncPaymentsClient) -> None:
    """documents.retrieve: accepted."""
    await client.documents.retrieve("doc_4Hn8sPq2")


async def rfis_list(client: AsyncPaymentsClient, m1: RfiStatus) -> None:
    """rfis.list: accepted."""
    client.rfis.list()
    client.rfis.list(status="action_required", search="x", before="2026-01-02T03:04:05Z", after="2026-01-02T03:04:05Z", per_page=20, page=1)
    client.rfis.list(status=m1, search="x", before="2026-01-02T03:04:05Z", after="2026-01-02T03:04:05Z", per_page=20, page=1)


async def payments_list(client: AsyncPaymentsClient) -> None:
    """payments.list: accepted."""
    client.payments.list()
    client.payments.list(before="2026-01-02T03:04:05Z", after="2026-01-02T03:04:05Z", per_page=20, page=1)
