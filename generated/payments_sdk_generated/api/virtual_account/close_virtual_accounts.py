"""``DELETE /v1/virtual-accounts``: Close virtual accounts.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.
"""

from __future__ import annotations

from typing import Any

from ...client import Sender
from ...types import (
    OperationLabel,
    Response,
    no_content,
)

__all__ = ["METHOD", "OPERATION", "PATH", "asyncio_detailed"]

METHOD = "DELETE"
PATH = "/v1/virtual-accounts"
"""The operation's path, relative to the service's root address."""
OPERATION = OperationLabel("closeVirtualAccounts", METHOD, PATH)
"""The operation's id, method and path template: what logs, events and traces name it by."""


async def asyncio_detailed(
    *,
    sender: Sender,
    payment_type: str,
    currency: str,
) -> Response[None]:
    """Close virtual accounts

    Closes all active virtual accounts of the given payment type and currency.

    Returns the ``204`` response: its status, headers and parsed ``None``. Raises
    ``errors.UnexpectedBody`` when the body does not match the bundle.
    """
    params: dict[str, Any] = {}
    params["payment_type"] = payment_type
    params["currency"] = currency
    response = await sender.send(
        METHOD,
        PATH,
        operation=OPERATION,
        params=params,
    )
    return no_content(response)
