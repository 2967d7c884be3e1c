"""``POST /v1/orders``: Create an order.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...client import Sender
from ...models.order import Order
from ...models.order_create_inline import OrderCreateInline
from ...models.order_create_with_quote import OrderCreateWithQuote
from ...types import (
    OperationLabel,
    Response,
    decode_response,
    encode_json,
)

__all__ = ["METHOD", "OPERATION", "PATH", "asyncio_detailed"]

METHOD = "POST"
PATH = "/v1/orders"
"""The operation's path, relative to the service's root address."""
OPERATION = OperationLabel("createOrder", METHOD, PATH)
"""The operation's id, method and path template: what logs, events and traces name it by."""


async def asyncio_detailed(
    *,
    sender: Sender,
    body: OrderCreateInline | OrderCreateWithQuote | Mapping[str, Any],
) -> Response[Order]:
    """Create an order

    Creates a request to receive a payment from a customer, either with the amount, currency
    and payment methods inline, or from a quote obtained earlier.

    Returns the ``201`` response: its status, headers and parsed ``Order``. Raises
    ``errors.UnexpectedBody`` when the body does not match the bundle.
    """
    response = await sender.send(
        METHOD,
        PATH,
        operation=OPERATION,
        content=encode_json(body),
        headers={"Content-Type": "application/json"},
    )
    return decode_response(response, Order)
