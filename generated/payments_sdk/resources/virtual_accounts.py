"""``client.virtual_accounts``: Virtual accounts of the customer whose JWT authenticates the client.

Written by ``make generate`` from the bundle (``openapi/templates/surface/resource.py.jinja``):
do not edit. Every argument is checked against the schema the bundle gives it before any
request is sent.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from payments_sdk._call_options import (
    RequestOptions,
    check_call_options,
    with_credential,
)
from payments_sdk._checks import check
from payments_sdk.resources._resource import Resource
from payments_sdk_generated.api.virtual_account import (
    close_virtual_accounts,
    create_virtual_account,
    list_virtual_accounts,
)

if TYPE_CHECKING:
    from payments_sdk._pagination import AsyncPager
    from payments_sdk_generated.models import VirtualAccount
    from typing_extensions import Unpack

__all__ = ["VirtualAccounts"]

_CLOSE_PAYMENT_TYPE: dict[str, Any] = {
    "type": "string",
    "minLength": 1,
    "description": "Payment type of a virtual account; allowed values are not published.",
    "examples": ["local"],
}
_CLOSE_CURRENCY: dict[str, Any] = {
    "type": "string",
    "format": "iso-4217",
    "description": "ISO 4217 currency code.",
    "pattern": "^[A-Z]{3}$",
    "examples": ["USD"],
}
_CREATE_BODY: dict[str, Any] = {
    "type": "object",
    "description": "The payment type and currency of the account to provision.",
    "required": ["payment_type", "currency"],
    "properties": {
        "payment_type": {
            "type": "string",
            "minLength": 1,
            "description": "Payment type of a virtual account; allowed values are not published.",
            "examples": ["local"],
        },
        "currency": {
            "type": "string",
            "format": "iso-4217",
            "description": "ISO 4217 currency code.",
            "pattern": "^[A-Z]{3}$",
            "examples": ["USD"],
        },
    },
    "x-model": "VirtualAccountCreateRequest",
}


class VirtualAccounts(Resource):
    """Virtual accounts of the customer whose JWT authenticates the client."""

    def list(
        self,
        *,
        customer_jwt: str | None = None,
        **options: Unpack[RequestOptions],
    ) -> AsyncPager[VirtualAccount]:
        """``GET /v1/virtual-accounts``: List the customer's virtual accounts.

        Lists the virtual accounts of the customer whose JWT authenticates the call, newest first.

        Returns an :class:`~payments_sdk.AsyncPager` over the one page the operation answers.

        Args:
            customer_jwt: Sent as ``Authorization: Bearer <token>`` instead of the client's key, for this
                call only, and never shown (scheme ``CustomerJWT``). `Authorization: Bearer
                <customer JWT>`: the JWT of the customer whose virtual accounts are listed. Its
                claims and lifetime are not published; never log it.
        """
        if options:
            self._no_body(options.get("extra_body"), list_virtual_accounts.OPERATION)
        per_call = check_call_options(options) if options else None
        per_call = with_credential(per_call, customer_jwt, "customer_jwt")
        return self._one_page(list_virtual_accounts.OPERATION, per_call)

    async def close(
        self,
        *,
        payment_type: str,
        currency: str,
        **options: Unpack[RequestOptions],
    ) -> None:
        """``DELETE /v1/virtual-accounts``: Close virtual accounts.

        Closes all active virtual accounts of the given payment type and currency.

        Args:
            payment_type: Required. Payment type of the accounts to close. At least 1 character(s).
            currency: Required. Currency of the accounts to close. Matches ``^[A-Z]{3}$``. Format
                ``iso-4217`` (checked).
        """
        payment_type = check(payment_type, _CLOSE_PAYMENT_TYPE, "payment_type")
        currency = check(currency, _CLOSE_CURRENCY, "currency")
        if options:
            self._no_body(options.get("extra_body"), close_virtual_accounts.OPERATION)
        per_call = check_call_options(options) if options else None
        return await self._requestor.parsed(
            close_virtual_accounts.OPERATION,
            per_call,
            query={"payment_type": payment_type, "currency": currency},
        )

    async def create(
        self,
        *,
        payment_type: str,
        currency: str,
        **options: Unpack[RequestOptions],
    ) -> VirtualAccount:
        """``POST /v1/v2/virtual-accounts``: Create a virtual account.

        Provisions a virtual account with the given payment type and currency.

        Args:
            payment_type: Required. Payment type of a virtual account; allowed values are not published.
                At least 1 character(s).
            currency: Required. ISO 4217 currency code. Matches ``^[A-Z]{3}$``. Format ``iso-4217``
                (checked).
        """
        body = self._body(
            _CREATE_BODY,
            {"payment_type": payment_type, "currency": currency},
            options.get("extra_body"),
        )
        per_call = check_call_options(options) if options else None
        return await self._requestor.parsed(create_virtual_account.OPERATION, per_call, body=body)
