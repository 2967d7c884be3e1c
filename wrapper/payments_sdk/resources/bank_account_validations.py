"""``client.bank_account_validations``: validate bank accounts."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from payments_sdk_generated.api.payout import (
    create_bank_account_validation,
    list_bank_account_validations,
)
from payments_sdk_generated.models import (
    BankAccount,
    BankAccountReference,
    BankAccountValidation,
    BankAccountValidationList,
)

from .._call_options import RequestOptions, check_call_options
from .._pagination import AsyncPager
from .._validation import check_country, check_id, check_text
from ..errors import InvalidParameterError
from ._resource import Resource

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["BankAccountValidations"]

_ACCOUNT_FIELDS = ("country", "holder_name", "account_number", "bic_primary", "bic_secondary")


class BankAccountValidations(Resource):
    """Validation details of bank accounts."""

    async def create(
        self,
        *,
        id: str | None = None,
        country: str | None = None,
        holder_name: str | None = None,
        account_number: str | None = None,
        bic_primary: str | None = None,
        bic_secondary: str | None = None,
        **options: Unpack[RequestOptions],
    ) -> BankAccountValidation:
        """``POST /bank_account_validation``: validate an account.

        Either give the account in full (``country`` as ISO 3166-1 alpha-3, ``holder_name``,
        ``account_number``, ``bic_primary``, ``bic_secondary``), or ``id=`` of a saved
        beneficiary bank account (``bene_…``).
        """
        given = {
            "country": country,
            "holder_name": holder_name,
            "account_number": account_number,
            "bic_primary": bic_primary,
            "bic_secondary": bic_secondary,
        }
        body: BankAccount | BankAccountReference
        if id is not None:
            extra = [name for name, value in given.items() if value is not None]
            if extra:
                raise InvalidParameterError(extra[0], "cannot be combined with id=")
            body = BankAccountReference(id=check_id(id, "id", "bene_"))
        else:
            missing = [name for name in _ACCOUNT_FIELDS if given[name] is None]
            if len(missing) == len(_ACCOUNT_FIELDS):
                raise InvalidParameterError("id", "pass id= or the bank account's fields")
            if missing:
                raise InvalidParameterError(missing[0], "is required for a bank account")
            body = BankAccount(
                country=check_country(country).upper(),
                holder_name=check_text(holder_name, "holder_name"),
                account_number=check_text(account_number, "account_number"),
                bic_primary=check_text(bic_primary, "bic_primary"),
                bic_secondary=check_text(bic_secondary, "bic_secondary"),
            )
        per_call = check_call_options(options)
        return await self._requestor.parsed(
            lambda s: create_bank_account_validation.asyncio_detailed(sender=s, body=body),
            options=per_call,
        )

    def list(
        self,
        *,
        beneficiary_account_id: str | None = None,
        country: str | None = None,
        before: datetime | str | None = None,
        after: datetime | str | None = None,
        per_page: int = 20,
        page: int = 1,
        prefetch: int = 0,
        **options: Unpack[RequestOptions],
    ) -> AsyncPager[BankAccountValidation]:
        """``GET /bank_account_validation``: validations, newest first.

        ``country`` (ISO 3166-1 alpha-3) is matched case-insensitively by the service.
        """
        account = (
            None
            if beneficiary_account_id is None
            else check_id(beneficiary_account_id, "beneficiary_account_id", "bene_")
        )
        where = None if country is None else check_country(country)
        per_call = check_call_options(options)
        return self._list(
            list_bank_account_validations.asyncio_detailed,
            BankAccountValidationList,
            before=before,
            after=after,
            per_page=per_page,
            page=page,
            prefetch=prefetch,
            filters={"beneficiary_account_id": account, "country": where},
            options=per_call,
        )
