from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rfi_reference import RfiReference


T = TypeVar("T", bound="Order")


@_attrs_define
class Order:
    """A request to receive a payment from a customer."""

    id: str
    amount: int | Unset = UNSET
    """ A positive amount in the smallest currency unit (299.00 USD is 29900; 295.991 KWD is 295990; 295 JPY is
    295). """
    currency: str | Unset = UNSET
    """ ISO 4217 currency code. """
    payment_methods: list[str] | Unset = UNSET
    quote_id: str | Unset = UNSET
    status: str | Unset = UNSET
    """ `action_required` is entered when sanctions screening needs documents; other values are not published. """
    rfi: RfiReference | Unset = UNSET
    """ The RFI raised on a resource. """
    created_at: datetime.datetime | Unset = UNSET
    """ ISO 8601 date-time in UTC. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        amount = self.amount

        currency = self.currency

        payment_methods: list[str] | Unset = UNSET
        if not isinstance(self.payment_methods, Unset):
            payment_methods = self.payment_methods

        quote_id = self.quote_id

        status = self.status

        rfi: dict[str, Any] | Unset = UNSET
        if not isinstance(self.rfi, Unset):
            rfi = self.rfi.to_dict()

        created_at: str | Unset = UNSET
        if not isinstance(self.created_at, Unset):
            created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
            }
        )
        if amount is not UNSET:
            field_dict["amount"] = amount
        if currency is not UNSET:
            field_dict["currency"] = currency
        if payment_methods is not UNSET:
            field_dict["payment_methods"] = payment_methods
        if quote_id is not UNSET:
            field_dict["quote_id"] = quote_id
        if status is not UNSET:
            field_dict["status"] = status
        if rfi is not UNSET:
            field_dict["rfi"] = rfi
        if created_at is not UNSET:
            field_dict["created_at"] = created_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.rfi_reference import RfiReference

        d = dict(src_dict)
        id = d.pop("id")

        amount = d.pop("amount", UNSET)

        currency = d.pop("currency", UNSET)

        payment_methods = cast(list[str], d.pop("payment_methods", UNSET))

        quote_id = d.pop("quote_id", UNSET)

        status = d.pop("status", UNSET)

        _rfi = d.pop("rfi", UNSET)
        rfi: RfiReference | Unset
        if isinstance(_rfi, Unset):
            rfi = UNSET
        else:
            rfi = RfiReference.from_dict(_rfi)

        _created_at = d.pop("created_at", UNSET)
        created_at: datetime.datetime | Unset
        if isinstance(_created_at, Unset):
            created_at = UNSET
        else:
            created_at = datetime.datetime.fromisoformat(_created_at)

        order = cls(
            id=id,
            amount=amount,
            currency=currency,
            payment_methods=payment_methods,
            quote_id=quote_id,
            status=status,
            rfi=rfi,
            created_at=created_at,
        )

        order.additional_properties = d
        return order

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
