from __future__ import annotations

from ..types import Model

__all__ = ["BankAccount"]


class BankAccount(Model):
    """A bank account given in full."""

    country: str
    """ ISO 3166-1 alpha-3 country code. """
    holder_name: str
    account_number: str
    bic_primary: str
    bic_secondary: str
