"""``client.kyc_links``: shareable identity-verification links."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from payments_sdk_generated.api.kyc import create_kyc_link, get_kyc_link, list_kyc_links
from payments_sdk_generated.models import KycLink, KycLinkCreateRequest, KycLinkList

from .._call_options import RequestOptions, check_call_options
from .._pagination import AsyncPager
from .._validation import check_id, check_text
from ..errors import InvalidParameterError
from ._resource import Resource

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["KycLinks"]


class KycLinks(Resource):
    """KYC links."""

    async def create(
        self,
        *,
        customer_id: str | None = None,
        email: str | None = None,
        **options: Unpack[RequestOptions],
    ) -> KycLink:
        """``POST /kyc-links``: a link for a customer.

        Pass ``customer_id`` for an existing customer, or ``email`` for a new one.
        """
        if customer_id is not None and email is not None:
            raise InvalidParameterError("email", "pass customer_id or email, not both")
        if customer_id is not None:
            check_id(customer_id, "customer_id", "cust_")
        if email is not None and "@" not in check_text(email, "email"):
            raise InvalidParameterError("email", f"is not an e-mail address: {email!r}")
        body = KycLinkCreateRequest(customer_id=customer_id, email=email)
        per_call = check_call_options(options)
        return await self._requestor.parsed(
            lambda s: create_kyc_link.asyncio_detailed(sender=s, body=body),
            options=per_call,
        )

    def list(
        self,
        *,
        status: str | None = None,
        before: datetime | str | None = None,
        after: datetime | str | None = None,
        per_page: int = 20,
        page: int = 1,
        prefetch: int = 0,
        **options: Unpack[RequestOptions],
    ) -> AsyncPager[KycLink]:
        """``GET /kyc-links``: links, newest first, optionally with one verification status."""
        wanted = None if status is None else check_text(status, "status")
        per_call = check_call_options(options)
        return self._list(
            list_kyc_links.asyncio_detailed,
            KycLinkList,
            before=before,
            after=after,
            per_page=per_page,
            page=page,
            prefetch=prefetch,
            filters={"status": wanted},
            options=per_call,
        )

    async def retrieve(self, id: str, **options: Unpack[RequestOptions]) -> KycLink:
        """``GET /kyc-links/{id}``: status, customer id and submitted documents of a link."""
        link_id = check_id(id, "id")
        per_call = check_call_options(options)
        return await self._requestor.parsed(
            lambda s: get_kyc_link.asyncio_detailed(link_id, sender=s),
            options=per_call,
        )
