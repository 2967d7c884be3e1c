"""``client.payments``: payments received from customers."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from payments_sdk_generated.api.payin import list_payments
from payments_sdk_generated.models import Payment, PaymentList

from .._call_options import RequestOptions, check_call_options
from .._pagination import AsyncPager
from ._resource import Resource

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["Payments"]


class Payments(Resource):
    """Payments (payins). The description shows listing only."""

    def list(
        self,
        *,
        before: datetime | str | None = None,
        after: datetime | str | None = None,
        per_page: int = 20,
        page: int = 1,
        prefetch: int = 0,
        **options: Unpack[RequestOptions],
    ) -> AsyncPager[Payment]:
        """``GET /payments``: payments, newest first."""
        per_call = check_call_options(options)
        return self._list(
            list_payments.asyncio_detailed,
            PaymentList,
            before=before,
            after=after,
            per_page=per_page,
            page=page,
            prefetch=prefetch,
            options=per_call,
        )
