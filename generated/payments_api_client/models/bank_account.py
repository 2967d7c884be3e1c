from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="BankAccount")


@_attrs_define
class BankAccount:
    """A bank account given in full."""

    country: str
    """ ISO 3166-1 alpha-3 country code. """
    holder_name: str
    account_number: str
    bic_primary: str
    bic_secondary: str
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        country = self.country

        holder_name = self.holder_name

        account_number = self.account_number

        bic_primary = self.bic_primary

        bic_secondary = self.bic_secondary

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "country": country,
                "holder_name": holder_name,
                "account_number": account_number,
                "bic_primary": bic_primary,
                "bic_secondary": bic_secondary,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        country = d.pop("country")

        holder_name = d.pop("holder_name")

        account_number = d.pop("account_number")

        bic_primary = d.pop("bic_primary")

        bic_secondary = d.pop("bic_secondary")

        bank_account = cls(
            country=country,
            holder_name=holder_name,
            account_number=account_number,
            bic_primary=bic_primary,
            bic_secondary=bic_secondary,
        )

        bank_account.additional_properties = d
        return bank_account

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
