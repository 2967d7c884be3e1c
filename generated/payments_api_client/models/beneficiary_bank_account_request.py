from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="BeneficiaryBankAccountRequest")


@_attrs_define
class BeneficiaryBankAccountRequest:
    """Where payouts go. USD uses `swift_code`; EUR and AED use the IBAN as `account_number` alone;
    GBP and AUD use `local_routing_number` (sort code, BSB; IFSC for INR).

    """

    account_number: str | Unset = UNSET
    """ The account number; an IBAN for EUR and AED accounts. """
    swift_code: str | Unset = UNSET
    """ The SWIFT code, used for USD. """
    local_routing_number: str | Unset = UNSET
    """ Sort code for GBP, BSB for AUD, IFSC for INR. """
    currency: str | Unset = UNSET
    """ ISO 4217 currency code. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        account_number = self.account_number

        swift_code = self.swift_code

        local_routing_number = self.local_routing_number

        currency = self.currency

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
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
        account_number = d.pop("account_number", UNSET)

        swift_code = d.pop("swift_code", UNSET)

        local_routing_number = d.pop("local_routing_number", UNSET)

        currency = d.pop("currency", UNSET)

        beneficiary_bank_account_request = cls(
            account_number=account_number,
            swift_code=swift_code,
            local_routing_number=local_routing_number,
            currency=currency,
        )

        beneficiary_bank_account_request.additional_properties = d
        return beneficiary_bank_account_request

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
