"""``GET /v1/balances``: Retrieve balances.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.
"""

from __future__ import annotations

from ...client import Sender
from ...models.balance_list import BalanceList
from ...types import (
    OperationLabel,
    Response,
    decode_response,
)

__all__ = ["METHOD", "OPERATION", "PATH", "asyncio_detailed"]

METHOD = "GET"
PATH = "/v1/balances"
"""The operation's path, relative to the service's root address."""
OPERATION = OperationLabel("getBalances", METHOD, PATH)
"""The operation's id, method and path template: what logs, events and traces name it by."""


async def asyncio_detailed(
    *,
    sender: Sender,
) -> Response[BalanceList]:
    """Retrieve balances

    Returns the current balance in every currency enabled for the account.

    Returns the ``200`` response: its status, headers and parsed ``BalanceList``. Raises
    ``errors.UnexpectedBody`` when the body does not match the bundle.
    """
    response = await sender.send(
        METHOD,
        PATH,
        operation=OPERATION,
    )
    return decode_response(response, BalanceList)
