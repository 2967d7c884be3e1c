"""``GET /v1/bank_account_validation``: List bank account validations.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.

Lists bank account validations, newest first, optionally filtered by saved beneficiary account
or country.
"""

from __future__ import annotations

from ...models.bank_account_validation_list import BankAccountValidationList
from ...types import Operation

__all__ = ["OPERATION"]

OPERATION: Operation[BankAccountValidationList] = Operation(
    "listBankAccountValidations",
    "GET",
    "/v1/bank_account_validation",
    answer=BankAccountValidationList,
)
"""List bank account validations: answers ``BankAccountValidationList`` (200)."""
