"""``client.balance_conversions``: convert between balances of the supported currencies.

The supported currencies are the generated ``ConversionCurrency`` enum's, read from the bundle
when the SDK is generated: nothing here copies them.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from payments_sdk_generated.api.multi_currency_account import (
    create_balance_conversion,
    list_balance_conversions,
)
from payments_sdk_generated.models import (
    BalanceConversion,
    BalanceConversionBySource,
    BalanceConversionByTarget,
    BalanceConversionList,
    ConversionCurrency,
)

from .._call_options import RequestOptions, check_call_options
from .._money import Money
from .._pagination import AsyncPager
from .._validation import check_amount, check_currency
from ..errors import InvalidParameterError
from ._resource import Resource

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["BalanceConversions"]

_CONVERTIBLE = tuple(currency.value for currency in ConversionCurrency)


class BalanceConversions(Resource):
    """Conversions of balance from one supported currency to another."""

    async def create(
        self,
        *,
        source_currency: str,
        target_currency: str,
        source_amount: int | Money | None = None,
        target_amount: int | Money | None = None,
        **options: Unpack[RequestOptions],
    ) -> BalanceConversion:
        """``POST /balance_conversions``: convert part of a balance.

        Both currencies are members of :class:`~payments_sdk.types.ConversionCurrency`. Pass
        exactly one amount, in the smallest unit (``int``) or as :class:`Money` of the
        matching currency: ``source_amount`` to convert that much, or ``target_amount`` to
        receive that much. The service calculates the other.
        """
        source = check_currency(source_currency, "source_currency", allowed=_CONVERTIBLE)
        target = check_currency(target_currency, "target_currency", allowed=_CONVERTIBLE)
        if source == target:
            raise InvalidParameterError("target_currency", "must differ from source_currency")
        body: BalanceConversionBySource | BalanceConversionByTarget
        if (source_amount is None) == (target_amount is None):
            raise InvalidParameterError(
                "source_amount", "pass exactly one of source_amount or target_amount"
            )
        if source_amount is not None:
            body = BalanceConversionBySource(
                source_currency=ConversionCurrency(source),
                target_currency=ConversionCurrency(target),
                source_amount=check_amount(
                    source_amount,
                    "source_amount",
                    currency=source,
                    currency_field="source_currency",
                ),
            )
        else:
            body = BalanceConversionByTarget(
                source_currency=ConversionCurrency(source),
                target_currency=ConversionCurrency(target),
                target_amount=check_amount(
                    target_amount,
                    "target_amount",
                    currency=target,
                    currency_field="target_currency",
                ),
            )
        per_call = check_call_options(options)
        return await self._requestor.parsed(
            lambda s: create_balance_conversion.asyncio_detailed(sender=s, body=body),
            options=per_call,
        )

    def list(
        self,
        *,
        source_currency: str | None = None,
        target_currency: str | None = None,
        before: datetime | str | None = None,
        after: datetime | str | None = None,
        per_page: int = 20,
        page: int = 1,
        prefetch: int = 0,
        **options: Unpack[RequestOptions],
    ) -> AsyncPager[BalanceConversion]:
        """``GET /balance_conversions``: conversions, newest first, optionally by currency."""
        source = (
            None if source_currency is None else check_currency(source_currency, "source_currency")
        )
        target = (
            None if target_currency is None else check_currency(target_currency, "target_currency")
        )
        per_call = check_call_options(options)
        return self._list(
            list_balance_conversions.asyncio_detailed,
            BalanceConversionList,
            before=before,
            after=after,
            per_page=per_page,
            page=page,
            prefetch=prefetch,
            filters={"source_currency": source, "target_currency": target},
            options=per_call,
        )
