"""``GET /v1/bank_account_validation``: List bank account validations.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.
"""

from __future__ import annotations

from typing import Any

from ...client import Sender
from ...models.bank_account_validation_list import BankAccountValidationList
from ...types import (
    OperationLabel,
    Response,
    Timestamp,
    decode_response,
)

__all__ = ["METHOD", "OPERATION", "PATH", "asyncio_detailed"]

METHOD = "GET"
PATH = "/v1/bank_account_validation"
"""The operation's path, relative to the service's root address."""
OPERATION = OperationLabel("listBankAccountValidations", METHOD, PATH)
"""The operation's id, method and path template: what logs, events and traces name it by."""


async def asyncio_detailed(
    *,
    sender: Sender,
    beneficiary_account_id: str | None = None,
    country: str | None = None,
    before: Timestamp | None = None,
    after: Timestamp | None = None,
    per_page: int | None = None,
    page: int | None = None,
) -> Response[BankAccountValidationList]:
    """List bank account validations

    Lists bank account validations, newest first, optionally filtered by saved beneficiary account
    or country.

    Returns the ``200`` response: its status, headers and parsed ``BankAccountValidationList``. Raises
    ``errors.UnexpectedBody`` when the body does not match the bundle.
    """
    params: dict[str, Any] = {}
    if beneficiary_account_id is not None:
        params["beneficiary_account_id"] = beneficiary_account_id
    if country is not None:
        params["country"] = country
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
    return decode_response(response, BankAccountValidationList)
