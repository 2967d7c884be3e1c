from __future__ import annotations

from ..types import Model

__all__ = ["BankAccountReference"]


class BankAccountReference(Model):
    """A saved beneficiary bank account, by id."""

    id: str
    """ The id of a saved beneficiary bank account. """
