from __future__ import annotations

from ..models.beneficiary_bank_account_request import BeneficiaryBankAccountRequest
from ..models.beneficiary_details import BeneficiaryDetails
from ..types import Model

__all__ = ["BeneficiaryV2Request"]


class BeneficiaryV2Request(Model):
    """A payee of payouts with nested beneficiary, address and bank-account objects."""

    category: str | None = None
    """ `payout` for payout beneficiaries. """
    beneficiary: BeneficiaryDetails | None = None
    """ Who the beneficiary is. """
    bank_account: BeneficiaryBankAccountRequest | None = None
    """ Where payouts go. USD uses `swift_code`; EUR and AED use the IBAN as `account_number` alone;
    GBP and AUD use `local_routing_number` (sort code, BSB; IFSC for INR).
     """
    notes: dict[str, str] | None = None
    """ Free-form key/value pairs supplied by the caller. """
