from __future__ import annotations

from ..models.beneficiary_bank_account import BeneficiaryBankAccount
from ..models.beneficiary_details import BeneficiaryDetails
from ..types import Model

__all__ = ["BeneficiaryV2"]


class BeneficiaryV2(Model):
    """A created beneficiary; beyond the request's fields, only `id` is assumed."""

    id: str | None = None
    """``id`` (optional); the service description says no more about it."""
    category: str | None = None
    """``category`` (optional); the service description says no more about it."""
    beneficiary: BeneficiaryDetails | None = None
    """ Who the beneficiary is. """
    bank_account: BeneficiaryBankAccount | None = None
    """ The saved bank account of a created beneficiary, with its `bene_` id. """
    notes: dict[str, str] | None = None
    """``notes`` (optional); the service description says no more about it."""
