from __future__ import annotations

from ..types import Model

__all__ = ["BeneficiaryBankAccount"]


class BeneficiaryBankAccount(Model):
    """The saved bank account of a created beneficiary, with its `bene_` id."""

    id: str | None = None
    """ The id of a saved beneficiary bank account. """
    account_number: str | None = None
    """``account_number`` (optional); the service description says no more about it."""
    swift_code: str | None = None
    """``swift_code`` (optional); the service description says no more about it."""
    local_routing_number: str | None = None
    """``local_routing_number`` (optional); the service description says no more about it."""
    currency: str | None = None
    """ ISO 4217 currency code. """
