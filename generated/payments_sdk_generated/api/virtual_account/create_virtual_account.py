"""``POST /v1/v2/virtual-accounts``: Create a virtual account.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...client import Sender
from ...models.virtual_account import VirtualAccount
from ...models.virtual_account_create_request import VirtualAccountCreateRequest
from ...types import (
    OperationLabel,
    Response,
    decode_response,
    encode_json,
)

__all__ = ["METHOD", "OPERATION", "PATH", "asyncio_detailed"]

METHOD = "POST"
PATH = "/v1/v2/virtual-accounts"
"""The operation's path, relative to the service's root address."""
OPERATION = OperationLabel("createVirtualAccount", METHOD, PATH)
"""The operation's id, method and path template: what logs, events and traces name it by."""


async def asyncio_detailed(
    *,
    sender: Sender,
    body: VirtualAccountCreateRequest | Mapping[str, Any],
) -> Response[VirtualAccount]:
    """Create a virtual account

    Provisions a virtual account with the given payment type and currency.

    Returns the ``201`` response: its status, headers and parsed ``VirtualAccount``. Raises
    ``errors.UnexpectedBody`` when the body does not match the bundle.
    """
    response = await sender.send(
        METHOD,
        PATH,
        operation=OPERATION,
        content=encode_json(body),
        headers={"Content-Type": "application/json"},
    )
    return decode_response(response, VirtualAccount)
