from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.refund_status import RefundStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="Refund")


@_attrs_define
class Refund:
    """A refund from the account to a customer."""

    id: str
    status: RefundStatus | str
    """ A refund status as received; a status this version does not know is kept as a plain string. """
    payment_id: str | Unset = UNSET
    """ A payment id. """
    amount: int | Unset = UNSET
    """ A positive amount in the smallest currency unit (299.00 USD is 29900; 295.991 KWD is 295990; 295 JPY is
    295). """
    currency: str | Unset = UNSET
    """ ISO 4217 currency code. """
    created_at: datetime.datetime | Unset = UNSET
    """ ISO 8601 date-time in UTC. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        status: str
        if isinstance(self.status, RefundStatus):
            status = self.status.value
        else:
            status = self.status

        payment_id = self.payment_id

        amount = self.amount

        currency = self.currency

        created_at: str | Unset = UNSET
        if not isinstance(self.created_at, Unset):
            created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "status": status,
            }
        )
        if payment_id is not UNSET:
            field_dict["payment_id"] = payment_id
        if amount is not UNSET:
            field_dict["amount"] = amount
        if currency is not UNSET:
            field_dict["currency"] = currency
        if created_at is not UNSET:
            field_dict["created_at"] = created_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        def _parse_status(data: object) -> RefundStatus | str:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_refund_status_value_type_0 = RefundStatus(data)

                return componentsschemas_refund_status_value_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(RefundStatus | str, data)

        status = _parse_status(d.pop("status"))

        payment_id = d.pop("payment_id", UNSET)

        amount = d.pop("amount", UNSET)

        currency = d.pop("currency", UNSET)

        _created_at = d.pop("created_at", UNSET)
        created_at: datetime.datetime | Unset
        if isinstance(_created_at, Unset):
            created_at = UNSET
        else:
            created_at = datetime.datetime.fromisoformat(_created_at)

        refund = cls(
            id=id,
            status=status,
            payment_id=payment_id,
            amount=amount,
            currency=currency,
            created_at=created_at,
        )

        refund.additional_properties = d
        return refund

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
