"""``client.balances``: the balance in every enabled currency."""

from __future__ import annotations

from typing import TYPE_CHECKING

from payments_sdk_generated.api.multi_currency_account import get_balances
from payments_sdk_generated.models import BalanceList

from .._call_options import RequestOptions, check_call_options
from ._resource import Resource

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["Balances"]


class Balances(Resource):
    """Balances of the account."""

    async def retrieve(self, **options: Unpack[RequestOptions]) -> BalanceList:
        """``GET /balances``: the balance in every currency enabled for the account."""
        per_call = check_call_options(options)
        return await self._requestor.parsed(
            lambda s: get_balances.asyncio_detailed(sender=s), options=per_call
        )
