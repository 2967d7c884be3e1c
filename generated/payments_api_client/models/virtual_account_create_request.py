from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="VirtualAccountCreateRequest")


@_attrs_define
class VirtualAccountCreateRequest:
    """The payment type and currency of the account to provision."""

    payment_type: str
    """ Payment type of a virtual account; allowed values are not published. """
    currency: str
    """ ISO 4217 currency code. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        payment_type = self.payment_type

        currency = self.currency

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "payment_type": payment_type,
                "currency": currency,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        payment_type = d.pop("payment_type")

        currency = d.pop("currency")

        virtual_account_create_request = cls(
            payment_type=payment_type,
            currency=currency,
        )

        virtual_account_create_request.additional_properties = d
        return virtual_account_create_request

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
