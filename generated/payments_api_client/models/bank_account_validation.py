from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="BankAccountValidation")


@_attrs_define
class BankAccountValidation:
    """Validation details of a bank account."""

    id: str | Unset = UNSET
    beneficiary_account_id: str | Unset = UNSET
    """ The id of a saved beneficiary bank account. """
    country: str | Unset = UNSET
    """ ISO 3166-1 alpha-3 country code. """
    holder_name: str | Unset = UNSET
    account_number: str | Unset = UNSET
    bic_primary: str | Unset = UNSET
    bic_secondary: str | Unset = UNSET
    status: str | Unset = UNSET
    """ Outcome of the validation; values are not published. """
    created_at: datetime.datetime | Unset = UNSET
    """ ISO 8601 date-time in UTC. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        beneficiary_account_id = self.beneficiary_account_id

        country = self.country

        holder_name = self.holder_name

        account_number = self.account_number

        bic_primary = self.bic_primary

        bic_secondary = self.bic_secondary

        status = self.status

        created_at: str | Unset = UNSET
        if not isinstance(self.created_at, Unset):
            created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if id is not UNSET:
            field_dict["id"] = id
        if beneficiary_account_id is not UNSET:
            field_dict["beneficiary_account_id"] = beneficiary_account_id
        if country is not UNSET:
            field_dict["country"] = country
        if holder_name is not UNSET:
            field_dict["holder_name"] = holder_name
        if account_number is not UNSET:
            field_dict["account_number"] = account_number
        if bic_primary is not UNSET:
            field_dict["bic_primary"] = bic_primary
        if bic_secondary is not UNSET:
            field_dict["bic_secondary"] = bic_secondary
        if status is not UNSET:
            field_dict["status"] = status
        if created_at is not UNSET:
            field_dict["created_at"] = created_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id", UNSET)

        beneficiary_account_id = d.pop("beneficiary_account_id", UNSET)

        country = d.pop("country", UNSET)

        holder_name = d.pop("holder_name", UNSET)

        account_number = d.pop("account_number", UNSET)

        bic_primary = d.pop("bic_primary", UNSET)

        bic_secondary = d.pop("bic_secondary", UNSET)

        status = d.pop("status", UNSET)

        _created_at = d.pop("created_at", UNSET)
        created_at: datetime.datetime | Unset
        if isinstance(_created_at, Unset):
            created_at = UNSET
        else:
            created_at = datetime.datetime.fromisoformat(_created_at)

        bank_account_validation = cls(
            id=id,
            beneficiary_account_id=beneficiary_account_id,
            country=country,
            holder_name=holder_name,
            account_number=account_number,
            bic_primary=bic_primary,
            bic_secondary=bic_secondary,
            status=status,
            created_at=created_at,
        )

        bank_account_validation.additional_properties = d
        return bank_account_validation

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
