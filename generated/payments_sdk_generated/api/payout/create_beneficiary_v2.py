"""``POST /v2/beneficiaries``: Create a beneficiary (v2).

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...client import Sender
from ...models.beneficiary_v2 import BeneficiaryV2
from ...models.beneficiary_v2_request import BeneficiaryV2Request
from ...types import (
    OperationLabel,
    Response,
    decode_response,
    encode_json,
)

__all__ = ["METHOD", "OPERATION", "PATH", "asyncio_detailed"]

METHOD = "POST"
PATH = "/v2/beneficiaries"
"""The operation's path, relative to the service's root address."""
OPERATION = OperationLabel("createBeneficiaryV2", METHOD, PATH)
"""The operation's id, method and path template: what logs, events and traces name it by."""


async def asyncio_detailed(
    *,
    sender: Sender,
    body: BeneficiaryV2Request | Mapping[str, Any],
) -> Response[BeneficiaryV2]:
    """Create a beneficiary (v2)

    Creates a payee of payouts from nested beneficiary, address and bank-account objects. This
    operation lives at the root address, not under the versioned base URL.

    Returns the ``201`` response: its status, headers and parsed ``BeneficiaryV2``. Raises
    ``errors.UnexpectedBody`` when the body does not match the bundle.
    """
    response = await sender.send(
        METHOD,
        PATH,
        operation=OPERATION,
        content=encode_json(body),
        headers={"Content-Type": "application/json"},
    )
    return decode_response(response, BeneficiaryV2)
