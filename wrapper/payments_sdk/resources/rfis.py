"""``client.rfis``: requests for information raised by compliance checks."""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING

from payments_sdk_generated.api.request_for_information import list_rfis
from payments_sdk_generated.models import Rfi, RfiList, RfiStatus

from .._call_options import RequestOptions, check_call_options
from .._pagination import AsyncPager
from .._validation import check_text
from ..errors import InvalidParameterError
from ._resource import Resource

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["Rfis"]


class Rfis(Resource):
    """RFIs on payments, payins, payouts, refunds, orders and subscriptions."""

    def list(
        self,
        *,
        status: RfiStatus | str | None = None,
        search: str | None = None,
        before: datetime | str | None = None,
        after: datetime | str | None = None,
        per_page: int = 20,
        page: int = 1,
        prefetch: int = 0,
        **options: Unpack[RequestOptions],
    ) -> AsyncPager[Rfi]:
        """``GET /rfis``: RFIs, newest first.

        ``status`` is a member (or the value) of :class:`~payments_sdk.types.RfiStatus`.
        ``search`` matches the RFI id or the underlying entity's id
        exactly.
        """
        wanted: RfiStatus | None = None
        if status is not None:
            try:
                wanted = RfiStatus(status)
            except ValueError:
                allowed = ", ".join(s.value for s in RfiStatus)
                raise InvalidParameterError("status", f"must be one of {allowed}") from None
        term = None if search is None else check_text(search, "search")
        per_call = check_call_options(options)
        return self._list(
            list_rfis.asyncio_detailed,
            RfiList,
            before=before,
            after=after,
            per_page=per_page,
            page=page,
            prefetch=prefetch,
            filters={"status": wanted, "search": term},
            options=per_call,
        )
