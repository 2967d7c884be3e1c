"""``POST /v1/bank_account_validation``: Validate a bank account.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from ...client import Sender
from ...models.bank_account import BankAccount
from ...models.bank_account_reference import BankAccountReference
from ...models.bank_account_validation import BankAccountValidation
from ...types import (
    OperationLabel,
    Response,
    decode_response,
    encode_json,
)

__all__ = ["METHOD", "OPERATION", "PATH", "asyncio_detailed"]

METHOD = "POST"
PATH = "/v1/bank_account_validation"
"""The operation's path, relative to the service's root address."""
OPERATION = OperationLabel("createBankAccountValidation", METHOD, PATH)
"""The operation's id, method and path template: what logs, events and traces name it by."""


async def asyncio_detailed(
    *,
    sender: Sender,
    body: BankAccount | BankAccountReference | Mapping[str, Any],
) -> Response[BankAccountValidation]:
    """Validate a bank account

    Validates a bank account given in full, or an already saved beneficiary bank account given by
    its id.

    Returns the ``200`` response: its status, headers and parsed ``BankAccountValidation``. Raises
    ``errors.UnexpectedBody`` when the body does not match the bundle.
    """
    response = await sender.send(
        METHOD,
        PATH,
        operation=OPERATION,
        content=encode_json(body),
        headers={"Content-Type": "application/json"},
    )
    return decode_response(response, BankAccountValidation)
