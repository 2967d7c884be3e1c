"""``client.refunds``: Refunds from the account to customers.

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
from payments_sdk_generated.api.payin import (
    create_refund,
    get_refund,
    list_refunds,
    mock_update_refund_status,
)

if TYPE_CHECKING:
    from payments_sdk._pagination import AsyncPager
    from payments_sdk._window import Window
    from payments_sdk_generated.models import Refund
    from typing_extensions import Unpack

__all__ = ["Refunds"]

_LIST_BEFORE: dict[str, Any] = {"type": "string", "format": "date-time"}
_LIST_AFTER: dict[str, Any] = {"type": "string", "format": "date-time"}
_LIST_PER_PAGE: dict[str, Any] = {"type": "integer", "minimum": 1, "maximum": 100, "default": 20}
_LIST_PAGE: dict[str, Any] = {
    "type": "integer",
    "minimum": 1,
    "maximum": 1000000000000000,
    "default": 1,
}
_CREATE_BODY: dict[str, Any] = {
    "type": "object",
    "description": "Identifies the payment to refund.",
    "required": ["payment_id"],
    "properties": {
        "payment_id": {
            "type": "string",
            "pattern": "^payt_[A-Za-z0-9_-]+$",
            "description": "A payment id.",
            "examples": ["payt_5Fg7Hj2K"],
        }
    },
    "x-model": "RefundCreateRequest",
}
_RETRIEVE_ID: dict[str, Any] = {
    "type": "string",
    "description": "A single path segment of at most 256 characters (no `/`, no control characters, not `.` or `..`).",
    "pattern": "^(?!\\.{1,2}$)[^/\\x00-\\x1F\\x7F]{1,256}$",
}
_MOCK_UPDATE_STATUS_ID: dict[str, Any] = {
    "type": "string",
    "description": "A single path segment of at most 256 characters (no `/`, no control characters, not `.` or `..`).",
    "pattern": "^(?!\\.{1,2}$)[^/\\x00-\\x1F\\x7F]{1,256}$",
}


class Refunds(Resource):
    """Refunds from the account to customers."""

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
    ) -> AsyncPager[Refund]:
        """``GET /v1/refunds``: List refunds.

        Lists refunds, newest first.

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
            self._no_body(options.get("extra_body"), list_refunds.OPERATION)
        per_call = check_call_options(options) if options else None
        return self._list(
            list_refunds.OPERATION,
            {},
            before=before,
            after=after,
            per_page=per_page,
            page=page,
            prefetch=prefetch,
            options=per_call,
            window=window,
        )

    async def create(
        self,
        *,
        payment_id: str,
        **options: Unpack[RequestOptions],
    ) -> Refund:
        """``POST /v1/refunds``: Refund a payment.

        Creates a refund for a payment. The service refunds only a payment in the `success` state
        for which no other refund exists; anything else is refused.

        Args:
            payment_id: Required. A payment id. Matches ``^payt_[A-Za-z0-9_-]+$``.
        """
        body = self._body(
            _CREATE_BODY,
            {"payment_id": payment_id},
            options.get("extra_body"),
        )
        per_call = check_call_options(options) if options else None
        return await self._requestor.parsed(create_refund.OPERATION, per_call, body=body)

    async def retrieve(
        self,
        id: str,
        **options: Unpack[RequestOptions],
    ) -> Refund:
        """``GET /v1/refunds/{id}``: Retrieve a refund.

        Returns one refund by its id.

        Args:
            id: Required. The resource's id. Matches
                ``^(?!\\.{1,2}$)[^/\\x00-\\x1F\\x7F]{1,256}$``.
        """
        id = self._path(id, _RETRIEVE_ID, "id")
        if options:
            self._no_body(options.get("extra_body"), get_refund.OPERATION)
        per_call = check_call_options(options) if options else None
        return await self._requestor.parsed(get_refund.OPERATION, per_call, path={"id": id})

    async def mock_update_status(
        self,
        id: str,
        **options: Unpack[RequestOptions],
    ) -> Refund:
        """``PATCH /v1/refunds/{id}/mock_update_status``: Complete an in-progress refund (test mode).

        Marks an `in_progress` refund as successful. Meant for test environments.

        Args:
            id: Required. The resource's id. Matches
                ``^(?!\\.{1,2}$)[^/\\x00-\\x1F\\x7F]{1,256}$``.
        """
        id = self._path(id, _MOCK_UPDATE_STATUS_ID, "id")
        if options:
            self._no_body(options.get("extra_body"), mock_update_refund_status.OPERATION)
        per_call = check_call_options(options) if options else None
        return await self._requestor.parsed(
            mock_update_refund_status.OPERATION, per_call, path={"id": id}
        )
