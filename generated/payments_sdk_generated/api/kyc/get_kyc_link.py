"""``GET /v1/kyc-links/{id}``: Retrieve a KYC link.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.
"""

from __future__ import annotations

from ...client import Sender
from ...models.kyc_link import KycLink
from ...types import (
    OperationLabel,
    Response,
    decode_response,
    path_segment,
)

__all__ = ["METHOD", "OPERATION", "PATH", "asyncio_detailed"]

METHOD = "GET"
PATH = "/v1/kyc-links/{id}"
"""The operation's path, relative to the service's root address."""
OPERATION = OperationLabel("getKycLink", METHOD, PATH)
"""The operation's id, method and path template: what logs, events and traces name it by."""


async def asyncio_detailed(
    id: str,
    *,
    sender: Sender,
) -> Response[KycLink]:
    """Retrieve a KYC link

    Returns the link's details, its verification status, the customer id and the submitted KYC
    documents.

    Returns the ``200`` response: its status, headers and parsed ``KycLink``. Raises
    ``errors.UnexpectedBody`` when the body does not match the bundle.
    """
    response = await sender.send(
        METHOD,
        PATH.format(id=path_segment(id, "id")),
        operation=OPERATION,
    )
    return decode_response(response, KycLink)
