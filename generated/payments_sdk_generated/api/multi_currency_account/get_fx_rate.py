"""``GET /v1/fx-rate``: Retrieve the mid-market FX rate.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.
"""

from __future__ import annotations

from typing import Any

from ...client import Sender
from ...models.fx_rate import FxRate
from ...types import (
    OperationLabel,
    Response,
    decode_response,
)

__all__ = ["METHOD", "OPERATION", "PATH", "asyncio_detailed"]

METHOD = "GET"
PATH = "/v1/fx-rate"
"""The operation's path, relative to the service's root address."""
OPERATION = OperationLabel("getFxRate", METHOD, PATH)
"""The operation's id, method and path template: what logs, events and traces name it by."""


async def asyncio_detailed(
    *,
    sender: Sender,
    source_currency: str,
    target_currency: str,
) -> Response[FxRate]:
    """Retrieve the mid-market FX rate

    Returns the current mid-market rate for a currency pair, before FX fees. The rate is cached
    until `expires_at`; after that a fresh rate is fetched from the provider.

    Returns the ``200`` response: its status, headers and parsed ``FxRate``. Raises
    ``errors.UnexpectedBody`` when the body does not match the bundle.
    """
    params: dict[str, Any] = {}
    params["source_currency"] = source_currency
    params["target_currency"] = target_currency
    response = await sender.send(
        METHOD,
        PATH,
        operation=OPERATION,
        params=params,
    )
    return decode_response(response, FxRate)
