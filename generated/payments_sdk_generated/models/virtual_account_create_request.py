from __future__ import annotations

from ..types import Model

__all__ = ["VirtualAccountCreateRequest"]


class VirtualAccountCreateRequest(Model):
    """The payment type and currency of the account to provision."""

    payment_type: str
    """ Payment type of a virtual account; allowed values are not published. """
    currency: str
    """ ISO 4217 currency code. """
