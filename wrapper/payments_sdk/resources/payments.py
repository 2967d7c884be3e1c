"""``client.payments``: payments received from customers."""

from __future__ import annotations

from datetime import datetime

from payments_sdk_generated.api.payin import list_payments
from payments_sdk_generated.models import Payment, PaymentList

from .._pagination import AsyncPager
from ._resource import Resource

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
    ) -> AsyncPager[Payment]:
        """``GET /payments``: payments, newest first."""
        return self._list(
            list_payments.asyncio_detailed,
            PaymentList,
            before=before,
            after=after,
            per_page=per_page,
            page=page,
            prefetch=prefetch,
        )
