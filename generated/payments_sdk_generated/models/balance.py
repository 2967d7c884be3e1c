from __future__ import annotations

from ..types import Model

__all__ = ["Balance"]


class Balance(Model):
    """The balance held in one currency."""

    currency: str
    """ ISO 4217 currency code. """
    amount: int
    """ An amount in the smallest currency unit that may be zero, such as an empty balance or a
    waived fee. """
