"""``client.payments``: Payments received from customers. The description shows listing only.

Written by ``make generate`` from the bundle (``openapi/templates/surface/resource.py.jinja``):
do not edit. Every argument is checked against the schema the bundle gives it before any
request is sent.
"""

from __future__ import annotations

from datetime import datetime
from typing import TYPE_CHECKING, Any

from payments_sdk._call_options import RequestOptions, check_call_options
from payments_sdk._checks import check
from payments_sdk.resources._resource import Resource
from payments_sdk_generated.api.payin import list_payments

if TYPE_CHECKING:
    from payments_sdk._pagination import AsyncPager
    from payments_sdk._window import Window
    from payments_sdk_generated.models import Payment
    from typing_extensions import Unpack

__all__ = ["Payments"]

_LIST_BEFORE: dict[str, Any] = {"type": "string", "format": "date-time"}
_LIST_AFTER: dict[str, Any] = {"type": "string", "format": "date-time"}
_LIST_PER_PAGE: dict[str, Any] = {"type": "integer", "minimum": 1, "maximum": 100, "default": 20}
_LIST_PAGE: dict[str, Any] = {
    "type": "integer",
    "minimum": 1,
    "maximum": 1000000000000000,
    "default": 1,
}


class Payments(Resource):
    """Payments received from customers. The description shows listing only."""

    def list(
        self,
        *,
        before: datetime | str | None = None,
        after: datetime | str | None = None,
        per_page: int = 20,
        page: int = 1,
        window: Window | None = None,
        prefetch: int = 0,
        **options: Unpack[RequestOptions],
    ) -> AsyncPager[Payment]:
        """``GET /v1/payments``: List payments.

        Lists payments received from customers, newest first.

        Returns an :class:`~payments_sdk.AsyncPager`: ``await`` it for the first page, or ``async for``
        over every item of every page. ``prefetch`` keeps up to that many later pages in flight.

        Args:
            before: Only resources created before this time (ISO 8601, UTC). An aware datetime or an
                ISO 8601 string with an offset.
            after: Only resources created after this time (ISO 8601, UTC). An aware datetime or an
                ISO 8601 string with an offset.
            per_page: Page size, 1 to 100. From 1 to 100. Default: ``20``.
            page: Page number, starting at 1, at most 10^15. The next page number is in
                `page_meta.next`. From 1 to 1000000000000000. Default: ``1``.
            window: A :class:`~payments_sdk.Window`: the records created from its start (inclusive)
                to its end (exclusive), such as ``Window.month("2026-10")``; instead of ``after`` and
                ``before``, which are both exclusive. Adjacent windows share no record and miss none.
            prefetch: Later pages to keep in flight while walking, from 0 to 16. Default: ``0``.
        """
        per_page = check(per_page, _LIST_PER_PAGE, "per_page")
        page = check(page, _LIST_PAGE, "page")
        if options:
            self._no_body(options.get("extra_body"), list_payments.OPERATION)
        per_call = check_call_options(options) if options else None
        return self._list(
            list_payments.OPERATION,
            {},
            before=before,
            after=after,
            per_page=per_page,
            page=page,
            prefetch=prefetch,
            options=per_call,
            window=window,
        )
