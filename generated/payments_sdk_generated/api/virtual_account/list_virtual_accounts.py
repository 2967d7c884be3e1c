"""``GET /v1/virtual-accounts``: List the customer's virtual accounts.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.
"""

from __future__ import annotations

from ...client import Sender
from ...models.virtual_account_list import VirtualAccountList
from ...types import (
    OperationLabel,
    Response,
    decode_response,
)

__all__ = ["METHOD", "OPERATION", "PATH", "asyncio_detailed"]

METHOD = "GET"
PATH = "/v1/virtual-accounts"
"""The operation's path, relative to the service's root address."""
OPERATION = OperationLabel("listVirtualAccounts", METHOD, PATH)
"""The operation's id, method and path template: what logs, events and traces name it by."""


async def asyncio_detailed(
    *,
    sender: Sender,
) -> Response[VirtualAccountList]:
    """List the customer's virtual accounts

    Lists the virtual accounts of the customer whose JWT authenticates the call, newest first.

    Returns the ``200`` response: its status, headers and parsed ``VirtualAccountList``. Raises
    ``errors.UnexpectedBody`` when the body does not match the bundle.
    """
    response = await sender.send(
        METHOD,
        PATH,
        operation=OPERATION,
    )
    return decode_response(response, VirtualAccountList)
