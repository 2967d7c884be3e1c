"""``client.orders``: Orders: requests to receive a payment from a customer.

Written by ``make generate`` from the bundle (``openapi/templates/surface/resource.py.jinja``):
do not edit. Every argument is checked against the schema the bundle gives it before any
request is sent.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from payments_sdk._call_options import RequestOptions, check_call_options
from payments_sdk._checks import check
from payments_sdk.resources._resource import Resource
from payments_sdk_generated.api.payin import (
    create_order,
    get_order,
    list_orders,
    update_order_rfi,
)

if TYPE_CHECKING:
    from typing import overload

    from payments_sdk._money import Money
    from payments_sdk._pagination import AsyncPager
    from payments_sdk._window import Window
    from payments_sdk.params import RfiDocumentSubmissionParam
    from payments_sdk_generated.models import Order, RfiDocumentSubmission
    from typing_extensions import Unpack

__all__ = ["Orders"]

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
    "description": "An order is created inline or from a quote.",
    "oneOf": [
        {
            "type": "object",
            "title": "OrderCreateInline",
            "description": "An order without a quote.",
            "required": ["amount", "currency", "payment_methods"],
            "properties": {
                "amount": {
                    "type": "integer",
                    "minimum": 1,
                    "maximum": 1000000000000000,
                    "description": "A positive amount in the smallest currency unit (299.00 USD is 29900; 295.991 KWD is 295990; 295 JPY is 295), at most 10^15.",
                    "examples": [29900],
                    "x-currency-field": "currency",
                },
                "currency": {
                    "type": "string",
                    "format": "iso-4217",
                    "description": "ISO 4217 currency code.",
                    "pattern": "^[A-Z]{3}$",
                    "examples": ["USD"],
                },
                "payment_methods": {
                    "type": "array",
                    "minItems": 1,
                    "items": {"type": "string", "minLength": 1},
                    "examples": [["card"]],
                },
                "split_ids": {
                    "type": "array",
                    "description": "Dynamic fee splits (`pricing_split`) that declare the merchant's share of the pricing rule;\nthe rest is charged to the customer. Without `split_ids`, the system-configured pricing\nrules apply. Split ids have no published prefix or format.\n",
                    "minItems": 1,
                    "items": {"type": "string", "minLength": 1},
                    "examples": [["4Rt7Yu2Lk9"]],
                },
            },
            "additionalProperties": False,
            "x-model": "OrderCreateInline",
        },
        {
            "type": "object",
            "title": "OrderCreateWithQuote",
            "description": "An order from a quote obtained earlier.",
            "required": ["quote_id"],
            "properties": {
                "quote_id": {
                    "type": "string",
                    "minLength": 1,
                    "description": "The id of a quote obtained from a quote operation; its format is not published.",
                },
                "split_ids": {
                    "type": "array",
                    "description": "Dynamic fee splits (`pricing_split`) that declare the merchant's share of the pricing rule;\nthe rest is charged to the customer. Without `split_ids`, the system-configured pricing\nrules apply. Split ids have no published prefix or format.\n",
                    "minItems": 1,
                    "items": {"type": "string", "minLength": 1},
                    "examples": [["4Rt7Yu2Lk9"]],
                },
            },
            "additionalProperties": False,
            "x-model": "OrderCreateWithQuote",
        },
    ],
}
_RETRIEVE_ID: dict[str, Any] = {
    "type": "string",
    "description": "A single path segment of at most 256 characters (no `/`, no control characters, not `.` or `..`).",
    "pattern": "^(?!\\.{1,2}$)[^/\\x00-\\x1F\\x7F]{1,256}$",
}
_UPDATE_RFI_ID: dict[str, Any] = {
    "type": "string",
    "description": "A single path segment of at most 256 characters (no `/`, no control characters, not `.` or `..`).",
    "pattern": "^(?!\\.{1,2}$)[^/\\x00-\\x1F\\x7F]{1,256}$",
}
_UPDATE_RFI_BODY: dict[str, Any] = {
    "type": "object",
    "description": "The documents submitted for an order's RFI.",
    "required": ["documents"],
    "properties": {
        "documents": {
            "type": "array",
            "minItems": 1,
            "items": {
                "type": "object",
                "description": "A document submitted for one document an RFI asked for.",
                "required": ["id", "rfi_doc_id"],
                "properties": {
                    "id": {
                        "type": "string",
                        "pattern": "^doc_[A-Za-z0-9_-]+$",
                        "description": "A document id.",
                        "examples": ["doc_4Hn8sPq2"],
                    },
                    "rfi_doc_id": {
                        "type": "string",
                        "pattern": "^rfidoc_[A-Za-z0-9_-]+$",
                        "description": "An RFI document id.",
                        "examples": ["rfidoc_7Tb1Kc9"],
                    },
                },
                "x-model": "RfiDocumentSubmission",
            },
        }
    },
    "x-model": "UpdateRfiRequest",
}


class Orders(Resource):
    """Orders: requests to receive a payment from a customer."""

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
    ) -> AsyncPager[Order]:
        """``GET /v1/orders``: List orders.

        Lists orders, newest first.

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
            self._no_body(options.get("extra_body"), list_orders.OPERATION)
        per_call = check_call_options(options) if options else None
        return self._list(
            list_orders.OPERATION,
            {},
            before=before,
            after=after,
            per_page=per_page,
            page=page,
            prefetch=prefetch,
            options=per_call,
            window=window,
        )

    if TYPE_CHECKING:
        # What mypy and the editor see: the schema's types (payments_sdk.params), one overload
        # per shape of the body. The implementation below keeps the runtime signature; a single
        # overload is mypy's "misc" (it wants two), which it still reads as the signature.

        @overload
        async def create(
            self,
            *,
            amount: int | Money,
            currency: str,
            payment_methods: Sequence[str],
            split_ids: Sequence[str] | None = None,
            **options: Unpack[RequestOptions],
        ) -> Order: ...

        @overload
        async def create(
            self,
            *,
            quote_id: str,
            split_ids: Sequence[str] | None = None,
            **options: Unpack[RequestOptions],
        ) -> Order: ...

    async def create(
        self,
        *,
        amount: int | Money | None = None,
        currency: str | None = None,
        payment_methods: Sequence[str] | None = None,
        split_ids: Sequence[str] | None = None,
        quote_id: str | None = None,
        **options: Unpack[RequestOptions],
    ) -> Order:
        """``POST /v1/orders``: Create an order.

        Creates a request to receive a payment from a customer, either with the amount, currency
        and payment methods inline, or from a quote obtained earlier.

        Args:
            amount: A positive amount in the smallest currency unit (299.00 USD is 29900; 295.991
                KWD is 295990; 295 JPY is 295), at most 10^15. In the smallest unit of
                ``currency``, or :class:`~payments_sdk.Money` in that currency. From 1 to
                1000000000000000. In shape(s): ``OrderCreateInline`` (required).
            currency: ISO 4217 currency code. Matches ``^[A-Z]{3}$``. Format ``iso-4217`` (checked).
                In shape(s): ``OrderCreateInline`` (required).
            payment_methods: At least 1 item(s). In shape(s): ``OrderCreateInline`` (required).
            split_ids: Dynamic fee splits (`pricing_split`) that declare the merchant's share of the
                pricing rule; the rest is charged to the customer. Without `split_ids`, the
                system-configured pricing rules apply. Split ids have no published prefix or
                format. At least 1 item(s). In shape(s): ``OrderCreateInline``,
                ``OrderCreateWithQuote``.
            quote_id: The id of a quote obtained from a quote operation; its format is not published.
                At least 1 character(s). In shape(s): ``OrderCreateWithQuote`` (required).
        """
        body = self._body(
            _CREATE_BODY,
            {
                "amount": amount,
                "currency": currency,
                "payment_methods": payment_methods,
                "split_ids": split_ids,
                "quote_id": quote_id,
            },
            options.get("extra_body"),
        )
        per_call = check_call_options(options) if options else None
        return await self._requestor.parsed(create_order.OPERATION, per_call, body=body)

    async def retrieve(
        self,
        id: str,
        **options: Unpack[RequestOptions],
    ) -> Order:
        """``GET /v1/orders/{id}``: Retrieve an order.

        Returns one order by its id.

        Args:
            id: Required. The resource's id. Matches
                ``^(?!\\.{1,2}$)[^/\\x00-\\x1F\\x7F]{1,256}$``.
        """
        id = self._path(id, _RETRIEVE_ID, "id")
        if options:
            self._no_body(options.get("extra_body"), get_order.OPERATION)
        per_call = check_call_options(options) if options else None
        return await self._requestor.parsed(get_order.OPERATION, per_call, path={"id": id})

    if TYPE_CHECKING:
        # What mypy and the editor see: the schema's types (payments_sdk.params), one overload
        # per shape of the body. The implementation below keeps the runtime signature; a single
        # overload is mypy's "misc" (it wants two), which it still reads as the signature.

        @overload  # type: ignore[misc]
        async def update_rfi(
            self,
            id: str,
            *,
            documents: Sequence[RfiDocumentSubmission | RfiDocumentSubmissionParam],
            **options: Unpack[RequestOptions],
        ) -> Order: ...

    async def update_rfi(
        self,
        id: str,
        *,
        documents: Sequence[RfiDocumentSubmission | Mapping[str, Any]],
        **options: Unpack[RequestOptions],
    ) -> Order:
        """``PATCH /v1/orders/{id}/update-rfi``: Submit documents for an order's RFI.

        Submits the documents an RFI asks for while the order is in `action_required` because of
        sanctions screening, and updates the status of the RFI documents.

        Args:
            id: Required. The resource's id. Matches
                ``^(?!\\.{1,2}$)[^/\\x00-\\x1F\\x7F]{1,256}$``.
            documents: Required. At least 1 item(s).
        """
        id = self._path(id, _UPDATE_RFI_ID, "id")
        body = self._body(
            _UPDATE_RFI_BODY,
            {"documents": documents},
            options.get("extra_body"),
        )
        per_call = check_call_options(options) if options else None
        return await self._requestor.parsed(
            update_order_rfi.OPERATION, per_call, path={"id": id}, body=body
        )
