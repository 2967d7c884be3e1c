"""``client.with_raw_response``: every namespace and method, returning ``APIResponse``.

Written by ``make generate`` from the operation table
(``openapi/templates/surface/raw_namespaces.py.jinja``): do not edit. Each
``...WithRawResponse`` class wraps one resource's methods with the same arguments (``to_raw``
for a call, ``to_raw_list`` for a ``list``, which answers with its first page), so that mypy
knows each method's parameters and its ``APIResponse[...]`` result.
"""

from __future__ import annotations

from functools import cached_property
from typing import TYPE_CHECKING

from payments_sdk._response import to_raw, to_raw_list

if TYPE_CHECKING:
    from payments_sdk._requestor import Requestor
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

__all__ = ["WithRawResponse"]


class BalanceConversionsWithRawResponse:
    """``client.with_raw_response.balance_conversions``."""

    def __init__(self, resource: BalanceConversions) -> None:
        self.list = to_raw_list(resource.list)
        self.create = to_raw(resource.create)


class BalancesWithRawResponse:
    """``client.with_raw_response.balances``."""

    def __init__(self, resource: Balances) -> None:
        self.retrieve = to_raw(resource.retrieve)


class BankAccountValidationsWithRawResponse:
    """``client.with_raw_response.bank_account_validations``."""

    def __init__(self, resource: BankAccountValidations) -> None:
        self.list = to_raw_list(resource.list)
        self.create = to_raw(resource.create)


class BeneficiariesWithRawResponse:
    """``client.with_raw_response.beneficiaries``."""

    def __init__(self, resource: Beneficiaries) -> None:
        self.create = to_raw(resource.create)


class DocumentsWithRawResponse:
    """``client.with_raw_response.documents``."""

    def __init__(self, resource: Documents) -> None:
        self.list = to_raw_list(resource.list)
        self.upload = to_raw(resource.upload)
        self.retrieve = to_raw(resource.retrieve)


class FxRatesWithRawResponse:
    """``client.with_raw_response.fx_rates``."""

    def __init__(self, resource: FxRates) -> None:
        self.retrieve = to_raw(resource.retrieve)


class KycLinksWithRawResponse:
    """``client.with_raw_response.kyc_links``."""

    def __init__(self, resource: KycLinks) -> None:
        self.list = to_raw_list(resource.list)
        self.create = to_raw(resource.create)
        self.retrieve = to_raw(resource.retrieve)


class OrdersWithRawResponse:
    """``client.with_raw_response.orders``."""

    def __init__(self, resource: Orders) -> None:
        self.list = to_raw_list(resource.list)
        self.create = to_raw(resource.create)
        self.retrieve = to_raw(resource.retrieve)
        self.update_rfi = to_raw(resource.update_rfi)


class PaymentsWithRawResponse:
    """``client.with_raw_response.payments``."""

    def __init__(self, resource: Payments) -> None:
        self.list = to_raw_list(resource.list)


class RefundsWithRawResponse:
    """``client.with_raw_response.refunds``."""

    def __init__(self, resource: Refunds) -> None:
        self.list = to_raw_list(resource.list)
        self.create = to_raw(resource.create)
        self.retrieve = to_raw(resource.retrieve)
        self.mock_update_status = to_raw(resource.mock_update_status)


class RfisWithRawResponse:
    """``client.with_raw_response.rfis``."""

    def __init__(self, resource: Rfis) -> None:
        self.list = to_raw_list(resource.list)


class VirtualAccountsWithRawResponse:
    """``client.with_raw_response.virtual_accounts``."""

    def __init__(self, resource: VirtualAccounts) -> None:
        self.list = to_raw_list(resource.list)
        self.close = to_raw(resource.close)
        self.create = to_raw(resource.create)


class WithRawResponse:
    """The namespaces of ``client.with_raw_response``, built on first use."""

    def __init__(self, requestor: Requestor) -> None:
        self._requestor = requestor
        from payments_sdk._namespaces import Namespaces

        operations = Namespaces(requestor)
        self.ping = to_raw(operations.ping)
        """``client.ping()``, answering with ``APIResponse``."""

    @cached_property
    def balance_conversions(self) -> BalanceConversionsWithRawResponse:
        """``client.balance_conversions``, answering with ``APIResponse``."""
        from payments_sdk.resources.balance_conversions import BalanceConversions

        return BalanceConversionsWithRawResponse(BalanceConversions(self._requestor))

    @cached_property
    def balances(self) -> BalancesWithRawResponse:
        """``client.balances``, answering with ``APIResponse``."""
        from payments_sdk.resources.balances import Balances

        return BalancesWithRawResponse(Balances(self._requestor))

    @cached_property
    def bank_account_validations(self) -> BankAccountValidationsWithRawResponse:
        """``client.bank_account_validations``, answering with ``APIResponse``."""
        from payments_sdk.resources.bank_account_validations import (
            BankAccountValidations,
        )

        return BankAccountValidationsWithRawResponse(BankAccountValidations(self._requestor))

    @cached_property
    def beneficiaries(self) -> BeneficiariesWithRawResponse:
        """``client.beneficiaries``, answering with ``APIResponse``."""
        from payments_sdk.resources.beneficiaries import Beneficiaries

        return BeneficiariesWithRawResponse(Beneficiaries(self._requestor))

    @cached_property
    def documents(self) -> DocumentsWithRawResponse:
        """``client.documents``, answering with ``APIResponse``."""
        from payments_sdk.resources.documents import Documents

        return DocumentsWithRawResponse(Documents(self._requestor))

    @cached_property
    def fx_rates(self) -> FxRatesWithRawResponse:
        """``client.fx_rates``, answering with ``APIResponse``."""
        from payments_sdk.resources.fx_rates import FxRates

        return FxRatesWithRawResponse(FxRates(self._requestor))

    @cached_property
    def kyc_links(self) -> KycLinksWithRawResponse:
        """``client.kyc_links``, answering with ``APIResponse``."""
        from payments_sdk.resources.kyc_links import KycLinks

        return KycLinksWithRawResponse(KycLinks(self._requestor))

    @cached_property
    def orders(self) -> OrdersWithRawResponse:
        """``client.orders``, answering with ``APIResponse``."""
        from payments_sdk.resources.orders import Orders

        return OrdersWithRawResponse(Orders(self._requestor))

    @cached_property
    def payments(self) -> PaymentsWithRawResponse:
        """``client.payments``, answering with ``APIResponse``."""
        from payments_sdk.resources.payments import Payments

        return PaymentsWithRawResponse(Payments(self._requestor))

    @cached_property
    def refunds(self) -> RefundsWithRawResponse:
        """``client.refunds``, answering with ``APIResponse``."""
        from payments_sdk.resources.refunds import Refunds

        return RefundsWithRawResponse(Refunds(self._requestor))

    @cached_property
    def rfis(self) -> RfisWithRawResponse:
        """``client.rfis``, answering with ``APIResponse``."""
        from payments_sdk.resources.rfis import Rfis

        return RfisWithRawResponse(Rfis(self._requestor))

    @cached_property
    def virtual_accounts(self) -> VirtualAccountsWithRawResponse:
        """``client.virtual_accounts``, answering with ``APIResponse``."""
        from payments_sdk.resources.virtual_accounts import VirtualAccounts

        return VirtualAccountsWithRawResponse(VirtualAccounts(self._requestor))
