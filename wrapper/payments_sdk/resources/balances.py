"""``client.balances``: the balance in every enabled currency."""

from __future__ import annotations

from payments_sdk_generated.api.multi_currency_account import get_balances
from payments_sdk_generated.models import BalanceList

from ._resource import Resource

__all__ = ["Balances"]


class Balances(Resource):
    """Balances of the account."""

    async def retrieve(self) -> BalanceList:
        """``GET /balances``: the balance in every currency enabled for the account."""
        return await self._requestor.parsed(lambda s: get_balances.asyncio_detailed(sender=s))
