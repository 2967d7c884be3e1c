"""``POST /v1/refunds``: Refund a payment.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...client import Sender
from ...models.refund import Refund
from ...models.refund_create_request import RefundCreateRequest
from ...types import (
    OperationLabel,
    Response,
    decode_response,
    encode_json,
)

__all__ = ["METHOD", "OPERATION", "PATH", "asyncio_detailed"]

METHOD = "POST"
PATH = "/v1/refunds"
"""The operation's path, relative to the service's root address."""
OPERATION = OperationLabel("createRefund", METHOD, PATH)
"""The operation's id, method and path template: what logs, events and traces name it by."""


async def asyncio_detailed(
    *,
    sender: Sender,
    body: RefundCreateRequest | Mapping[str, Any],
) -> Response[Refund]:
    """Refund a payment

    Creates a refund for a payment. The service refunds only a payment in the `success` state
    for which no other refund exists; anything else is refused.

    Returns the ``201`` response: its status, headers and parsed ``Refund``. Raises
    ``errors.UnexpectedBody`` when the body does not match the bundle.
    """
    response = await sender.send(
        METHOD,
        PATH,
        operation=OPERATION,
        content=encode_json(body),
        headers={"Content-Type": "application/json"},
    )
    return decode_response(response, Refund)
