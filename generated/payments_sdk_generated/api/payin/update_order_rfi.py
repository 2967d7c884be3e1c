"""``PATCH /v1/orders/{id}/update-rfi``: Submit documents for an order's RFI.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...client import Sender
from ...models.order import Order
from ...models.update_rfi_request import UpdateRfiRequest
from ...types import (
    OperationLabel,
    Response,
    decode_response,
    encode_json,
    path_segment,
)

__all__ = ["METHOD", "OPERATION", "PATH", "asyncio_detailed"]

METHOD = "PATCH"
PATH = "/v1/orders/{id}/update-rfi"
"""The operation's path, relative to the service's root address."""
OPERATION = OperationLabel("updateOrderRfi", METHOD, PATH)
"""The operation's id, method and path template: what logs, events and traces name it by."""


async def asyncio_detailed(
    id: str,
    *,
    sender: Sender,
    body: UpdateRfiRequest | Mapping[str, Any],
) -> Response[Order]:
    """Submit documents for an order's RFI

    Submits the documents an RFI asks for while the order is in `action_required` because of
    sanctions screening, and updates the status of the RFI documents.

    Returns the ``200`` response: its status, headers and parsed ``Order``. Raises
    ``errors.UnexpectedBody`` when the body does not match the bundle.
    """
    response = await sender.send(
        METHOD,
        PATH.format(id=path_segment(id, "id")),
        operation=OPERATION,
        content=encode_json(body),
        headers={"Content-Type": "application/json"},
    )
    return decode_response(response, Order)
