from __future__ import annotations

from ..types import Model

__all__ = ["BeneficiaryAddress"]


class BeneficiaryAddress(Model):
    """The beneficiary's address."""

    address_line1: str | None = None
    city: str | None = None
    state: str | None = None
    country_code: str | None = None
    """ ISO 3166-1 alpha-3 country code. """
    postal_code: str | None = None
