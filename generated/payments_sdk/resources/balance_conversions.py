"""``client.balance_conversions``: Conversions of balance from one supported currency to another.

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
from payments_sdk_generated.api.multi_currency_account import (
    create_balance_conversion,
    list_balance_conversions,
)

if TYPE_CHECKING:
    from typing import Literal, overload

    from payments_sdk._money import Money
    from payments_sdk._pagination import AsyncPager
    from payments_sdk._window import Window
    from payments_sdk_generated.models import BalanceConversion, ConversionCurrency
    from typing_extensions import Unpack

__all__ = ["BalanceConversions"]

_LIST_SOURCE_CURRENCY: dict[str, Any] = {
    "type": "string",
    "format": "iso-4217",
    "description": "ISO 4217 currency code.",
    "pattern": "^[A-Z]{3}$",
    "examples": ["USD"],
}
_LIST_TARGET_CURRENCY: dict[str, Any] = {
    "type": "string",
    "format": "iso-4217",
    "description": "ISO 4217 currency code.",
    "pattern": "^[A-Z]{3}$",
    "examples": ["USD"],
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
    "description": "Exactly one of the two shapes; sending both amounts is invalid. The two currencies differ.",
    "oneOf": [
        {
            "type": "object",
            "title": "BalanceConversionBySource",
            "description": "Convert a given amount of the source currency.",
            "required": ["source_currency", "target_currency", "source_amount"],
            "properties": {
                "source_currency": {
                    "type": "string",
                    "format": "iso-4217",
                    "description": "Currencies supported for balance conversion.",
                    "enum": ["USD", "EUR", "GBP"],
                    "x-model": "ConversionCurrency",
                },
                "target_currency": {
                    "type": "string",
                    "format": "iso-4217",
                    "description": "Currencies supported for balance conversion.",
                    "enum": ["USD", "EUR", "GBP"],
                    "x-model": "ConversionCurrency",
                },
                "source_amount": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 1000000000000000,
                    "description": "A positive amount in the smallest currency unit (299.00 USD is 29900; 295.991 KWD is 295990; 295 JPY is 295), at most 10^15.",
                    "examples": [29900],
                    "x-currency-field": "source_currency",
                },
            },
            "additionalProperties": False,
            "x-model": "BalanceConversionBySource",
        },
        {
            "type": "object",
            "title": "BalanceConversionByTarget",
            "description": "Receive a given amount of the target currency.",
            "required": ["source_currency", "target_currency", "target_amount"],
            "properties": {
                "source_currency": {
                    "type": "string",
                    "format": "iso-4217",
                    "description": "Currencies supported for balance conversion.",
                    "enum": ["USD", "EUR", "GBP"],
                    "x-model": "ConversionCurrency",
                },
                "target_currency": {
                    "type": "string",
                    "format": "iso-4217",
                    "description": "Currencies supported for balance conversion.",
                    "enum": ["USD", "EUR", "GBP"],
                    "x-model": "ConversionCurrency",
                },
                "target_amount": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 1000000000000000,
                    "description": "A positive amount in the smallest currency unit (299.00 USD is 29900; 295.991 KWD is 295990; 295 JPY is 295), at most 10^15.",
                    "examples": [29900],
                    "x-currency-field": "target_currency",
                },
            },
            "additionalProperties": False,
            "x-model": "BalanceConversionByTarget",
        },
    ],
    "x-distinct-fields": ["source_currency", "target_currency"],
}


class BalanceConversions(Resource):
    """Conversions of balance from one supported currency to another."""

    def list(
        self,
        *,
        source_currency: str | None = None,
        target_currency: str | None = None,
        before: datetime | str | None = None,
        after: datetime | str | None = None,
        per_page: int = 20,
        page: int = 1,
        window: Window | None = None,
        prefetch: int = 0,
        **options: Unpack[RequestOptions],
    ) -> AsyncPager[BalanceConversion]:
        """``GET /v1/balance_conversions``: List balance conversions.

        Lists balance conversions, newest first, optionally filtered by currency.

        Returns an :class:`~payments_sdk.AsyncPager`: ``await`` it for the first page, or ``async for``
        over every item of every page. ``prefetch`` keeps up to that many later pages in flight.

        Args:
            source_currency: Only conversions from this currency. Matches ``^[A-Z]{3}$``. Format ``iso-4217``
                (checked).
            target_currency: Only conversions into this currency. Matches ``^[A-Z]{3}$``. Format ``iso-4217``
                (checked).
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
        if source_currency is not None:
            source_currency = check(source_currency, _LIST_SOURCE_CURRENCY, "source_currency")
        if target_currency is not None:
            target_currency = check(target_currency, _LIST_TARGET_CURRENCY, "target_currency")
        per_page = check(per_page, _LIST_PER_PAGE, "per_page")
        page = check(page, _LIST_PAGE, "page")
        if options:
            self._no_body(options.get("extra_body"), list_balance_conversions.OPERATION)
        per_call = check_call_options(options) if options else None
        return self._list(
            list_balance_conversions.OPERATION,
            {"source_currency": source_currency, "target_currency": target_currency},
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
            source_currency: ConversionCurrency | Literal["USD", "EUR", "GBP"],
            target_currency: ConversionCurrency | Literal["USD", "EUR", "GBP"],
            source_amount: int | Money,
            **options: Unpack[RequestOptions],
        ) -> BalanceConversion: ...

        @overload
        async def create(
            self,
            *,
            source_currency: ConversionCurrency | Literal["USD", "EUR", "GBP"],
            target_currency: ConversionCurrency | Literal["USD", "EUR", "GBP"],
            target_amount: int | Money,
            **options: Unpack[RequestOptions],
        ) -> BalanceConversion: ...

    async def create(
        self,
        *,
        source_currency: ConversionCurrency | str,
        target_currency: ConversionCurrency | str,
        source_amount: int | Money | None = None,
        target_amount: int | Money | None = None,
        **options: Unpack[RequestOptions],
    ) -> BalanceConversion:
        """``POST /v1/balance_conversions``: Convert a balance.

        Converts part of the balance in one supported currency into another. Send exactly one
        amount: `source_amount` (what to convert) or `target_amount` (what to receive). The service
        calculates the other one. Sending both is rejected.

        Refused before sending, though the types allow it: the same value for ``source_currency``
        and ``target_currency``.

        Args:
            source_currency: Required. Currencies supported for balance conversion. One of ``USD``, ``EUR``,
                ``GBP``. Format ``iso-4217`` (checked).
            target_currency: Required. Currencies supported for balance conversion. One of ``USD``, ``EUR``,
                ``GBP``. Format ``iso-4217`` (checked).
            source_amount: A positive amount in the smallest currency unit (299.00 USD is 29900; 295.991
                KWD is 295990; 295 JPY is 295), at most 10^15. In the smallest unit of
                ``source_currency``, or :class:`~payments_sdk.Money` in that currency. From 1 to
                1000000000000000. In shape(s): ``BalanceConversionBySource`` (required).
            target_amount: A positive amount in the smallest currency unit (299.00 USD is 29900; 295.991
                KWD is 295990; 295 JPY is 295), at most 10^15. In the smallest unit of
                ``target_currency``, or :class:`~payments_sdk.Money` in that currency. From 1 to
                1000000000000000. In shape(s): ``BalanceConversionByTarget`` (required).
        """
        body = self._body(
            _CREATE_BODY,
            {
                "source_currency": source_currency,
                "target_currency": target_currency,
                "source_amount": source_amount,
                "target_amount": target_amount,
            },
            options.get("extra_body"),
        )
        per_call = check_call_options(options) if options else None
        return await self._requestor.parsed(
            create_balance_conversion.OPERATION, per_call, body=body
        )
