"""``client.beneficiaries``: payees of payouts (v2, served at the root URL)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, TypeVar

from payments_sdk_generated.api.payout import create_beneficiary_v2
from payments_sdk_generated.errors import ModelValidationError
from payments_sdk_generated.models import (
    BeneficiaryBankAccountRequest,
    BeneficiaryDetails,
    BeneficiaryV2,
    BeneficiaryV2Request,
)

from .._call_options import RequestOptions, check_call_options
from .._validation import check_currency, check_fields, check_text
from ..errors import InvalidParameterError
from ._resource import Resource

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["Beneficiaries"]

M = TypeVar("M", BeneficiaryDetails, BeneficiaryBankAccountRequest)


def _model(value: object, model: type[M], field: str) -> M:
    """Accept a generated model or a mapping with its fields (and no other, unless Undocumented)."""
    if isinstance(value, model):
        return value
    if not isinstance(value, Mapping):
        raise InvalidParameterError(field, f"must be a {model.__name__} or a mapping")
    fields = check_fields(value, model, field)  # no undeclared key, unless Undocumented
    try:
        built = model.from_dict(fields)
    except ModelValidationError as exc:
        where, _, problem = str(exc).partition(": ")
        raise InvalidParameterError(field + where.removeprefix("$"), problem) from None
    try:
        # Undeclared fields travel as given: each must be JSON (no NaN, no arbitrary object).
        json.dumps(built.to_dict(), allow_nan=False)
    except (TypeError, ValueError, RecursionError) as exc:
        raise InvalidParameterError(field, f"cannot be sent as JSON: {exc}") from None
    return built


class Beneficiaries(Resource):
    """Beneficiaries of payouts."""

    async def create(
        self,
        *,
        beneficiary: BeneficiaryDetails | Mapping[str, Any],
        bank_account: BeneficiaryBankAccountRequest | Mapping[str, Any],
        category: str = "payout",
        notes: Mapping[str, str] | None = None,
        **options: Unpack[RequestOptions],
    ) -> BeneficiaryV2:
        """``POST {root_url}/v2/beneficiaries``: create a beneficiary.

        ``beneficiary`` holds ``name``, ``type`` (``individual`` or ``business``) and
        ``address`` (``address_line1``, ``city``, ``state``, ``country_code`` alpha-3,
        ``postal_code``). ``bank_account`` holds ``currency`` and the routing the currency
        uses: ``swift_code`` for USD, the IBAN as ``account_number`` for EUR and AED,
        ``local_routing_number`` for GBP and AUD.
        """
        details = _model(beneficiary, BeneficiaryDetails, "beneficiary")
        account = _model(bank_account, BeneficiaryBankAccountRequest, "bank_account")
        if account.currency is not None:
            check_currency(account.currency, "bank_account.currency")
        address = details.address
        if address is not None and address.country_code is not None:
            code = address.country_code
            if not (isinstance(code, str) and len(code) == 3 and code.isalpha() and code.isupper()):
                raise InvalidParameterError(
                    "beneficiary.address.country_code",
                    f"must be an uppercase ISO 3166-1 alpha-3 code, got {code!r}",
                )
        note_map: dict[str, str] | None = None
        if notes is not None:
            if not isinstance(notes, Mapping) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in notes.items()
            ):
                raise InvalidParameterError("notes", "must map strings to strings")
            note_map = dict(notes)
        body = BeneficiaryV2Request(
            category=check_text(category, "category"),
            beneficiary=details,
            bank_account=account,
            notes=note_map,
        )
        per_call = check_call_options(options)
        return await self._requestor.parsed(
            lambda s: create_beneficiary_v2.asyncio_detailed(sender=s, body=body),
            options=per_call,
        )
