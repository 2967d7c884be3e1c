"""``client.balances``: Balances of the account, in every enabled currency.

Written by ``make generate`` from the bundle (``openapi/templates/surface/resource.py.jinja``):
do not edit. Every argument is checked against the schema the bundle gives it before any
request is sent.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from payments_sdk._call_options import RequestOptions, check_call_options
from payments_sdk.resources._resource import Resource
from payments_sdk_generated.api.multi_currency_account import get_balances

if TYPE_CHECKING:
    from payments_sdk_generated.models import BalanceList
    from typing_extensions import Unpack

__all__ = ["Balances"]


class Balances(Resource):
    """Balances of the account, in every enabled currency."""

    async def retrieve(
        self,
        **options: Unpack[RequestOptions],
    ) -> BalanceList:
        """``GET /v1/balances``: Retrieve balances.

        Returns the current balance in every currency enabled for the account.

        """
        if options:
            self._no_body(options.get("extra_body"), get_balances.OPERATION)
        per_call = check_call_options(options) if options else None
        return await self._requestor.parsed(get_balances.OPERATION, per_call)
