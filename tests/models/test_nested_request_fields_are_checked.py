"""Nested request objects given as mappings carry only the bundle's fields, or say Undocumented."""

from __future__ import annotations

from typing import Any

import httpx
import msgspec
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from payments_sdk import InvalidParameterError, Undocumented
from payments_sdk.types import BeneficiaryAddress, BeneficiaryBankAccountRequest
from tests.conftest import MakeClient
from tests.support.schema_values import answered

BENEFICIARY = {"name": "Jane", "type": "individual", "address": {"city": "London"}}
ACCOUNT = {"currency": "GBP", "account_number": "31926819", "local_routing_number": "601613"}
CREATED = answered("beneficiaries.create", {"id": "bnf_1", "category": "payout"})


@pytest.mark.parametrize(
    ("beneficiary", "bank_account", "field"),
    [
        (
            BENEFICIARY,
            {**ACCOUNT, "local_routing_numbr": "601613"},
            "bank_account.local_routing_numbr",
        ),
        ({**BENEFICIARY, "address": {"zip": "N1"}}, ACCOUNT, "beneficiary.address.zip"),
        ({"full_name": "Jane"}, ACCOUNT, "beneficiary.full_name"),
        (BENEFICIARY, {**ACCOUNT, "id": "bene_1"}, "bank_account.id"),
    ],
)
async def test_an_undeclared_key_is_refused_by_name_before_sending(
    beneficiary: dict[str, Any],
    bank_account: dict[str, Any],
    field: str,
    make_client: MakeClient,
) -> None:
    """A renamed or misspelt key fails as InvalidParameterError naming its path; nothing is sent."""
    client, recorder = make_client(lambda r: httpx.Response(201, json=CREATED))
    with pytest.raises(InvalidParameterError) as raised:
        await client.beneficiaries.create(beneficiary=beneficiary, bank_account=bank_account)
    assert raised.value.field == field
    assert "Undocumented" in str(raised.value)
    assert recorder.requests == []


async def test_undocumented_sends_the_field_as_given(make_client: MakeClient) -> None:
    """Undocumented(value) is the one escape: the field travels, at any depth, unwrapped."""
    client, recorder = make_client(lambda r: httpx.Response(201, json=CREATED))
    await client.beneficiaries.create(
        beneficiary={**BENEFICIARY, "address": {"city": "London", "zip": Undocumented("N1")}},
        bank_account={**ACCOUNT, "memo": Undocumented({"a": [1, 2]})},
    )
    sent = recorder.last_json()
    assert sent["beneficiary"]["address"] == {"city": "London", "zip": "N1"}
    assert sent["bank_account"]["memo"] == {"a": [1, 2]}


async def test_undocumented_on_a_declared_field_is_refused(make_client: MakeClient) -> None:
    """A declared field is checked as declared: wrapping it is a mistake, named."""
    client, recorder = make_client(lambda r: httpx.Response(201, json=CREATED))
    with pytest.raises(InvalidParameterError) as raised:
        await client.beneficiaries.create(
            beneficiary=BENEFICIARY, bank_account={**ACCOUNT, "currency": Undocumented("GBP")}
        )
    assert raised.value.field == "bank_account.currency"
    assert recorder.requests == []


async def test_models_with_additional_properties_are_sent_as_built(make_client: MakeClient) -> None:
    """A generated model is already explicit: its fields go as the caller built them."""
    client, recorder = make_client(lambda r: httpx.Response(201, json=CREATED))
    account = BeneficiaryBankAccountRequest(currency="GBP", account_number="31926819")
    await client.beneficiaries.create(
        beneficiary={**BENEFICIARY, "address": BeneficiaryAddress(city="Leeds")},
        bank_account=account,
    )
    assert recorder.last_json()["beneficiary"]["address"] == {"city": "Leeds"}
    assert recorder.last_json()["bank_account"]["account_number"] == "31926819"


async def test_rfi_submissions_are_checked_too(make_client: MakeClient) -> None:
    """documents=[{...}] entries carry id and rfi_doc_id only, unless Undocumented."""
    order = answered("orders.update_rfi", {"id": "ord_1"})
    client, recorder = make_client(lambda r: httpx.Response(200, json=order))
    entry = {"id": "doc_1", "rfi_doc_id": "rfidoc_1"}
    with pytest.raises(InvalidParameterError) as raised:
        await client.orders.update_rfi("ord_1", documents=[entry, {**entry, "note": "x"}])
    assert raised.value.field == "documents[1].note"
    assert recorder.requests == []
    await client.orders.update_rfi("ord_1", documents=[{**entry, "note": Undocumented("x")}])
    assert recorder.last_json() == {"documents": [{**entry, "note": "x"}]}


DECLARED = {f.encode_name for f in msgspec.structs.fields(BeneficiaryBankAccountRequest)}


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(key=st.text(min_size=1, max_size=20).filter(lambda k: k not in DECLARED))
async def test_any_key_the_bundle_does_not_declare_is_refused(
    key: str, make_client: MakeClient
) -> None:
    """Whatever the key, if BeneficiaryBankAccountRequest does not declare it, it is named."""
    client, recorder = make_client(lambda r: httpx.Response(201, json=CREATED))
    with pytest.raises(InvalidParameterError) as raised:
        await client.beneficiaries.create(
            beneficiary=BENEFICIARY, bank_account={**ACCOUNT, key: "x"}
        )
    assert raised.value.field == f"bank_account.{key}"
    assert recorder.requests == []
