"""``POST /v1/balance_conversions``: Convert a balance.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...client import Sender
from ...models.balance_conversion import BalanceConversion
from ...models.balance_conversion_by_source import BalanceConversionBySource
from ...models.balance_conversion_by_target import BalanceConversionByTarget
from ...types import (
    OperationLabel,
    Response,
    decode_response,
    encode_json,
)

__all__ = ["METHOD", "OPERATION", "PATH", "asyncio_detailed"]

METHOD = "POST"
PATH = "/v1/balance_conversions"
"""The operation's path, relative to the service's root address."""
OPERATION = OperationLabel("createBalanceConversion", METHOD, PATH)
"""The operation's id, method and path template: what logs, events and traces name it by."""


async def asyncio_detailed(
    *,
    sender: Sender,
    body: BalanceConversionBySource | BalanceConversionByTarget | Mapping[str, Any],
) -> Response[BalanceConversion]:
    """Convert a balance

    Converts part of the balance in one supported currency into another. Send exactly one
    amount: `source_amount` (what to convert) or `target_amount` (what to receive). The service
    calculates the other one. Sending both is rejected.

    Returns the ``201`` response: its status, headers and parsed ``BalanceConversion``. Raises
    ``errors.UnexpectedBody`` when the body does not match the bundle.
    """
    response = await sender.send(
        METHOD,
        PATH,
        operation=OPERATION,
        content=encode_json(body),
        headers={"Content-Type": "application/json"},
    )
    return decode_response(response, BalanceConversion)
