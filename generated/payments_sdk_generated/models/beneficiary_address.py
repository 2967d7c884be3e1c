from __future__ import annotations

from ..types import Model

__all__ = ["BeneficiaryAddress"]


class BeneficiaryAddress(Model):
    """The beneficiary's address."""

    address_line1: str | None = None
    """``address_line1`` (optional); the service description says no more about it."""
    city: str | None = None
    """``city`` (optional); the service description says no more about it."""
    state: str | None = None
    """``state`` (optional); the service description says no more about it."""
    country_code: str | None = None
    """ ISO 3166-1 alpha-3 country code. """
    postal_code: str | None = None
    """``postal_code`` (optional); the service description says no more about it."""
