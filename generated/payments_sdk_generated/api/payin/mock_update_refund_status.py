"""``PATCH /v1/refunds/{id}/mock_update_status``: Complete an in-progress refund (test mode).

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

METHOD = "PATCH"
PATH = "/v1/refunds/{id}/mock_update_status"
"""The operation's path, relative to the service's root address."""
OPERATION = OperationLabel("mockUpdateRefundStatus", METHOD, PATH)
"""The operation's id, method and path template: what logs, events and traces name it by."""


async def asyncio_detailed(
    id: str,
    *,
    sender: Sender,
) -> Response[Refund]:
    """Complete an in-progress refund (test mode)

    Marks an `in_progress` refund as successful. Meant for test environments.

    Returns the ``200`` response: its status, headers and parsed ``Refund``. Raises
    ``errors.UnexpectedBody`` when the body does not match the bundle.
    """
    response = await sender.send(
        METHOD,
        PATH.format(id=path_segment(id, "id")),
        operation=OPERATION,
    )
    return decode_response(response, Refund)
