"""``GET /v1/kyc-links``: List KYC links.

Written from ``openapi/templates/endpoint_module.py.jinja``: do not edit.

Lists KYC links, newest first, optionally filtered by status.
"""

from __future__ import annotations

from ...models.kyc_link_list import KycLinkList
from ...types import Operation

__all__ = ["OPERATION"]

OPERATION: Operation[KycLinkList] = Operation(
    "listKycLinks",
    "GET",
    "/v1/kyc-links",
    answer=KycLinkList,
)
"""List KYC links: answers ``KycLinkList`` (200)."""
