from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="BeneficiaryBankAccount")


@_attrs_define
class BeneficiaryBankAccount:
    """The saved bank account of a created beneficiary, with its `bene_` id."""

    id: str | Unset = UNSET
    """ The id of a saved beneficiary bank account. """
    account_number: str | Unset = UNSET
    swift_code: str | Unset = UNSET
    local_routing_number: str | Unset = UNSET
    currency: str | Unset = UNSET
    """ ISO 4217 currency code. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        account_number = self.account_number

        swift_code = self.swift_code

        local_routing_number = self.local_routing_number

        currency = self.currency

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if id is not UNSET:
            field_dict["id"] = id
        if account_number is not UNSET:
            field_dict["account_number"] = account_number
        if swift_code is not UNSET:
            field_dict["swift_code"] = swift_code
        if local_routing_number is not UNSET:
            field_dict["local_routing_number"] = local_routing_number
        if currency is not UNSET:
            field_dict["currency"] = currency

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id", UNSET)

        account_number = d.pop("account_number", UNSET)

        swift_code = d.pop("swift_code", UNSET)

        local_routing_number = d.pop("local_routing_number", UNSET)

        currency = d.pop("currency", UNSET)

        beneficiary_bank_account = cls(
            id=id,
            account_number=account_number,
            swift_code=swift_code,
            local_routing_number=local_routing_number,
            currency=currency,
        )

        beneficiary_bank_account.additional_properties = d
        return beneficiary_bank_account

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
