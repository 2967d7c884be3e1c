"""Calls mypy must refuse: each single violation a type can express.

Written by ``make generate`` (``tests/support/typed_calls.py``) from the bundle: do not edit.
Each line is one violation a type can express and the runtime check refuses too; mypy
--strict warns of an ignore it no longer needs, so a call it stops refusing fails.
"""
# ruff: noqa: E501
# fmt: off

from __future__ import annotations

from decimal import Decimal  # noqa: F401 - a number of the bundle is written as one

from payments_sdk import AsyncPaymentsClient


async def balance_conversions_list(client: AsyncPaymentsClient) -> None:
    """balance_conversions.list: each single violation is refused."""
    client.balance_conversions.list(source_currency_typo="x")  # type: ignore[call-arg]
    client.balance_conversions.list(source_currency=12345, target_currency="USD", before="2026-01-02T03:04:05Z", after="2026-01-02T03:04:05Z", per_page=20, page=1)  # type: ignore[arg-type]
    client.balance_conversions.list(source_currency="USD", target_currency=12345, before="2026-01-02T03:04:05Z", after="2026-01-02T03:04:05Z", per_page=20, page=1)  # type: ignore[arg-type]
    client.balance_conversions.list(source_currency="USD", target_currency="USD", before=12345, after="2026-01-02T03:04:05Z", per_page=20, page=1)  # type: ignore[arg-type]
    client.balance_conversions.list(source_currency="USD", target_currency="USD", before="2026-01-02T03:04:05Z", after=12345, per_page=20, page=1)  # type: ignore[arg-type]
    client.balance_conversions.list(source_currency="USD", target_currency="USD", before="2026-01-02T03:04:05Z", after="2026-01-02T03:04:05Z", per_page="text", page=1)  # type: ignore[arg-type]
    client.balance_conversions.list(source_currency="USD", target_currency="USD", before="2026-01-02T03:04:05Z", after="2026-01-02T03:04:05Z", per_page=20, page="text")  # type: ignore[arg-type]


async def balance_conversions_create_1(client: AsyncPaymentsClient) -> None:
    """balance_conversions.create (BalanceConversionBySource): each single violation is refused."""
    await client.balance_conversions.create(target_currency="EUR", source_amount=29900)  # type: ignore[call-overload]
    await client.balance_conversions.create(source_currency="USD", source_amount=29900)  # type: ignore[call-overload]
    await client.balance_conversions.create(source_currency="USD", target_currency="EUR")  # type: ignore[call-overload]
    await client.balance_conversions.create(source_currency="USD", target_currency="EUR", source_amount=29900, source_currency_typo="x")  # type: ignore[call-overload]
    await client.balance_conversions.create(source_currency="USD", target_currency="EUR", source_amount=29900, target_amount=29900)  # type: ignore[call-overload]
    await client.balance_conversions.create(source_currency="NOT_ONE_OF_THEM", target_currency="EUR", source_amount=29900)  # type: ignore[call-overload]
    await client.balance_conversions.create(source_currency="USD", target_currency="NOT_ONE_OF_THEM", source_amount=29900)  # type: ignore[call-overload]
    await client.balance_conversions.create(source_currency="USD", target_currency="EUR", source_amount="100")  # type: ignore[call-overload]


async def balance_conversions_create_2(client: AsyncPaymentsClient) -> None:
    """balance_conversions.create (BalanceConversionByTarget): each single violation is refused."""
    await client.balance_conversions.create(target_currency="EUR", target_amount=29900)  # type: ignore[call-overload]
    await client.balance_conversions.create(source_currency="USD", target_amount=29900)  # type: ignore[call-overload]
    await client.balance_conversions.create(source_currency="USD", target_currency="EUR")  # type: ignore[call-overload]
    await client.balance_conversions.create(source_currency="USD", target_currency="EUR", target_amount=29900, source_currency_typo="x")  # type: ignore[call-overload]
    await client.balance_conversions.create(source_currency="USD", target_currency="EUR", target_amount=29900, source_amount=29900)  # type: ignore[call-overload]
    await client.balance_conversions.create(source_currency="NOT_ONE_OF_THEM", target_currency="EUR", target_amount=29900)  # type: ignore[call-overload]
    await client.balance_conversions.create(source_currency="USD", target_currency="NOT_ONE_OF_THEM", target_amount=29900)  # type: ignore[call-overload]
    await client.balance_conversions.create(source_currency="USD", target_currency="EUR", target_amount="100")  # type: ignore[call-overload]


async def fx_rates_retrieve(client: AsyncPaymentsClient) -> None:
    """fx_rates.retrieve: each single violation is refused."""
    await client.fx_rates.retrieve(target_currency="USD")  # type: ignore[call-arg]
    await client.fx_rates.retrieve(source_currency="USD")  # type: ignore[call-arg]
    await client.fx_rates.retrieve(source_currency="USD", target_currency="USD", source_currency_typo="x")  # type: ignore[call-arg]
    await client.fx_rates.retrieve(source_currency=12345, target_currency="USD")  # type: ignore[arg-type]
    await client.fx_rates.retrieve(source_currency="USD", target_currency=12345)  # type: ignore[arg-type]


async def bank_account_validations_list(client: AsyncPaymentsClient) -> None:
    """bank_account_validations.list: each single violation is refused."""
    client.bank_account_validations.list(beneficiary_account_id_typo="x")  # type: ignore[call-arg]
    client.bank_account_validations.list(beneficiary_account_id=12345, country="DEU", before="2026-01-02T03:04:05Z", after="2026-01-02T03:04:05Z", per_page=20, page=1)  # type: ignore[arg-type]
    client.bank_account_validations.list(beneficiary_account_id="bene_8Kq2x7Lm", country=12345, before="2026-01-02T03:04:05Z", after="2026-01-02T03:04:05Z", per_page=20, page=1)  # type: ignore[arg-type]
    client.bank_account_validations.list(beneficiary_account_id="bene_8Kq2x7Lm", country="DEU", before=12345, after="2026-01-02T03:04:05Z", per_page=20, page=1)  # type: ignore[arg-type]
    client.bank_account_validations.list(beneficiary_account_id="bene_8Kq2x7Lm", country="DEU", before="2026-01-02T03:04:05Z", after=12345, per_page=20, page=1)  # type: ignore[arg-type]
    client.bank_account_validations.list(beneficiary_account_id="bene_8Kq2x7Lm", country="DEU", before="2026-01-02T03:04:05Z", after="2026-01-02T03:04:05Z", per_page="text", page=1)  # type: ignore[arg-type]
    client.bank_account_validations.list(beneficiary_account_id="bene_8Kq2x7Lm", country="DEU", before="2026-01-02T03:04:05Z", after="2026-01-02T03:04:05Z", per_page=20, page="text")  # type: ignore[arg-type]


async def bank_account_validations_create_1(client: AsyncPaymentsClient) -> None:
    """bank_account_validations.create (BankAccount): each single violation is refused."""
    await client.bank_account_validations.create(holder_name="x", account_number="x", bic_primary="x", bic_secondary="x")  # type: ignore[call-overload]
    await client.bank_account_validations.create(country="GBR", account_number="x", bic_primary="x", bic_secondary="x")  # type: ignore[call-overload]
    await client.bank_account_validations.create(country="GBR", holder_name="x", bic_primary="x", bic_secondary="x")  # type: ignore[call-overload]
    await client.bank_account_validations.create(country="GBR", holder_name="x", account_number="x", bic_secondary="x")  # type: ignore[call-overload]
    await client.bank_account_validations.create(country="GBR", holder_name="x", account_number="x", bic_primary="x")  # type: ignore[call-overload]
    await client.bank_account_validations.create(country="GBR", holder_name="x", account_number="x", bic_primary="x", bic_secondary="x", country_typo="x")  # type: ignore[call-overload]
    await client.bank_account_validations.create(country="GBR", holder_name="x", account_number="x", bic_primary="x", bic_secondary="x", id="bene_8Kq2x7Lm")  # type: ignore[call-overload]
    await client.bank_account_validations.create(country=12345, holder_name="x", account_number="x", bic_primary="x", bic_secondary="x")  # type: ignore[call-overload]
    await client.bank_account_validations.create(country="GBR", holder_name=12345, account_number="x", bic_primary="x", bic_secondary="x")  # type: ignore[call-overload]
    await client.bank_account_validations.create(country="GBR", holder_name="x", account_number=12345, bic_primary="x", bic_secondary="x")  # type: ignore[call-overload]
    await client.bank_account_validations.create(country="GBR", holder_name="x", account_number="x", bic_primary=12345, bic_secondary="x")  # type: ignore[call-overload]
    await client.bank_account_validations.create(country="GBR", holder_name="x", account_number="x", bic_primary="x", bic_secondary=12345)  # type: ignore[call-overload]


async def bank_account_validations_create_2(client: AsyncPaymentsClient) -> None:
    """bank_account_validations.create (BankAccountReference): each single violation is refused."""
    await client.bank_account_validations.create()  # type: ignore[call-overload]
    await client.bank_account_validations.create(id="bene_8Kq2x7Lm", id_typo="x")  # type: ignore[call-overload]
    await client.bank_account_validations.create(id="bene_8Kq2x7Lm", country="GBR")  # type: ignore[call-overload]
    await client.bank_account_validations.create(id="bene_8Kq2x7Lm", holder_name="x")  # type: ignore[call-overload]
    await client.bank_account_validations.create(id="bene_8Kq2x7Lm", account_number="x")  # type: ignore[call-overload]
    await client.bank_account_validations.create(id="bene_8Kq2x7Lm", bic_primary="x")  # type: ignore[call-overload]
    await client.bank_account_validations.create(id="bene_8Kq2x7Lm", bic_secondary="x")  # type: ignore[call-overload]
    await client.bank_account_validations.create(id=12345)  # type: ignore[call-overload]


async def beneficiaries_create(client: AsyncPaymentsClient) -> None:
    """beneficiaries.create (BeneficiaryV2Request): each single violation is refused."""
    await client.beneficiaries.create(category_typo="x")  # type: ignore[call-overload]
    await client.beneficiaries.create(category=12345, beneficiary={"name": "x", "type": "individual", "address": {"address_line1": "x", "city": "x", "state": "x", "country_code": "GBR", "postal_code": "x"}}, bank_account={"account_number": "x", "swift_code": "x", "local_routing_number": "x", "currency": "USD"}, notes={})  # type: ignore[call-overload]
    await client.beneficiaries.create(category="payout", beneficiary=12345, bank_account={"account_number": "x", "swift_code": "x", "local_routing_number": "x", "currency": "USD"}, notes={})  # type: ignore[call-overload]
    await client.beneficiaries.create(category="payout", beneficiary={"name": "x", "type": "individual", "address": {"address_line1": "x", "city": "x", "state": "x", "country_code": "GBR", "postal_code": "x"}, "name_typo": "x"}, bank_account={"account_number": "x", "swift_code": "x", "local_routing_number": "x", "currency": "USD"}, notes={})  # type: ignore[call-overload]
    await client.beneficiaries.create(category="payout", beneficiary={"name": 12345, "type": "individual", "address": {"address_line1": "x", "city": "x", "state": "x", "country_code": "GBR", "postal_code": "x"}}, bank_account={"account_number": "x", "swift_code": "x", "local_routing_number": "x", "currency": "USD"}, notes={})  # type: ignore[call-overload]
    await client.beneficiaries.create(category="payout", beneficiary={"name": "x", "type": 12345, "address": {"address_line1": "x", "city": "x", "state": "x", "country_code": "GBR", "postal_code": "x"}}, bank_account={"account_number": "x", "swift_code": "x", "local_routing_number": "x", "currency": "USD"}, notes={})  # type: ignore[call-overload]
    await client.beneficiaries.create(category="payout", beneficiary={"name": "x", "type": "individual", "address": 12345}, bank_account={"account_number": "x", "swift_code": "x", "local_routing_number": "x", "currency": "USD"}, notes={})  # type: ignore[call-overload]
    await client.beneficiaries.create(category="payout", beneficiary={"name": "x", "type": "individual", "address": {"address_line1": "x", "city": "x", "state": "x", "country_code": "GBR", "postal_code": "x", "address_line1_typo": "x"}}, bank_account={"account_number": "x", "swift_code": "x", "local_routing_number": "x", "currency": "USD"}, notes={})  # type: ignore[call-overload]
    await client.beneficiaries.create(category="payout", beneficiary={"name": "x", "type": "individual", "address": {"address_line1": 12345, "city": "x", "state": "x", "country_code": "GBR", "postal_code": "x"}}, bank_account={"account_number": "x", "swift_code": "x", "local_routing_number": "x", "currency": "USD"}, notes={})  # type: ignore[call-overload]
    await client.beneficiaries.create(category="payout", beneficiary={"name": "x", "type": "individual", "address": {"address_line1": "x", "city": 12345, "state": "x", "country_code": "GBR", "postal_code": "x"}}, bank_account={"account_number": "x", "swift_code": "x", "local_routing_number": "x", "currency": "USD"}, notes={})  # type: ignore[call-overload]
    await client.beneficiaries.create(category="payout", beneficiary={"name": "x", "type": "individual", "address": {"address_line1": "x", "city": "x", "state": 12345, "country_code": "GBR", "postal_code": "x"}}, bank_account={"account_number": "x", "swift_code": "x", "local_routing_number": "x", "currency": "USD"}, notes={})  # type: ignore[call-overload]
    await client.beneficiaries.create(category="payout", beneficiary={"name": "x", "type": "individual", "address": {"address_line1": "x", "city": "x", "state": "x", "country_code": 12345, "postal_code": "x"}}, bank_account={"account_number": "x", "swift_code": "x", "local_routing_number": "x", "currency": "USD"}, notes={})  # type: ignore[call-overload]
    await client.beneficiaries.create(category="payout", beneficiary={"name": "x", "type": "individual", "address": {"address_line1": "x", "city": "x", "state": "x", "country_code": "GBR", "postal_code": 12345}}, bank_account={"account_number": "x", "swift_code": "x", "local_routing_number": "x", "currency": "USD"}, notes={})  # type: ignore[call-overload]
    await client.beneficiaries.create(category="payout", beneficiary={"name": "x", "type": "individual", "address": {"address_line1": "x", "city": "x", "state": "x", "country_code": "GBR", "postal_code": "x"}}, bank_account=12345, notes={})  # type: ignore[call-overload]
    await client.beneficiaries.create(category="payout", beneficiary={"name": "x", "type": "individual", "address": {"address_line1": "x", "city": "x", "state": "x", "country_code": "GBR", "postal_code": "x"}}, bank_account={"account_number": "x", "swift_code": "x", "local_routing_number": "x", "currency": "USD", "account_number_typo": "x"}, notes={})  # type: ignore[call-overload]
    await client.beneficiaries.create(category="payout", beneficiary={"name": "x", "type": "individual", "address": {"address_line1": "x", "city": "x", "state": "x", "country_code": "GBR", "postal_code": "x"}}, bank_account={"account_number": 12345, "swift_code": "x", "local_routing_number": "x", "currency": "USD"}, notes={})  # type: ignore[call-overload]
    await client.beneficiaries.create(category="payout", beneficiary={"name": "x", "type": "individual", "address": {"address_line1": "x", "city": "x", "state": "x", "country_code": "GBR", "postal_code": "x"}}, bank_account={"account_number": "x", "swift_code": 12345, "local_routing_number": "x", "currency": "USD"}, notes={})  # type: ignore[call-overload]
    await client.beneficiaries.create(category="payout", beneficiary={"name": "x", "type": "individual", "address": {"address_line1": "x", "city": "x", "state": "x", "country_code": "GBR", "postal_code": "x"}}, bank_account={"account_number": "x", "swift_code": "x", "local_routing_number": 12345, "currency": "USD"}, notes={})  # type: ignore[call-overload]
    await client.beneficiaries.create(category="payout", beneficiary={"name": "x", "type": "individual", "address": {"address_line1": "x", "city": "x", "state": "x", "country_code": "GBR", "postal_code": "x"}}, bank_account={"account_number": "x", "swift_code": "x", "local_routing_number": "x", "currency": 12345}, notes={})  # type: ignore[call-overload]
    await client.beneficiaries.create(category="payout", beneficiary={"name": "x", "type": "individual", "address": {"address_line1": "x", "city": "x", "state": "x", "country_code": "GBR", "postal_code": "x"}}, bank_account={"account_number": "x", "swift_code": "x", "local_routing_number": "x", "currency": "USD"}, notes=12345)  # type: ignore[call-overload]


async def orders_list(client: AsyncPaymentsClient) -> None:
    """orders.list: each single violation is refused."""
    client.orders.list(before_typo="x")  # type: ignore[call-arg]
    client.orders.list(before=12345, after="2026-01-02T03:04:05Z", per_page=20, page=1)  # type: ignore[arg-type]
    client.orders.list(before="2026-01-02T03:04:05Z", after=12345, per_page=20, page=1)  # type: ignore[arg-type]
    client.orders.list(before="2026-01-02T03:04:05Z", after="2026-01-02T03:04:05Z", per_page="text", page=1)  # type: ignore[arg-type]
    client.orders.list(before="2026-01-02T03:04:05Z", after="2026-01-02T03:04:05Z", per_page=20, page="text")  # type: ignore[arg-type]


async def orders_create_1(client: AsyncPaymentsClient) -> None:
    """orders.create (OrderCreateInline): each single violation is refused."""
    await client.orders.create(currency="USD", payment_methods=["x"])  # type: ignore[call-overload]
    await client.orders.create(amount=29900, payment_methods=["x"])  # type: ignore[call-overload]
    await client.orders.create(amount=29900, currency="USD")  # type: ignore[call-overload]
    await client.orders.create(amount=29900, currency="USD", payment_methods=["x"], amount_typo="x")  # type: ignore[call-overload]
    await client.orders.create(amount=29900, currency="USD", payment_methods=["x"], quote_id="x")  # type: ignore[call-overload]
    await client.orders.create(amount="100", currency="USD", payment_methods=["x"], split_ids=["x"])  # type: ignore[call-overload]
    await client.orders.create(amount=29900, currency=12345, payment_methods=["x"], split_ids=["x"])  # type: ignore[call-overload]
    await client.orders.create(amount=29900, currency="USD", payment_methods=12345, split_ids=["x"])  # type: ignore[call-overload]
    await client.orders.create(amount=29900, currency="USD", payment_methods=["x"], split_ids=12345)  # type: ignore[call-overload]


async def orders_create_2(client: AsyncPaymentsClient) -> None:
    """orders.create (OrderCreateWithQuote): each single violation is refused."""
    await client.orders.create()  # type: ignore[call-overload]
    await client.orders.create(quote_id="x", split_ids_typo="x")  # type: ignore[call-overload]
    await client.orders.create(quote_id="x", amount=29900)  # type: ignore[call-overload]
    await client.orders.create(quote_id="x", currency="USD")  # type: ignore[call-overload]
    await client.orders.create(quote_id="x", payment_methods=["x"])  # type: ignore[call-overload]
    await client.orders.create(split_ids=12345, quote_id="x")  # type: ignore[call-overload]
    await client.orders.create(split_ids=["x"], quote_id=12345)  # type: ignore[call-overload]


async def orders_retrieve(client: AsyncPaymentsClient) -> None:
    """orders.retrieve: each single violation is refused."""
    await client.orders.retrieve("0", id_typo="x")  # type: ignore[call-arg]
    await client.orders.retrieve(12345)  # type: ignore[arg-type]


async def orders_update_rfi(client: AsyncPaymentsClient) -> None:
    """orders.update_rfi (UpdateRfiRequest): each single violation is refused."""
    await client.orders.update_rfi("0")  # type: ignore[call-overload]
    await client.orders.update_rfi("0", documents=[{"id": "doc_4Hn8sPq2", "rfi_doc_id": "rfidoc_7Tb1Kc9"}], id_typo="x")  # type: ignore[call-overload]
    await client.orders.update_rfi(12345, documents=[{"id": "doc_4Hn8sPq2", "rfi_doc_id": "rfidoc_7Tb1Kc9"}])  # type: ignore[call-overload]
    await client.orders.update_rfi("0", documents=12345)  # type: ignore[call-overload]
    await client.orders.update_rfi("0", documents=[{"rfi_doc_id": "rfidoc_7Tb1Kc9"}])  # type: ignore[list-item]
    await client.orders.update_rfi("0", documents=[{"id": "doc_4Hn8sPq2"}])  # type: ignore[list-item]
    await client.orders.update_rfi("0", documents=[{"id": "doc_4Hn8sPq2", "rfi_doc_id": "rfidoc_7Tb1Kc9", "id_typo": "x"}])  # type: ignore[list-item]
    await client.orders.update_rfi("0", documents=[{"id": 12345, "rfi_doc_id": "rfidoc_7Tb1Kc9"}])  # type: ignore[list-item]
    await client.orders.update_rfi("0", documents=[{"id": "doc_4Hn8sPq2", "rfi_doc_id": 12345}])  # type: ignore[list-item]


async def refunds_list(client: AsyncPaymentsClient) -> None:
    """refunds.list: each single violation is refused."""
    client.refunds.list(before_typo="x")  # type: ignore[call-arg]
    client.refunds.list(before=12345, after="2026-01-02T03:04:05Z", per_page=20, page=1)  # type: ignore[arg-type]
    client.refunds.list(before="2026-01-02T03:04:05Z", after=12345, per_page=20, page=1)  # type: ignore[arg-type]
    client.refunds.list(before="2026-01-02T03:04:05Z", after="2026-01-02T03:04:05Z", per_page="text", page=1)  # type: ignore[arg-type]
    client.refunds.list(before="2026-01-02T03:04:05Z", after="2026-01-02T03:04:05Z", per_page=20, page="text")  # type: ignore[arg-type]


async def refunds_create(client: AsyncPaymentsClient) -> None:
    """refunds.create: each single violation is refused."""
    await client.refunds.create()  # type: ignore[call-arg]
    await client.refunds.create(payment_id="payt_5Fg7Hj2K", payment_id_typo="x")  # type: ignore[call-arg]
    await client.refunds.create(payment_id=12345)  # type: ignore[arg-type]


async def refunds_retrieve(client: AsyncPaymentsClient) -> None:
    """refunds.retrieve: each single violation is refused."""
    await client.refunds.retrieve("0", id_typo="x")  # type: ignore[call-arg]
    await client.refunds.retrieve(12345)  # type: ignore[arg-type]


async def refunds_mock_update_status(client: AsyncPaymentsClient) -> None:
    """refunds.mock_update_status: each single violation is refused."""
    await client.refunds.mock_update_status("0", id_typo="x")  # type: ignore[call-arg]
    await client.refunds.mock_update_status(12345)  # type: ignore[arg-type]


async def virtual_accounts_close(client: AsyncPaymentsClient) -> None:
    """virtual_accounts.close: each single violation is refused."""
    await client.virtual_accounts.close(currency="USD")  # type: ignore[call-arg]
    await client.virtual_accounts.close(payment_type="local")  # type: ignore[call-arg]
    await client.virtual_accounts.close(payment_type="local", currency="USD", payment_type_typo="x")  # type: ignore[call-arg]
    await client.virtual_accounts.close(payment_type=12345, currency="USD")  # type: ignore[arg-type]
    await client.virtual_accounts.close(payment_type="local", currency=12345)  # type: ignore[arg-type]


async def virtual_accounts_create(client: AsyncPaymentsClient) -> None:
    """virtual_accounts.create: each single violation is refused."""
    await client.virtual_accounts.create(currency="USD")  # type: ignore[call-arg]
    await client.virtual_accounts.create(payment_type="local")  # type: ignore[call-arg]
    await client.virtual_accounts.create(payment_type="local", currency="USD", payment_type_typo="x")  # type: ignore[call-arg]
    await client.virtual_accounts.create(payment_type=12345, currency="USD")  # type: ignore[arg-type]
    await client.virtual_accounts.create(payment_type="local", currency=12345)  # type: ignore[arg-type]


async def kyc_links_list(client: AsyncPaymentsClient) -> None:
    """kyc_links.list: each single violation is refused."""
    client.kyc_links.list(status_typo="x")  # type: ignore[call-arg]
    client.kyc_links.list(status=12345, before="2026-01-02T03:04:05Z", after="2026-01-02T03:04:05Z", per_page=20, page=1)  # type: ignore[arg-type]
    client.kyc_links.list(status="x", before=12345, after="2026-01-02T03:04:05Z", per_page=20, page=1)  # type: ignore[arg-type]
    client.kyc_links.list(status="x", before="2026-01-02T03:04:05Z", after=12345, per_page=20, page=1)  # type: ignore[arg-type]
    client.kyc_links.list(status="x", before="2026-01-02T03:04:05Z", after="2026-01-02T03:04:05Z", per_page="text", page=1)  # type: ignore[arg-type]
    client.kyc_links.list(status="x", before="2026-01-02T03:04:05Z", after="2026-01-02T03:04:05Z", per_page=20, page="text")  # type: ignore[arg-type]


async def kyc_links_create(client: AsyncPaymentsClient) -> None:
    """kyc_links.create: each single violation is refused."""
    await client.kyc_links.create(customer_id_typo="x")  # type: ignore[call-arg]
    await client.kyc_links.create(customer_id=12345)  # type: ignore[arg-type]


async def kyc_links_retrieve(client: AsyncPaymentsClient) -> None:
    """kyc_links.retrieve: each single violation is refused."""
    await client.kyc_links.retrieve("0", id_typo="x")  # type: ignore[call-arg]
    await client.kyc_links.retrieve(12345)  # type: ignore[arg-type]


async def documents_list(client: AsyncPaymentsClient) -> None:
    """documents.list: each single violation is refused."""
    client.documents.list(before_typo="x")  # type: ignore[call-arg]
    client.documents.list(before=12345, after="2026-01-02T03:04:05Z", per_page=20, page=1)  # type: ignore[arg-type]
    client.documents.list(before="2026-01-02T03:04:05Z", after=12345, per_page=20, page=1)  # type: ignore[arg-type]
    client.documents.list(before="2026-01-02T03:04:05Z", after="2026-01-02T03:04:05Z", per_page="text", page=1)  # type: ignore[arg-type]
    client.documents.list(before="2026-01-02T03:04:05Z", after="2026-01-02T03:04:05Z", per_page=20, page="text")  # type: ignore[arg-type]


async def documents_upload(client: AsyncPaymentsClient) -> None:
    """documents.upload: each single violation is refused."""
    await client.documents.upload()  # type: ignore[call-arg]
    await client.documents.upload(b'%PDF-1.4', file_typo="x")  # type: ignore[call-arg]
    await client.documents.upload(b'%PDF-1.4', type=12345)  # type: ignore[arg-type]


async def documents_retrieve(client: AsyncPaymentsClient) -> None:
    """documents.retrieve: each single violation is refused."""
    await client.documents.retrieve("doc_4Hn8sPq2", document_id_typo="x")  # type: ignore[call-arg]
    await client.documents.retrieve(12345)  # type: ignore[arg-type]


async def rfis_list(client: AsyncPaymentsClient) -> None:
    """rfis.list: each single violation is refused."""
    client.rfis.list(status_typo="x")  # type: ignore[call-overload]
    client.rfis.list(status="NOT_ONE_OF_THEM", search="x", before="2026-01-02T03:04:05Z", after="2026-01-02T03:04:05Z", per_page=20, page=1)  # type: ignore[call-overload]
    client.rfis.list(status="action_required", search=12345, before="2026-01-02T03:04:05Z", after="2026-01-02T03:04:05Z", per_page=20, page=1)  # type: ignore[call-overload]
    client.rfis.list(status="action_required", search="x", before=12345, after="2026-01-02T03:04:05Z", per_page=20, page=1)  # type: ignore[call-overload]
    client.rfis.list(status="action_required", search="x", before="2026-01-02T03:04:05Z", after=12345, per_page=20, page=1)  # type: ignore[call-overload]
    client.rfis.list(status="action_required", search="x", before="2026-01-02T03:04:05Z", after="2026-01-02T03:04:05Z", per_page="text", page=1)  # type: ignore[call-overload]
    client.rfis.list(status="action_required", search="x", before="2026-01-02T03:04:05Z", after="2026-01-02T03:04:05Z", per_page=20, page="text")  # type: ignore[call-overload]


async def payments_list(client: AsyncPaymentsClient) -> None:
    """payments.list: each single violation is refused."""
    client.payments.list(before_typo="x")  # type: ignore[call-arg]
    client.payments.list(before=12345, after="2026-01-02T03:04:05Z", per_page=20, page=1)  # type: ignore[arg-type]
    client.payments.list(before="2026-01-02T03:04:05Z", after=12345, per_page=20, page=1)  # type: ignore[arg-type]
    client.payments.list(before="2026-01-02T03:04:05Z", after="2026-01-02T03:04:05Z", per_page="text", page=1)  # type: ignore[arg-type]
    client.payments.list(before="2026-01-02T03:04:05Z", after="2026-01-02T03:04:05Z", per_page=20, page="text")  # type: ignore[arg-type]
