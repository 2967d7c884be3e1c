"""``GET /v1/refunds/{id}``: Retrieve a refund.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.
"""

from __future__ import annotations

from ...client import Sender
from ...models.refund import Refund
from ...types import (
    OperationLabel,
    Response,
    decode_response,
    path_segment,
)

__all__ = ["METHOD", "OPERATION", "PATH", "asyncio_detailed"]

METHOD = "GET"
PATH = "/v1/refunds/{id}"
"""The operation's path, relative to the service's root address."""
OPERATION = OperationLabel("getRefund", METHOD, PATH)
"""The operation's id, method and path template: what logs, events and traces name it by."""


async def asyncio_detailed(
    id: str,
    *,
    sender: Sender,
) -> Response[Refund]:
    """Retrieve a refund

    Returns one refund by its id.

    Returns the ``200`` response: its status, headers and parsed ``Refund``. Raises
    ``errors.UnexpectedBody`` when the body does not match the bundle.
    """
    response = await sender.send(
        METHOD,
        PATH.format(id=path_segment(id, "id")),
        operation=OPERATION,
    )
    return decode_response(response, Refund)
