from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.fee import Fee
    from ..models.payment_document import PaymentDocument
    from ..models.payment_metadata import PaymentMetadata
    from ..models.rfi_reference import RfiReference


T = TypeVar("T", bound="Payment")


@_attrs_define
class Payment:
    """A payment received from a customer, as listed."""

    id: str
    """ A payment id. """
    status: str
    """ `success`, or a failure; other values are not published. """
    currency: str
    """ ISO 4217 currency code. """
    amount: int
    """ A positive amount in the smallest currency unit (299.00 USD is 29900; 295.991 KWD is 295990; 295 JPY is
    295). """
    created_at: datetime.datetime
    """ ISO 8601 date-time in UTC. """
    payin_id: str | Unset = UNSET
    """ A payin id. """
    credit_account_number: str | Unset = UNSET
    debit_account_number: str | Unset = UNSET
    purpose_code: str | Unset = UNSET
    transaction_reference_number: str | Unset = UNSET
    sender_name: str | Unset = UNSET
    metadata: PaymentMetadata | Unset = UNSET
    error_message: str | Unset = UNSET
    payment_date: datetime.datetime | Unset = UNSET
    """ ISO 8601 date-time in UTC. """
    updated_at: datetime.datetime | Unset = UNSET
    """ ISO 8601 date-time in UTC. """
    customer_id: str | Unset = UNSET
    """ A customer id. """
    country: str | Unset = UNSET
    ordered_amount: int | Unset = UNSET
    """ A positive amount in the smallest currency unit (299.00 USD is 29900; 295.991 KWD is 295990; 295 JPY is
    295). """
    ordered_currency: str | Unset = UNSET
    """ ISO 4217 currency code. """
    fx_fee: Fee | Unset = UNSET
    """ A fee in the smallest unit of its currency. """
    txn_fee: Fee | Unset = UNSET
    """ A fee in the smallest unit of its currency. """
    documents: list[PaymentDocument] | Unset = UNSET
    rfi: RfiReference | Unset = UNSET
    """ The RFI raised on a resource. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        status = self.status

        currency = self.currency

        amount = self.amount

        created_at = self.created_at.isoformat()

        payin_id = self.payin_id

        credit_account_number = self.credit_account_number

        debit_account_number = self.debit_account_number

        purpose_code = self.purpose_code

        transaction_reference_number = self.transaction_reference_number

        sender_name = self.sender_name

        metadata: dict[str, Any] | Unset = UNSET
        if not isinstance(self.metadata, Unset):
            metadata = self.metadata.to_dict()

        error_message = self.error_message

        payment_date: str | Unset = UNSET
        if not isinstance(self.payment_date, Unset):
            payment_date = self.payment_date.isoformat()

        updated_at: str | Unset = UNSET
        if not isinstance(self.updated_at, Unset):
            updated_at = self.updated_at.isoformat()

        customer_id = self.customer_id

        country = self.country

        ordered_amount = self.ordered_amount

        ordered_currency = self.ordered_currency

        fx_fee: dict[str, Any] | Unset = UNSET
        if not isinstance(self.fx_fee, Unset):
            fx_fee = self.fx_fee.to_dict()

        txn_fee: dict[str, Any] | Unset = UNSET
        if not isinstance(self.txn_fee, Unset):
            txn_fee = self.txn_fee.to_dict()

        documents: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.documents, Unset):
            documents = []
            for documents_item_data in self.documents:
                documents_item = documents_item_data.to_dict()
                documents.append(documents_item)

        rfi: dict[str, Any] | Unset = UNSET
        if not isinstance(self.rfi, Unset):
            rfi = self.rfi.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "status": status,
                "currency": currency,
                "amount": amount,
                "created_at": created_at,
            }
        )
        if payin_id is not UNSET:
            field_dict["payin_id"] = payin_id
        if credit_account_number is not UNSET:
            field_dict["credit_account_number"] = credit_account_number
        if debit_account_number is not UNSET:
            field_dict["debit_account_number"] = debit_account_number
        if purpose_code is not UNSET:
            field_dict["purpose_code"] = purpose_code
        if transaction_reference_number is not UNSET:
            field_dict["transaction_reference_number"] = transaction_reference_number
        if sender_name is not UNSET:
            field_dict["sender_name"] = sender_name
        if metadata is not UNSET:
            field_dict["metadata"] = metadata
        if error_message is not UNSET:
            field_dict["error_message"] = error_message
        if payment_date is not UNSET:
            field_dict["payment_date"] = payment_date
        if updated_at is not UNSET:
            field_dict["updated_at"] = updated_at
        if customer_id is not UNSET:
            field_dict["customer_id"] = customer_id
        if country is not UNSET:
            field_dict["country"] = country
        if ordered_amount is not UNSET:
            field_dict["ordered_amount"] = ordered_amount
        if ordered_currency is not UNSET:
            field_dict["ordered_currency"] = ordered_currency
        if fx_fee is not UNSET:
            field_dict["fx_fee"] = fx_fee
        if txn_fee is not UNSET:
            field_dict["txn_fee"] = txn_fee
        if documents is not UNSET:
            field_dict["documents"] = documents
        if rfi is not UNSET:
            field_dict["rfi"] = rfi

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.fee import Fee
        from ..models.payment_document import PaymentDocument
        from ..models.payment_metadata import PaymentMetadata
        from ..models.rfi_reference import RfiReference

        d = dict(src_dict)
        id = d.pop("id")

        status = d.pop("status")

        currency = d.pop("currency")

        amount = d.pop("amount")

        created_at = datetime.datetime.fromisoformat(d.pop("created_at"))

        payin_id = d.pop("payin_id", UNSET)

        credit_account_number = d.pop("credit_account_number", UNSET)

        debit_account_number = d.pop("debit_account_number", UNSET)

        purpose_code = d.pop("purpose_code", UNSET)

        transaction_reference_number = d.pop("transaction_reference_number", UNSET)

        sender_name = d.pop("sender_name", UNSET)

        _metadata = d.pop("metadata", UNSET)
        metadata: PaymentMetadata | Unset
        if isinstance(_metadata, Unset):
            metadata = UNSET
        else:
            metadata = PaymentMetadata.from_dict(_metadata)

        error_message = d.pop("error_message", UNSET)

        _payment_date = d.pop("payment_date", UNSET)
        payment_date: datetime.datetime | Unset
        if isinstance(_payment_date, Unset):
            payment_date = UNSET
        else:
            payment_date = datetime.datetime.fromisoformat(_payment_date)

        _updated_at = d.pop("updated_at", UNSET)
        updated_at: datetime.datetime | Unset
        if isinstance(_updated_at, Unset):
            updated_at = UNSET
        else:
            updated_at = datetime.datetime.fromisoformat(_updated_at)

        customer_id = d.pop("customer_id", UNSET)

        country = d.pop("country", UNSET)

        ordered_amount = d.pop("ordered_amount", UNSET)

        ordered_currency = d.pop("ordered_currency", UNSET)

        _fx_fee = d.pop("fx_fee", UNSET)
        fx_fee: Fee | Unset
        if isinstance(_fx_fee, Unset):
            fx_fee = UNSET
        else:
            fx_fee = Fee.from_dict(_fx_fee)

        _txn_fee = d.pop("txn_fee", UNSET)
        txn_fee: Fee | Unset
        if isinstance(_txn_fee, Unset):
            txn_fee = UNSET
        else:
            txn_fee = Fee.from_dict(_txn_fee)

        _documents = d.pop("documents", UNSET)
        documents: list[PaymentDocument] | Unset = UNSET
        if _documents is not UNSET:
            documents = []
            for documents_item_data in _documents:
                documents_item = PaymentDocument.from_dict(documents_item_data)

                documents.append(documents_item)

        _rfi = d.pop("rfi", UNSET)
        rfi: RfiReference | Unset
        if isinstance(_rfi, Unset):
            rfi = UNSET
        else:
            rfi = RfiReference.from_dict(_rfi)

        payment = cls(
            id=id,
            status=status,
            currency=currency,
            amount=amount,
            created_at=created_at,
            payin_id=payin_id,
            credit_account_number=credit_account_number,
            debit_account_number=debit_account_number,
            purpose_code=purpose_code,
            transaction_reference_number=transaction_reference_number,
            sender_name=sender_name,
            metadata=metadata,
            error_message=error_message,
            payment_date=payment_date,
            updated_at=updated_at,
            customer_id=customer_id,
            country=country,
            ordered_amount=ordered_amount,
            ordered_currency=ordered_currency,
            fx_fee=fx_fee,
            txn_fee=txn_fee,
            documents=documents,
            rfi=rfi,
        )

        payment.additional_properties = d
        return payment

    @property
    def additional_keys(self) -> list[str]:
        return list(self.additional_properties.keys())

    def __getitem__(self, key: str) -> Any:
        return self.additional_properties[key]

    def __setitem__(self, key: str, value: Any) -> None:
        self.additional_properties[key] = value

    def __delitem__(self, key: str) -> None:
        del self.additional_properties[key]

    def __contains__(self, key: str) -> bool:
        return key in self.additional_properties
