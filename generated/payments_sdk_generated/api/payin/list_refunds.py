"""``GET /v1/refunds``: List refunds.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.
"""

from __future__ import annotations

from typing import Any

from ...client import Sender
from ...models.refund_list import RefundList
from ...types import (
    OperationLabel,
    Response,
    Timestamp,
    decode_response,
)

__all__ = ["METHOD", "OPERATION", "PATH", "asyncio_detailed"]

METHOD = "GET"
PATH = "/v1/refunds"
"""The operation's path, relative to the service's root address."""
OPERATION = OperationLabel("listRefunds", METHOD, PATH)
"""The operation's id, method and path template: what logs, events and traces name it by."""


async def asyncio_detailed(
    *,
    sender: Sender,
    before: Timestamp | None = None,
    after: Timestamp | None = None,
    per_page: int | None = None,
    page: int | None = None,
) -> Response[RefundList]:
    """List refunds

    Lists refunds, newest first.

    Returns the ``200`` response: its status, headers and parsed ``RefundList``. Raises
    ``errors.UnexpectedBody`` when the body does not match the bundle.
    """
    params: dict[str, Any] = {}
    if before is not None:
        params["before"] = before.isoformat()
    if after is not None:
        params["after"] = after.isoformat()
    if per_page is not None:
        params["per_page"] = per_page
    if page is not None:
        params["page"] = page
    response = await sender.send(
        METHOD,
        PATH,
        operation=OPERATION,
        params=params,
    )
    return decode_response(response, RefundList)
