from __future__ import annotations

import msgspec

from ..models.beneficiary_address import BeneficiaryAddress
from ..types import Model

__all__ = ["BeneficiaryDetails"]


class BeneficiaryDetails(Model):
    """Who the beneficiary is."""

    name: str | None = None
    """``name`` (optional); the service description says no more about it."""
    type_: str | None = msgspec.field(default=None, name="type")
    """ `individual` or `business` appear; other values are not published. """
    address: BeneficiaryAddress | None = None
    """ The beneficiary's address. """
