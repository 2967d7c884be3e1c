"""``client.bank_account_validations``: Validation details of bank accounts.

Written by ``make generate`` from the bundle (``openapi/templates/surface/resource.py.jinja``):
do not edit. Every argument is checked against the schema the bundle gives it before any
request is sent.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from payments_sdk._call_options import RequestOptions, check_call_options
from payments_sdk._checks import check
from payments_sdk.resources._resource import Resource
from payments_sdk_generated.api.payout import (
    create_bank_account_validation,
    list_bank_account_validations,
)

if TYPE_CHECKING:
    from typing import overload

    from payments_sdk._pagination import AsyncPager
    from payments_sdk._window import Window
    from payments_sdk_generated.models import BankAccountValidation
    from typing_extensions import Unpack

__all__ = ["BankAccountValidations"]

_LIST_BENEFICIARY_ACCOUNT_ID: dict[str, Any] = {
    "type": "string",
    "pattern": "^bene_[A-Za-z0-9_-]+$",
    "description": "The id of a saved beneficiary bank account.",
    "examples": ["bene_8Kq2x7Lm"],
}
_LIST_COUNTRY: dict[str, Any] = {
    "type": "string",
    "pattern": "^[A-Za-z]{3}$",
    "examples": ["DEU", "gbr"],
}
_LIST_BEFORE: dict[str, Any] = {"type": "string", "format": "date-time"}
_LIST_AFTER: dict[str, Any] = {"type": "string", "format": "date-time"}
_LIST_PER_PAGE: dict[str, Any] = {"type": "integer", "minimum": 1, "maximum": 100, "default": 20}
_LIST_PAGE: dict[str, Any] = {
    "type": "integer",
    "minimum": 1,
    "maximum": 1000000000000000,
    "default": 1,
}
_CREATE_BODY: dict[str, Any] = {
    "description": "A bank account given in full, or a reference to a saved one.",
    "oneOf": [
        {
            "type": "object",
            "title": "BankAccount",
            "description": "A bank account given in full.",
            "required": [
                "country",
                "holder_name",
                "account_number",
                "bic_primary",
                "bic_secondary",
            ],
            "properties": {
                "country": {
                    "type": "string",
                    "description": "ISO 3166-1 alpha-3 country code.",
                    "pattern": "^[A-Z]{3}$",
                    "examples": ["GBR"],
                },
                "holder_name": {"type": "string", "minLength": 1},
                "account_number": {"type": "string", "minLength": 1},
                "bic_primary": {"type": "string", "minLength": 1},
                "bic_secondary": {"type": "string", "minLength": 1},
            },
            "additionalProperties": False,
            "x-model": "BankAccount",
        },
        {
            "type": "object",
            "title": "BankAccountReference",
            "description": "A saved beneficiary bank account, by id.",
            "required": ["id"],
            "properties": {
                "id": {
                    "type": "string",
                    "pattern": "^bene_[A-Za-z0-9_-]+$",
                    "description": "The id of a saved beneficiary bank account.",
                    "examples": ["bene_8Kq2x7Lm"],
                }
            },
            "additionalProperties": False,
            "x-model": "BankAccountReference",
        },
    ],
}


class BankAccountValidations(Resource):
    """Validation details of bank accounts."""

    def list(
        self,
        *,
        beneficiary_account_id: str | None = None,
        country: str | None = None,
        before: datetime | str | None = None,
        after: datetime | str | None = None,
        per_page: int = 20,
        page: int = 1,
        window: Window | None = None,
        prefetch: int = 0,
        **options: Unpack[RequestOptions],
    ) -> AsyncPager[BankAccountValidation]:
        """``GET /v1/bank_account_validation``: List bank account validations.

        Lists bank account validations, newest first, optionally filtered by saved beneficiary
        account or country.

        Returns an :class:`~payments_sdk.AsyncPager`: ``await`` it for the first page, or ``async for``
        over every item of every page. ``prefetch`` keeps up to that many later pages in flight.

        Args:
            beneficiary_account_id: Only validations of this saved beneficiary bank account. Matches
                ``^bene_[A-Za-z0-9_-]+$``.
            country: ISO 3166-1 alpha-3 country code; matched case-insensitively. Matches
                ``^[A-Za-z]{3}$``.
            before: Only resources created before this time (ISO 8601, UTC). An aware datetime or an
                ISO 8601 string with an offset.
            after: Only resources created after this time (ISO 8601, UTC). An aware datetime or an
                ISO 8601 string with an offset.
            per_page: Page size, 1 to 100. From 1 to 100. Default: ``20``.
            page: Page number, starting at 1, at most 10^15. The next page number is in
                `page_meta.next`. From 1 to 1000000000000000. Default: ``1``.
            window: A :class:`~payments_sdk.Window`: the records created from its start (inclusive)
                to its end (exclusive), such as ``Window.month("2026-10")``; instead of ``after`` and
                ``before``, which are both exclusive. Adjacent windows share no record and miss none.
            prefetch: Later pages to keep in flight while walking, from 0 to 16. Default: ``0``.
        """
        if beneficiary_account_id is not None:
            beneficiary_account_id = check(
                beneficiary_account_id, _LIST_BENEFICIARY_ACCOUNT_ID, "beneficiary_account_id"
            )
        if country is not None:
            country = check(country, _LIST_COUNTRY, "country")
        per_page = check(per_page, _LIST_PER_PAGE, "per_page")
        page = check(page, _LIST_PAGE, "page")
        if options:
            self._no_body(options.get("extra_body"), list_bank_account_validations.OPERATION)
        per_call = check_call_options(options) if options else None
        return self._list(
            list_bank_account_validations.OPERATION,
            {"beneficiary_account_id": beneficiary_account_id, "country": country},
            before=before,
            after=after,
            per_page=per_page,
            page=page,
            prefetch=prefetch,
            options=per_call,
            window=window,
        )

    if TYPE_CHECKING:
        # What mypy and the editor see: the schema's types (payments_sdk.params), one overload
        # per shape of the body. The implementation below keeps the runtime signature; a single
        # overload is mypy's "misc" (it wants two), which it still reads as the signature.

        @overload
        async def create(
            self,
            *,
            country: str,
            holder_name: str,
            account_number: str,
            bic_primary: str,
            bic_secondary: str,
            **options: Unpack[RequestOptions],
        ) -> BankAccountValidation: ...

        @overload
        async def create(
            self,
            *,
            id: str,
            **options: Unpack[RequestOptions],
        ) -> BankAccountValidation: ...

    async def create(
        self,
        *,
        country: str | None = None,
        holder_name: str | None = None,
        account_number: str | None = None,
        bic_primary: str | None = None,
        bic_secondary: str | None = None,
        id: str | None = None,
        **options: Unpack[RequestOptions],
    ) -> BankAccountValidation:
        """``POST /v1/bank_account_validation``: Validate a bank account.

        Validates a bank account given in full, or an already saved beneficiary bank account given
        by its id.

        Args:
            country: ISO 3166-1 alpha-3 country code. Matches ``^[A-Z]{3}$``. In shape(s):
                ``BankAccount`` (required).
            holder_name: At least 1 character(s). In shape(s): ``BankAccount`` (required).
            account_number: At least 1 character(s). In shape(s): ``BankAccount`` (required).
            bic_primary: At least 1 character(s). In shape(s): ``BankAccount`` (required).
            bic_secondary: At least 1 character(s). In shape(s): ``BankAccount`` (required).
            id: The id of a saved beneficiary bank account. Matches ``^bene_[A-Za-z0-9_-]+$``.
                In shape(s): ``BankAccountReference`` (required).
        """
        body = self._body(
            _CREATE_BODY,
            {
                "country": country,
                "holder_name": holder_name,
                "account_number": account_number,
                "bic_primary": bic_primary,
                "bic_secondary": bic_secondary,
                "id": id,
            },
            options.get("extra_body"),
        )
        per_call = check_call_options(options) if options else None
        return await self._requestor.parsed(
            create_bank_account_validation.OPERATION, per_call, body=body
        )
