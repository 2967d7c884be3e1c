from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="VirtualAccount")


@_attrs_define
class VirtualAccount:
    """An account number provisioned for a customer."""

    id: str | Unset = UNSET
    payment_type: str | Unset = UNSET
    currency: str | Unset = UNSET
    """ ISO 4217 currency code. """
    status: str | Unset = UNSET
    """ For example `active` or `closed`; values are not published. """
    account_number: str | Unset = UNSET
    created_at: datetime.datetime | Unset = UNSET
    """ ISO 8601 date-time in UTC. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        payment_type = self.payment_type

        currency = self.currency

        status = self.status

        account_number = self.account_number

        created_at: str | Unset = UNSET
        if not isinstance(self.created_at, Unset):
            created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if id is not UNSET:
            field_dict["id"] = id
        if payment_type is not UNSET:
            field_dict["payment_type"] = payment_type
        if currency is not UNSET:
            field_dict["currency"] = currency
        if status is not UNSET:
            field_dict["status"] = status
        if account_number is not UNSET:
            field_dict["account_number"] = account_number
        if created_at is not UNSET:
            field_dict["created_at"] = created_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id", UNSET)

        payment_type = d.pop("payment_type", UNSET)

        currency = d.pop("currency", UNSET)

        status = d.pop("status", UNSET)

        account_number = d.pop("account_number", UNSET)

        _created_at = d.pop("created_at", UNSET)
        created_at: datetime.datetime | Unset
        if isinstance(_created_at, Unset):
            created_at = UNSET
        else:
            created_at = datetime.datetime.fromisoformat(_created_at)

        virtual_account = cls(
            id=id,
            payment_type=payment_type,
            currency=currency,
            status=status,
            account_number=account_number,
            created_at=created_at,
        )

        virtual_account.additional_properties = d
        return virtual_account

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
