from __future__ import annotations

from ..types import Model

__all__ = ["Fee"]


class Fee(Model):
    """A fee in the smallest unit of its currency."""

    amount: int
    """ An amount in the smallest currency unit that may be zero, such as an empty balance or a
    waived fee. """
    currency: str
    """ ISO 4217 currency code. """
