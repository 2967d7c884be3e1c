"""The client's namespaces and its own operations, one property per resource of the bundle.

Written by ``make generate`` from the operation table
(``openapi/templates/surface/namespaces.py.jinja``): do not edit. ``AsyncPaymentsClient``
inherits these; each namespace's module is imported on first use, so that ``import
payments_sdk`` stays cheap.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

from payments_sdk.resources._resource import Resource

if TYPE_CHECKING:
    from payments_sdk._call_options import RequestOptions
    from payments_sdk.resources.balance_conversions import BalanceConversions
    from payments_sdk.resources.balances import Balances
    from payments_sdk.resources.bank_account_validations import BankAccountValidations
    from payments_sdk.resources.beneficiaries import Beneficiaries
    from payments_sdk.resources.documents import Documents
    from payments_sdk.resources.fx_rates import FxRates
    from payments_sdk.resources.kyc_links import KycLinks
    from payments_sdk.resources.orders import Orders
    from payments_sdk.resources.payments import Payments
    from payments_sdk.resources.refunds import Refunds
    from payments_sdk.resources.rfis import Rfis
    from payments_sdk.resources.virtual_accounts import VirtualAccounts
    from payments_sdk_generated.models import Ping
    from typing_extensions import Unpack

__all__ = ["Namespaces"]


class Namespaces(Resource):
    """What the client offers beyond its configuration: its operations and namespaces."""

    __slots__ = ()

    async def ping(
        self,
        **options: Unpack[RequestOptions],
    ) -> Ping:
        """``GET /v1/ping``: Check connectivity and credentials.

        Answers when the bearer token is accepted. Useful as a first call to prove that the key and
        base URL are right.

        """
        from payments_sdk._call_options import check_call_options
        from payments_sdk._checks import check  # noqa: F401 - used when the operation has arguments
        from payments_sdk_generated.api.authentication import ping

        if options:
            self._no_body(options.get("extra_body"), ping.OPERATION)
        per_call = check_call_options(options) if options else None
        return await self._requestor.parsed(ping.OPERATION, per_call)

    @cached_property
    def balance_conversions(self) -> BalanceConversions:
        """Conversions of balance from one supported currency to another."""
        from payments_sdk.resources.balance_conversions import BalanceConversions

        return BalanceConversions(self._requestor)

    @cached_property
    def balances(self) -> Balances:
        """Balances of the account, in every enabled currency."""
        from payments_sdk.resources.balances import Balances

        return Balances(self._requestor)

    @cached_property
    def bank_account_validations(self) -> BankAccountValidations:
        """Validation details of bank accounts."""
        from payments_sdk.resources.bank_account_validations import (
            BankAccountValidations,
        )

        return BankAccountValidations(self._requestor)

    @cached_property
    def beneficiaries(self) -> Beneficiaries:
        """Beneficiaries (payees) of payouts, created at the root URL (v2)."""
        from payments_sdk.resources.beneficiaries import Beneficiaries

        return Beneficiaries(self._requestor)

    @cached_property
    def documents(self) -> Documents:
        """Documents uploaded for payin, payout and compliance flows."""
        from payments_sdk.resources.documents import Documents

        return Documents(self._requestor)

    @cached_property
    def fx_rates(self) -> FxRates:
        """Current mid-market rates, before FX fees."""
        from payments_sdk.resources.fx_rates import FxRates

        return FxRates(self._requestor)

    @cached_property
    def kyc_links(self) -> KycLinks:
        """Shareable identity-verification (KYC) links."""
        from payments_sdk.resources.kyc_links import KycLinks

        return KycLinks(self._requestor)

    @cached_property
    def orders(self) -> Orders:
        """Orders: requests to receive a payment from a customer."""
        from payments_sdk.resources.orders import Orders

        return Orders(self._requestor)

    @cached_property
    def payments(self) -> Payments:
        """Payments received from customers. The description shows listing only."""
        from payments_sdk.resources.payments import Payments

        return Payments(self._requestor)

    @cached_property
    def refunds(self) -> Refunds:
        """Refunds from the account to customers."""
        from payments_sdk.resources.refunds import Refunds

        return Refunds(self._requestor)

    @cached_property
    def rfis(self) -> Rfis:
        """Requests for information (RFIs) on payments, payins, payouts, refunds, orders and subscriptions."""
        from payments_sdk.resources.rfis import Rfis

        return Rfis(self._requestor)

    @cached_property
    def virtual_accounts(self) -> VirtualAccounts:
        """Virtual accounts of the customer whose JWT authenticates the client."""
        from payments_sdk.resources.virtual_accounts import VirtualAccounts

        return VirtualAccounts(self._requestor)
