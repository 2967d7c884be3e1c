"""``POST /v2/beneficiaries``: Create a beneficiary (v2).

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.

Creates a payee of payouts from nested beneficiary, address and bank-account objects. This
operation lives at the root address, not under the versioned base URL.
"""

from __future__ import annotations

from ...models.beneficiary_v2 import BeneficiaryV2
from ...types import Operation

__all__ = ["OPERATION"]

OPERATION: Operation[BeneficiaryV2] = Operation(
    "createBeneficiaryV2",
    "POST",
    "/v2/beneficiaries",
    answer=BeneficiaryV2,
    media_type="application/json",
)
"""Create a beneficiary (v2): answers ``BeneficiaryV2`` (201)."""
