"""``GET /v1/orders/{id}``: Retrieve an order.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.
"""

from __future__ import annotations

from ...client import Sender
from ...models.order import Order
from ...types import (
    OperationLabel,
    Response,
    decode_response,
    path_segment,
)

__all__ = ["METHOD", "OPERATION", "PATH", "asyncio_detailed"]

METHOD = "GET"
PATH = "/v1/orders/{id}"
"""The operation's path, relative to the service's root address."""
OPERATION = OperationLabel("getOrder", METHOD, PATH)
"""The operation's id, method and path template: what logs, events and traces name it by."""


async def asyncio_detailed(
    id: str,
    *,
    sender: Sender,
) -> Response[Order]:
    """Retrieve an order

    Returns one order by its id.

    Returns the ``200`` response: its status, headers and parsed ``Order``. Raises
    ``errors.UnexpectedBody`` when the body does not match the bundle.
    """
    response = await sender.send(
        METHOD,
        PATH.format(id=path_segment(id, "id")),
        operation=OPERATION,
    )
    return decode_response(response, Order)
