"""``client.fx_rates``: mid-market exchange rates."""

from __future__ import annotations

from typing import TYPE_CHECKING

from payments_sdk_generated.api.multi_currency_account import get_fx_rate
from payments_sdk_generated.models import FxRate

from .._call_options import RequestOptions, check_call_options
from .._validation import check_currency
from ._resource import Resource

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["FxRates"]


class FxRates(Resource):
    """Current mid-market rates, before FX fees."""

    async def retrieve(
        self, *, source_currency: str, target_currency: str, **options: Unpack[RequestOptions]
    ) -> FxRate:
        """``GET /fx-rate``: the cached mid-market rate of a pair, valid until ``expires_at``."""
        source = check_currency(source_currency, "source_currency")
        target = check_currency(target_currency, "target_currency")
        per_call = check_call_options(options)
        return await self._requestor.parsed(
            lambda s: get_fx_rate.asyncio_detailed(
                sender=s, source_currency=source, target_currency=target
            ),
            options=per_call,
        )
