"""``POST /v1/kyc-links``: Create a KYC link.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.

Creates a link to share with a customer, for an existing customer (`customer_id`) or a new one
(`email`).
"""

from __future__ import annotations

from ...models.kyc_link import KycLink
from ...types import Operation

__all__ = ["OPERATION"]

OPERATION: Operation[KycLink] = Operation(
    "createKycLink",
    "POST",
    "/v1/kyc-links",
    answer=KycLink,
    media_type="application/json",
)
"""Create a KYC link: answers ``KycLink`` (201)."""
