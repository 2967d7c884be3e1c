from __future__ import annotations

from ..models.bank_account_validation import BankAccountValidation
from ..models.page_meta import PageMeta
from ..types import Model

__all__ = ["BankAccountValidationList"]


class BankAccountValidationList(Model):
    """A page of bank account validations."""

    data: list[BankAccountValidation]
    """``data`` (required); the service description says no more about it."""
    page_meta: PageMeta
    """ Page metadata, present in every list response. """
