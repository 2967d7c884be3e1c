from __future__ import annotations

from ..types import Model, Timestamp

__all__ = ["BankAccountValidation"]


class BankAccountValidation(Model):
    """Validation details of a bank account."""

    id: str | None = None
    """``id`` (optional); the service description says no more about it."""
    beneficiary_account_id: str | None = None
    """ The id of a saved beneficiary bank account. """
    country: str | None = None
    """ ISO 3166-1 alpha-3 country code. """
    holder_name: str | None = None
    """``holder_name`` (optional); the service description says no more about it."""
    account_number: str | None = None
    """``account_number`` (optional); the service description says no more about it."""
    bic_primary: str | None = None
    """``bic_primary`` (optional); the service description says no more about it."""
    bic_secondary: str | None = None
    """``bic_secondary`` (optional); the service description says no more about it."""
    status: str | None = None
    """ Outcome of the validation; values are not published. """
    created_at: Timestamp | None = None
    """ ISO 8601 date-time in UTC. """
