from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.beneficiary_address import BeneficiaryAddress


T = TypeVar("T", bound="BeneficiaryDetails")


@_attrs_define
class BeneficiaryDetails:
    """Who the beneficiary is."""

    name: str | Unset = UNSET
    type_: str | Unset = UNSET
    """ `individual` or `business` appear; other values are not published. """
    address: BeneficiaryAddress | Unset = UNSET
    """ The beneficiary's address. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        name = self.name

        type_ = self.type_

        address: dict[str, Any] | Unset = UNSET
        if not isinstance(self.address, Unset):
            address = self.address.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if name is not UNSET:
            field_dict["name"] = name
        if type_ is not UNSET:
            field_dict["type"] = type_
        if address is not UNSET:
            field_dict["address"] = address

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.beneficiary_address import BeneficiaryAddress

        d = dict(src_dict)
        name = d.pop("name", UNSET)

        type_ = d.pop("type", UNSET)

        _address = d.pop("address", UNSET)
        address: BeneficiaryAddress | Unset
        if isinstance(_address, Unset):
            address = UNSET
        else:
            address = BeneficiaryAddress.from_dict(_address)

        beneficiary_details = cls(
            name=name,
            type_=type_,
            address=address,
        )

        beneficiary_details.additional_properties = d
        return beneficiary_details

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
