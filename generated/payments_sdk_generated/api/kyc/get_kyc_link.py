"""``GET /v1/kyc-links/{id}``: Retrieve a KYC link.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.

Returns the link's details, its verification status, the customer id and the submitted KYC
documents.
"""

from __future__ import annotations

from ...models.kyc_link import KycLink
from ...types import Operation

__all__ = ["OPERATION"]

OPERATION: Operation[KycLink] = Operation(
    "getKycLink",
    "GET",
    "/v1/kyc-links/{id}",
    answer=KycLink,
)
"""Retrieve a KYC link: answers ``KycLink`` (200)."""
