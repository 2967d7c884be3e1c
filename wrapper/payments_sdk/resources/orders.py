"""``client.orders``: requests to receive a payment from a customer."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime
from typing import TYPE_CHECKING, Any

from payments_sdk_generated.api.payin import create_order, get_order, list_orders, update_order_rfi
from payments_sdk_generated.models import (
    Order,
    OrderCreateInline,
    OrderCreateWithQuote,
    OrderList,
    RfiDocumentSubmission,
    UpdateRfiRequest,
)

from .._call_options import RequestOptions, check_call_options
from .._money import Money
from .._pagination import AsyncPager
from .._validation import check_amount, check_currency, check_fields, check_id, check_text
from ..errors import InvalidParameterError
from ._resource import Resource

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["Orders"]


class Orders(Resource):
    """Orders."""

    async def create(
        self,
        *,
        amount: int | Money | None = None,
        currency: str | None = None,
        payment_methods: Sequence[str] | None = None,
        quote_id: str | None = None,
        split_ids: Sequence[str] | None = None,
        **options: Unpack[RequestOptions],
    ) -> Order:
        """``POST /orders``: create an order inline or from a quote.

        Inline: ``amount`` (smallest unit, or :class:`Money`), ``currency`` and
        ``payment_methods``. From a quote: ``quote_id`` alone. Either way, ``split_ids`` names
        the dynamic fee splits that declare the merchant's share of the pricing; without it,
        the system-configured pricing rules apply.
        """
        body: OrderCreateInline | OrderCreateWithQuote
        splits = None if split_ids is None else _split_ids(split_ids)
        inline = {"amount": amount, "currency": currency, "payment_methods": payment_methods}
        if quote_id is not None:
            extra = [name for name, value in inline.items() if value is not None]
            if extra:
                raise InvalidParameterError(extra[0], "cannot be combined with quote_id")
            body = OrderCreateWithQuote(quote_id=check_text(quote_id, "quote_id"), split_ids=splits)
        else:
            if amount is None and currency is None and payment_methods is None:
                raise InvalidParameterError(
                    "amount", "pass amount, currency and payment_methods, or quote_id"
                )
            if isinstance(amount, Money) and currency is None:
                currency = amount.currency
            code = check_currency(currency, "currency")
            if amount is None:
                raise InvalidParameterError("amount", "is required without quote_id")
            methods = _methods(payment_methods)
            body = OrderCreateInline(
                amount=check_amount(amount, "amount", currency=code, currency_field="currency"),
                currency=code,
                payment_methods=methods,
                split_ids=splits,
            )
        per_call = check_call_options(options)
        return await self._requestor.parsed(
            lambda s: create_order.asyncio_detailed(sender=s, body=body),
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
    ) -> AsyncPager[Order]:
        """``GET /orders``: orders, newest first."""
        per_call = check_call_options(options)
        return self._list(
            list_orders.asyncio_detailed,
            OrderList,
            before=before,
            after=after,
            per_page=per_page,
            page=page,
            prefetch=prefetch,
            options=per_call,
        )

    async def retrieve(self, id: str, **options: Unpack[RequestOptions]) -> Order:
        """``GET /orders/{id}``: one order."""
        order_id = check_id(id, "id")
        per_call = check_call_options(options)
        return await self._requestor.parsed(
            lambda s: get_order.asyncio_detailed(order_id, sender=s),
            options=per_call,
        )

    async def update_rfi(
        self,
        id: str,
        *,
        documents: Sequence[RfiDocumentSubmission | Mapping[str, Any]],
        **options: Unpack[RequestOptions],
    ) -> Order:
        """``PATCH /orders/{id}/update-rfi``: submit the documents the order's RFI asks for.

        Each document pairs an uploaded document id (``doc_…``) with the RFI document it
        answers (``rfidoc_…``): ``[{"id": "doc_…", "rfi_doc_id": "rfidoc_…"}]``.
        """
        order_id = check_id(id, "id")
        body = UpdateRfiRequest(documents=_submissions(documents))
        per_call = check_call_options(options)
        return await self._requestor.parsed(
            lambda s: update_order_rfi.asyncio_detailed(order_id, sender=s, body=body),
            options=per_call,
        )


def _split_ids(value: Sequence[str]) -> list[str]:
    if isinstance(value, str | bytes) or not isinstance(value, Sequence) or not value:
        raise InvalidParameterError("split_ids", f"must be a non-empty list of ids, got {value!r}")
    return [check_text(split_id, "split_ids") for split_id in value]


def _methods(value: Sequence[str] | None) -> list[str]:
    if not isinstance(value, Sequence) or isinstance(value, str | bytes) or not value:
        raise InvalidParameterError(
            "payment_methods", f"must be a non-empty list of names, got {value!r}"
        )
    return [check_text(method, "payment_methods") for method in value]


def _submissions(
    documents: Sequence[RfiDocumentSubmission | Mapping[str, Any]],
) -> list[RfiDocumentSubmission]:
    if not isinstance(documents, Sequence) or isinstance(documents, str | bytes) or not documents:
        raise InvalidParameterError("documents", "must be a non-empty list")
    result = []
    for index, entry in enumerate(documents):
        if isinstance(entry, RfiDocumentSubmission):
            result.append(entry)
            continue
        if not isinstance(entry, Mapping):
            raise InvalidParameterError("documents", f"entries must be mappings, got {entry!r}")
        fields = check_fields(entry, RfiDocumentSubmission, f"documents[{index}]")
        doc_id = check_id(fields.get("id"), "documents[].id", "doc_")
        rfi_doc_id = check_id(fields.get("rfi_doc_id"), "documents[].rfi_doc_id", "rfidoc_")
        result.append(
            RfiDocumentSubmission.from_dict({**fields, "id": doc_id, "rfi_doc_id": rfi_doc_id})
        )
    return result
