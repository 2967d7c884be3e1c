from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="BeneficiaryAddress")


@_attrs_define
class BeneficiaryAddress:
    """The beneficiary's address."""

    address_line1: str | Unset = UNSET
    city: str | Unset = UNSET
    state: str | Unset = UNSET
    country_code: str | Unset = UNSET
    """ ISO 3166-1 alpha-3 country code. """
    postal_code: str | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        address_line1 = self.address_line1

        city = self.city

        state = self.state

        country_code = self.country_code

        postal_code = self.postal_code

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if address_line1 is not UNSET:
            field_dict["address_line1"] = address_line1
        if city is not UNSET:
            field_dict["city"] = city
        if state is not UNSET:
            field_dict["state"] = state
        if country_code is not UNSET:
            field_dict["country_code"] = country_code
        if postal_code is not UNSET:
            field_dict["postal_code"] = postal_code

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        address_line1 = d.pop("address_line1", UNSET)

        city = d.pop("city", UNSET)

        state = d.pop("state", UNSET)

        country_code = d.pop("country_code", UNSET)

        postal_code = d.pop("postal_code", UNSET)

        beneficiary_address = cls(
            address_line1=address_line1,
            city=city,
            state=state,
            country_code=country_code,
            postal_code=postal_code,
        )

        beneficiary_address.additional_properties = d
        return beneficiary_address

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
