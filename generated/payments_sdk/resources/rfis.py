"""``client.rfis``: Requests for information (RFIs) on payments, payins, payouts, refunds, orders and subscriptions.

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
from payments_sdk_generated.api.request_for_information import list_rfis

if TYPE_CHECKING:
    from typing import Literal, overload

    from payments_sdk._pagination import AsyncPager
    from payments_sdk._window import Window
    from payments_sdk_generated.models import Rfi, RfiStatus
    from typing_extensions import Unpack

__all__ = ["Rfis"]

_LIST_STATUS: dict[str, Any] = {
    "type": "string",
    "description": "The status of a request for information.",
    "enum": ["action_required", "under_review", "approved", "rejected", "superseded", "expired"],
    "x-model": "RfiStatus",
}
_LIST_SEARCH: dict[str, Any] = {"type": "string", "minLength": 1}
_LIST_BEFORE: dict[str, Any] = {"type": "string", "format": "date-time"}
_LIST_AFTER: dict[str, Any] = {"type": "string", "format": "date-time"}
_LIST_PER_PAGE: dict[str, Any] = {"type": "integer", "minimum": 1, "maximum": 100, "default": 20}
_LIST_PAGE: dict[str, Any] = {
    "type": "integer",
    "minimum": 1,
    "maximum": 1000000000000000,
    "default": 1,
}


class Rfis(Resource):
    """Requests for information (RFIs) on payments, payins, payouts, refunds, orders and subscriptions."""

    if TYPE_CHECKING:
        # What mypy and the editor see: the schema's types (payments_sdk.params), one overload
        # per shape of the body. The implementation below keeps the runtime signature; a single
        # overload is mypy's "misc" (it wants two), which it still reads as the signature.

        @overload  # type: ignore[misc]
        def list(
            self,
            *,
            status: RfiStatus
            | Literal[
                "action_required", "under_review", "approved", "rejected", "superseded", "expired"
            ]
            | None = None,
            search: str | None = None,
            before: datetime | str | None = None,
            after: datetime | str | None = None,
            per_page: int = 20,
            page: int = 1,
            window: Window | None = None,
            prefetch: int = 0,
            **options: Unpack[RequestOptions],
        ) -> AsyncPager[Rfi]: ...

    def list(
        self,
        *,
        status: RfiStatus | str | None = None,
        search: str | None = None,
        before: datetime | str | None = None,
        after: datetime | str | None = None,
        per_page: int = 20,
        page: int = 1,
        window: Window | None = None,
        prefetch: int = 0,
        **options: Unpack[RequestOptions],
    ) -> AsyncPager[Rfi]:
        """``GET /v1/rfis``: List RFIs.

        Lists requests for information on payments, payins, payouts, refunds, orders and
        subscriptions, ordered by `created_at` descending.

        Returns an :class:`~payments_sdk.AsyncPager`: ``await`` it for the first page, or ``async for``
        over every item of every page. ``prefetch`` keeps up to that many later pages in flight.

        Args:
            status: Only RFIs in this status. One of ``action_required``, ``under_review``,
                ``approved``, ``rejected``, ``superseded``, ``expired``.
            search: Exact match on the RFI id or on the id of the underlying entity. At least 1
                character(s).
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
        if status is not None:
            status = check(status, _LIST_STATUS, "status")
        if search is not None:
            search = check(search, _LIST_SEARCH, "search")
        per_page = check(per_page, _LIST_PER_PAGE, "per_page")
        page = check(page, _LIST_PAGE, "page")
        if options:
            self._no_body(options.get("extra_body"), list_rfis.OPERATION)
        per_call = check_call_options(options) if options else None
        return self._list(
            list_rfis.OPERATION,
            {"status": status, "search": search},
            before=before,
            after=after,
            per_page=per_page,
            page=page,
            prefetch=prefetch,
            options=per_call,
            window=window,
        )
