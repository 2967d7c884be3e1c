from __future__ import annotations

from ..types import Model

__all__ = ["BankAccount"]


class BankAccount(Model):
    """A bank account given in full."""

    country: str
    """ ISO 3166-1 alpha-3 country code. """
    holder_name: str
    """``holder_name`` (required); the service description says no more about it."""
    account_number: str
    """``account_number`` (required); the service description says no more about it."""
    bic_primary: str
    """``bic_primary`` (required); the service description says no more about it."""
    bic_secondary: str
    """``bic_secondary`` (required); the service description says no more about it."""
