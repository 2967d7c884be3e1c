"""``client.beneficiaries``: Beneficiaries (payees) of payouts, created at the root URL (v2).

Written by ``make generate`` from the bundle (``openapi/templates/surface/resource.py.jinja``):
do not edit. Every argument is checked against the schema the bundle gives it before any
request is sent.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from payments_sdk._call_options import RequestOptions, check_call_options
from payments_sdk.resources._resource import Resource
from payments_sdk_generated.api.payout import create_beneficiary_v2

if TYPE_CHECKING:
    from typing import overload

    from payments_sdk.params import (
        BeneficiaryBankAccountRequestParam,
        BeneficiaryDetailsParam,
    )
    from payments_sdk_generated.models import (
        BeneficiaryBankAccountRequest,
        BeneficiaryDetails,
        BeneficiaryV2,
    )
    from typing_extensions import Unpack

__all__ = ["Beneficiaries"]

_CREATE_BODY: dict[str, Any] = {
    "type": "object",
    "description": "A payee of payouts with nested beneficiary, address and bank-account objects.",
    "properties": {
        "category": {
            "type": "string",
            "description": "`payout` for payout beneficiaries.",
            "examples": ["payout"],
            "x-sdk-default": "payout",
        },
        "beneficiary": {
            "type": "object",
            "description": "Who the beneficiary is.",
            "properties": {
                "name": {"type": "string"},
                "type": {
                    "type": "string",
                    "description": "`individual` or `business` appear; other values are not published.",
                    "examples": ["individual"],
                },
                "address": {
                    "type": "object",
                    "description": "The beneficiary's address.",
                    "properties": {
                        "address_line1": {"type": "string"},
                        "city": {"type": "string"},
                        "state": {"type": "string"},
                        "country_code": {
                            "type": "string",
                            "description": "ISO 3166-1 alpha-3 country code.",
                            "pattern": "^[A-Z]{3}$",
                            "examples": ["GBR"],
                        },
                        "postal_code": {"type": "string"},
                    },
                    "x-model": "BeneficiaryAddress",
                },
            },
            "x-model": "BeneficiaryDetails",
        },
        "bank_account": {
            "type": "object",
            "description": "Where payouts go. USD uses `swift_code`; EUR and AED use the IBAN as `account_number` alone;\nGBP and AUD use `local_routing_number` (sort code, BSB; IFSC for INR).\n",
            "properties": {
                "account_number": {
                    "type": "string",
                    "description": "The account number; an IBAN for EUR and AED accounts.",
                },
                "swift_code": {"type": "string", "description": "The SWIFT code, used for USD."},
                "local_routing_number": {
                    "type": "string",
                    "description": "Sort code for GBP, BSB for AUD, IFSC for INR.",
                },
                "currency": {
                    "type": "string",
                    "format": "iso-4217",
                    "description": "ISO 4217 currency code.",
                    "pattern": "^[A-Z]{3}$",
                    "examples": ["USD"],
                },
            },
            "x-routing": {
                "USD": ["swift_code"],
                "EUR": ["account_number"],
                "AED": ["account_number"],
                "GBP": ["local_routing_number"],
                "AUD": ["local_routing_number"],
            },
            "x-model": "BeneficiaryBankAccountRequest",
        },
        "notes": {
            "type": "object",
            "description": "Free-form key/value pairs supplied by the caller.",
            "additionalProperties": {"type": "string"},
        },
    },
    "x-model": "BeneficiaryV2Request",
}


class Beneficiaries(Resource):
    """Beneficiaries (payees) of payouts, created at the root URL (v2)."""

    if TYPE_CHECKING:
        # What mypy and the editor see: the schema's types (payments_sdk.params), one overload
        # per shape of the body. The implementation below keeps the runtime signature; a single
        # overload is mypy's "misc" (it wants two), which it still reads as the signature.

        @overload  # type: ignore[misc]
        async def create(
            self,
            *,
            category: str = "payout",
            beneficiary: BeneficiaryDetails | BeneficiaryDetailsParam | None = None,
            bank_account: BeneficiaryBankAccountRequest
            | BeneficiaryBankAccountRequestParam
            | None = None,
            notes: Mapping[str, str] | None = None,
            **options: Unpack[RequestOptions],
        ) -> BeneficiaryV2: ...

    async def create(
        self,
        *,
        category: str = "payout",
        beneficiary: BeneficiaryDetails | Mapping[str, Any] | None = None,
        bank_account: BeneficiaryBankAccountRequest | Mapping[str, Any] | None = None,
        notes: Mapping[str, str] | None = None,
        **options: Unpack[RequestOptions],
    ) -> BeneficiaryV2:
        """``POST /v2/beneficiaries``: Create a beneficiary (v2).

        Creates a payee of payouts from nested beneficiary, address and bank-account objects. This
        operation lives at the root address, not under the versioned base URL.

        Args:
            category: `payout` for payout beneficiaries. Default: ``'payout'``.
            beneficiary: Who the beneficiary is. Fields: ``name``, ``type``, ``address``.
            bank_account: Where payouts go. USD uses `swift_code`; EUR and AED use the IBAN as
                `account_number` alone; GBP and AUD use `local_routing_number` (sort code, BSB;
                IFSC for INR). Routing by currency: USD: ``swift_code``; EUR:
                ``account_number``; AED: ``account_number``; GBP: ``local_routing_number``; AUD:
                ``local_routing_number``. Fields: ``account_number``, ``swift_code``,
                ``local_routing_number``, ``currency``.
            notes: Free-form key/value pairs supplied by the caller.
        """
        body = self._body(
            _CREATE_BODY,
            {
                "category": category,
                "beneficiary": beneficiary,
                "bank_account": bank_account,
                "notes": notes,
            },
            options.get("extra_body"),
        )
        per_call = check_call_options(options) if options else None
        return await self._requestor.parsed(create_beneficiary_v2.OPERATION, per_call, body=body)
