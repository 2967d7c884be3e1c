"""``client.refunds``: refunds of successful payments."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from payments_sdk_generated.api.payin import (
    create_refund,
    get_refund,
    list_refunds,
    mock_update_refund_status,
)
from payments_sdk_generated.models import Refund, RefundCreateRequest, RefundList

from .._call_options import RequestOptions, check_call_options
from .._pagination import AsyncPager
from .._validation import check_id
from ._resource import Resource

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["Refunds"]


class Refunds(Resource):
    """Refunds from the account to customers."""

    async def create(self, *, payment_id: str, **options: Unpack[RequestOptions]) -> Refund:
        """``POST /refunds``: refund a payment.

        The service refunds only a payment in the ``success`` state that has no refund yet;
        anything else raises :class:`~payments_sdk.BadRequestError`. The refund starts
        ``in_progress``.
        """
        body = RefundCreateRequest(payment_id=check_id(payment_id, "payment_id", "payt_"))
        per_call = check_call_options(options)
        return await self._requestor.parsed(
            lambda s: create_refund.asyncio_detailed(sender=s, body=body),
            options=per_call,
        )

    def list(
        self,
        *,
        before: datetime | str | None = None,
        after: datetime | str | None = None,
        per_page: int = 20,
        page: int = 1,
        prefetch: int = 0,
        **options: Unpack[RequestOptions],
    ) -> AsyncPager[Refund]:
        """``GET /refunds``: refunds, newest first."""
        per_call = check_call_options(options)
        return self._list(
            list_refunds.asyncio_detailed,
            RefundList,
            before=before,
            after=after,
            per_page=per_page,
            page=page,
            prefetch=prefetch,
            options=per_call,
        )

    async def retrieve(self, id: str, **options: Unpack[RequestOptions]) -> Refund:
        """``GET /refunds/{id}``: one refund."""
        refund_id = check_id(id, "id")
        per_call = check_call_options(options)
        return await self._requestor.parsed(
            lambda s: get_refund.asyncio_detailed(refund_id, sender=s),
            options=per_call,
        )

    async def mock_update_status(self, id: str, **options: Unpack[RequestOptions]) -> Refund:
        """``PATCH /refunds/{id}/mock_update_status``: complete an in-progress refund.

        Meant for test environments; the refund moves from ``in_progress`` to ``success``.
        """
        refund_id = check_id(id, "id")
        per_call = check_call_options(options)
        return await self._requestor.parsed(
            lambda s: mock_update_refund_status.asyncio_detailed(refund_id, sender=s),
            options=per_call,
        )
