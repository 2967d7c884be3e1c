"""``client.virtual_accounts``: account numbers provisioned for a customer."""

from __future__ import annotations

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

from .._pagination import AsyncPager, PageRequest
from .._validation import check_currency, check_text
from ._resource import Resource

__all__ = ["VirtualAccounts"]


class VirtualAccounts(Resource):
    """Virtual accounts of the customer whose JWT authenticates the client."""

    def list(self) -> AsyncPager[VirtualAccount]:
        """``GET /virtual-accounts``: the customer's accounts, newest first.

        The operation takes no page parameters, so the pager yields the one page it returns.
        """

        async def fetch(request: PageRequest) -> tuple[list[VirtualAccount], PageMeta]:
            result = await self._requestor.parsed(
                lambda s: list_virtual_accounts.asyncio_detailed(sender=s)
            )
            return result.data, result.page_meta

        return AsyncPager(fetch, pageable=False)

    async def create(self, *, payment_type: str, currency: str) -> VirtualAccount:
        """``POST /v2/virtual-accounts``: provision an account of a payment type and currency."""
        body = VirtualAccountCreateRequest(
            payment_type=check_text(payment_type, "payment_type"),
            currency=check_currency(currency, "currency"),
        )
        return await self._requestor.parsed(
            lambda s: create_virtual_account.asyncio_detailed(sender=s, body=body)
        )

    async def close(self, *, payment_type: str, currency: str) -> None:
        """``DELETE /virtual-accounts``: close every active account of that type and currency."""
        kind = check_text(payment_type, "payment_type")
        code = check_currency(currency, "currency")
        await self._requestor.parsed(
            lambda s: close_virtual_accounts.asyncio_detailed(
                sender=s, payment_type=kind, currency=code
            )
        )
