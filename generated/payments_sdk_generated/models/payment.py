from __future__ import annotations

from typing import Any

from ..models.fee import Fee
from ..models.payment_document import PaymentDocument
from ..models.rfi_reference import RfiReference
from ..types import Model, Timestamp

__all__ = ["Payment"]


class Payment(Model):
    """A payment received from a customer, as listed."""

    id: str
    """ A payment id. """
    status: str
    """ `success`, or a failure; other values are not published. """
    currency: str
    """ ISO 4217 currency code. """
    amount: int
    """ A positive amount in the smallest currency unit (299.00 USD is 29900; 295.991 KWD is 295990;
    295 JPY is 295), at most 10^15. """
    created_at: Timestamp
    """ ISO 8601 date-time in UTC. """
    payin_id: str | None = None
    """ A payin id. """
    credit_account_number: str | None = None
    """``credit_account_number`` (optional); the service description says no more about it."""
    debit_account_number: str | None = None
    """``debit_account_number`` (optional); the service description says no more about it."""
    purpose_code: str | None = None
    """``purpose_code`` (optional); the service description says no more about it."""
    transaction_reference_number: str | None = None
    """``transaction_reference_number`` (optional); the service description says no more about it."""
    sender_name: str | None = None
    """``sender_name`` (optional); the service description says no more about it."""
    metadata: dict[str, Any] | None = None
    """``metadata`` (optional); the service description says no more about it."""
    error_message: str | None = None
    """``error_message`` (optional); the service description says no more about it."""
    payment_date: Timestamp | None = None
    """ ISO 8601 date-time in UTC. """
    updated_at: Timestamp | None = None
    """ ISO 8601 date-time in UTC. """
    customer_id: str | None = None
    """ A customer id. """
    country: str | None = None
    """``country`` (optional); the service description says no more about it."""
    ordered_amount: int | None = None
    """ A positive amount in the smallest currency unit (299.00 USD is 29900; 295.991 KWD is 295990;
    295 JPY is 295), at most 10^15. """
    ordered_currency: str | None = None
    """ ISO 4217 currency code. """
    fx_fee: Fee | None = None
    """ A fee in the smallest unit of its currency. """
    txn_fee: Fee | None = None
    """ A fee in the smallest unit of its currency. """
    documents: list[PaymentDocument] | None = None
    """``documents`` (optional); the service description says no more about it."""
    rfi: RfiReference | None = None
    """ The RFI raised on a resource. """
