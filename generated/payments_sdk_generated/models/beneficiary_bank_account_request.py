from __future__ import annotations

from ..types import Model

__all__ = ["BeneficiaryBankAccountRequest"]


class BeneficiaryBankAccountRequest(Model):
    """Where payouts go. USD uses `swift_code`; EUR and AED use the IBAN as `account_number` alone;
    GBP and AUD use `local_routing_number` (sort code, BSB; IFSC for INR).

    """

    account_number: str | None = None
    """ The account number; an IBAN for EUR and AED accounts. """
    swift_code: str | None = None
    """ The SWIFT code, used for USD. """
    local_routing_number: str | None = None
    """ Sort code for GBP, BSB for AUD, IFSC for INR. """
    currency: str | None = None
    """ ISO 4217 currency code. """
