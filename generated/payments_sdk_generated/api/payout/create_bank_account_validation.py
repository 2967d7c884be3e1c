"""``POST /v1/bank_account_validation``: Validate a bank account.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.

Validates a bank account given in full, or an already saved beneficiary bank account given by
its id.
"""

from __future__ import annotations

from ...models.bank_account_validation import BankAccountValidation
from ...types import Operation

__all__ = ["OPERATION"]

OPERATION: Operation[BankAccountValidation] = Operation(
    "createBankAccountValidation",
    "POST",
    "/v1/bank_account_validation",
    answer=BankAccountValidation,
    media_type="application/json",
)
"""Validate a bank account: answers ``BankAccountValidation`` (200)."""
