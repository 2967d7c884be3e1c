"""``POST /v1/kyc-links``: Create a KYC link.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...client import Sender
from ...models.kyc_link import KycLink
from ...models.kyc_link_create_request import KycLinkCreateRequest
from ...types import (
    OperationLabel,
    Response,
    decode_response,
    encode_json,
)

__all__ = ["METHOD", "OPERATION", "PATH", "asyncio_detailed"]

METHOD = "POST"
PATH = "/v1/kyc-links"
"""The operation's path, relative to the service's root address."""
OPERATION = OperationLabel("createKycLink", METHOD, PATH)
"""The operation's id, method and path template: what logs, events and traces name it by."""


async def asyncio_detailed(
    *,
    sender: Sender,
    body: KycLinkCreateRequest | Mapping[str, Any],
) -> Response[KycLink]:
    """Create a KYC link

    Creates a link to share with a customer, for an existing customer (`customer_id`) or a new one
    (`email`).

    Returns the ``201`` response: its status, headers and parsed ``KycLink``. Raises
    ``errors.UnexpectedBody`` when the body does not match the bundle.
    """
    response = await sender.send(
        METHOD,
        PATH,
        operation=OPERATION,
        content=encode_json(body),
        headers={"Content-Type": "application/json"},
    )
    return decode_response(response, KycLink)
