"""``GET /v1/ping``: Check connectivity and credentials.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.
"""

from __future__ import annotations

from ...client import Sender
from ...models.ping import Ping
from ...types import (
    OperationLabel,
    Response,
    decode_response,
)

__all__ = ["METHOD", "OPERATION", "PATH", "asyncio_detailed"]

METHOD = "GET"
PATH = "/v1/ping"
"""The operation's path, relative to the service's root address."""
OPERATION = OperationLabel("ping", METHOD, PATH)
"""The operation's id, method and path template: what logs, events and traces name it by."""


async def asyncio_detailed(
    *,
    sender: Sender,
) -> Response[Ping]:
    """Check connectivity and credentials

    Answers when the bearer token is accepted. Useful as a first call to prove that the key and base
    URL are right.

    Returns the ``200`` response: its status, headers and parsed ``Ping``. Raises
    ``errors.UnexpectedBody`` when the body does not match the bundle.
    """
    response = await sender.send(
        METHOD,
        PATH,
        operation=OPERATION,
    )
    return decode_response(response, Ping)
