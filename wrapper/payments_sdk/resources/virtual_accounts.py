"""``client.virtual_accounts``: account numbers provisioned for a customer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from payments_sdk_generated.api.virtual_account import (
    close_virtual_accounts,
    create_virtual_account,
    list_virtual_accounts,
)
from payments_sdk_generated.models import (
    PageMeta,
    VirtualAccount,
    VirtualAccountCreateRequest,
)

from .._call_options import RequestOptions, check_call_options
from .._pagination import AsyncPager, PageRequest
from .._validation import check_currency, check_text
from ._resource import Resource

if TYPE_CHECKING:
    from typing_extensions import Unpack

__all__ = ["VirtualAccounts"]


class VirtualAccounts(Resource):
    """Virtual accounts of the customer whose JWT authenticates the client."""

    def list(self, **options: Unpack[RequestOptions]) -> AsyncPager[VirtualAccount]:
        """``GET /virtual-accounts``: the customer's accounts, newest first.

        The operation takes no page parameters, so the pager yields the one page it returns.
        """
        per_call = check_call_options(options)

        async def fetch(request: PageRequest) -> tuple[list[VirtualAccount], PageMeta]:
            result = await self._requestor.parsed(
                lambda s: list_virtual_accounts.asyncio_detailed(sender=s),
                options=per_call,
            )
            return result.data, result.page_meta

        return AsyncPager(fetch, pageable=False)

    async def create(
        self, *, payment_type: str, currency: str, **options: Unpack[RequestOptions]
    ) -> VirtualAccount:
        """``POST /v2/virtual-accounts``: provision an account of a payment type and currency."""
        body = VirtualAccountCreateRequest(
            payment_type=check_text(payment_type, "payment_type"),
            currency=check_currency(currency, "currency"),
        )
        per_call = check_call_options(options)
        return await self._requestor.parsed(
            lambda s: create_virtual_account.asyncio_detailed(sender=s, body=body),
            options=per_call,
        )

    async def close(
        self, *, payment_type: str, currency: str, **options: Unpack[RequestOptions]
    ) -> None:
        """``DELETE /virtual-accounts``: close every active account of that type and currency."""
        kind = check_text(payment_type, "payment_type")
        code = check_currency(currency, "currency")
        per_call = check_call_options(options)
        await self._requestor.parsed(
            lambda s: close_virtual_accounts.asyncio_detailed(
                sender=s, payment_type=kind, currency=code
            ),
            options=per_call,
        )
