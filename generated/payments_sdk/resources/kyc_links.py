"""``client.kyc_links``: Shareable identity-verification (KYC) links.

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
from payments_sdk_generated.api.kyc import create_kyc_link, get_kyc_link, list_kyc_links

if TYPE_CHECKING:
    from payments_sdk._pagination import AsyncPager
    from payments_sdk._window import Window
    from payments_sdk_generated.models import KycLink
    from typing_extensions import Unpack

__all__ = ["KycLinks"]

_LIST_STATUS: dict[str, Any] = {"type": "string", "minLength": 1}
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
    "description": "For an existing customer (`customer_id`) or a new one (`email`), not both.",
    "properties": {
        "customer_id": {
            "type": "string",
            "pattern": "^cust_[A-Za-z0-9_-]+$",
            "description": "A customer id.",
            "examples": ["cust_6Yh2Rt8"],
        },
        "email": {"type": "string", "format": "email"},
    },
    "not": {
        "description": "Both a customer id and an e-mail address.",
        "required": ["customer_id", "email"],
        "properties": {"customer_id": {}, "email": {}},
    },
    "x-model": "KycLinkCreateRequest",
}
_RETRIEVE_ID: dict[str, Any] = {
    "type": "string",
    "description": "A single path segment of at most 256 characters (no `/`, no control characters, not `.` or `..`).",
    "pattern": "^(?!\\.{1,2}$)[^/\\x00-\\x1F\\x7F]{1,256}$",
}


class KycLinks(Resource):
    """Shareable identity-verification (KYC) links."""

    def list(
        self,
        *,
        status: str | None = None,
        before: datetime | str | None = None,
        after: datetime | str | None = None,
        per_page: int = 20,
        page: int = 1,
        window: Window | None = None,
        prefetch: int = 0,
        **options: Unpack[RequestOptions],
    ) -> AsyncPager[KycLink]:
        """``GET /v1/kyc-links``: List KYC links.

        Lists KYC links, newest first, optionally filtered by status.

        Returns an :class:`~payments_sdk.AsyncPager`: ``await`` it for the first page, or ``async for``
        over every item of every page. ``prefetch`` keeps up to that many later pages in flight.

        Args:
            status: Only links with this verification status. At least 1 character(s).
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
        per_page = check(per_page, _LIST_PER_PAGE, "per_page")
        page = check(page, _LIST_PAGE, "page")
        if options:
            self._no_body(options.get("extra_body"), list_kyc_links.OPERATION)
        per_call = check_call_options(options) if options else None
        return self._list(
            list_kyc_links.OPERATION,
            {"status": status},
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
        customer_id: str | None = None,
        email: str | None = None,
        **options: Unpack[RequestOptions],
    ) -> KycLink:
        """``POST /v1/kyc-links``: Create a KYC link.

        Creates a link to share with a customer, for an existing customer (`customer_id`) or a new
        one (`email`).

        Refused before sending, though the types allow it: both a customer id and an e-mail address
        (``not``).

        Args:
            customer_id: A customer id. Matches ``^cust_[A-Za-z0-9_-]+$``.
            email: Format ``email`` (checked).
        """
        body = self._body(
            _CREATE_BODY,
            {"customer_id": customer_id, "email": email},
            options.get("extra_body"),
        )
        per_call = check_call_options(options) if options else None
        return await self._requestor.parsed(create_kyc_link.OPERATION, per_call, body=body)

    async def retrieve(
        self,
        id: str,
        **options: Unpack[RequestOptions],
    ) -> KycLink:
        """``GET /v1/kyc-links/{id}``: Retrieve a KYC link.

        Returns the link's details, its verification status, the customer id and the submitted KYC
        documents.

        Args:
            id: Required. The resource's id. Matches
                ``^(?!\\.{1,2}$)[^/\\x00-\\x1F\\x7F]{1,256}$``.
        """
        id = self._path(id, _RETRIEVE_ID, "id")
        if options:
            self._no_body(options.get("extra_body"), get_kyc_link.OPERATION)
        per_call = check_call_options(options) if options else None
        return await self._requestor.parsed(get_kyc_link.OPERATION, per_call, path={"id": id})
