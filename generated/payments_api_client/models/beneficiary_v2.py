from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.beneficiary_bank_account import BeneficiaryBankAccount
    from ..models.beneficiary_details import BeneficiaryDetails
    from ..models.beneficiary_v2_notes import BeneficiaryV2Notes


T = TypeVar("T", bound="BeneficiaryV2")


@_attrs_define
class BeneficiaryV2:
    """A created beneficiary; beyond the request's fields, only `id` is assumed."""

    id: str | Unset = UNSET
    category: str | Unset = UNSET
    beneficiary: BeneficiaryDetails | Unset = UNSET
    """ Who the beneficiary is. """
    bank_account: BeneficiaryBankAccount | Unset = UNSET
    """ The saved bank account of a created beneficiary, with its `bene_` id. """
    notes: BeneficiaryV2Notes | Unset = UNSET
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        category = self.category

        beneficiary: dict[str, Any] | Unset = UNSET
        if not isinstance(self.beneficiary, Unset):
            beneficiary = self.beneficiary.to_dict()

        bank_account: dict[str, Any] | Unset = UNSET
        if not isinstance(self.bank_account, Unset):
            bank_account = self.bank_account.to_dict()

        notes: dict[str, Any] | Unset = UNSET
        if not isinstance(self.notes, Unset):
            notes = self.notes.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if id is not UNSET:
            field_dict["id"] = id
        if category is not UNSET:
            field_dict["category"] = category
        if beneficiary is not UNSET:
            field_dict["beneficiary"] = beneficiary
        if bank_account is not UNSET:
            field_dict["bank_account"] = bank_account
        if notes is not UNSET:
            field_dict["notes"] = notes

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.beneficiary_bank_account import BeneficiaryBankAccount
        from ..models.beneficiary_details import BeneficiaryDetails
        from ..models.beneficiary_v2_notes import BeneficiaryV2Notes

        d = dict(src_dict)
        id = d.pop("id", UNSET)

        category = d.pop("category", UNSET)

        _beneficiary = d.pop("beneficiary", UNSET)
        beneficiary: BeneficiaryDetails | Unset
        if isinstance(_beneficiary, Unset):
            beneficiary = UNSET
        else:
            beneficiary = BeneficiaryDetails.from_dict(_beneficiary)

        _bank_account = d.pop("bank_account", UNSET)
        bank_account: BeneficiaryBankAccount | Unset
        if isinstance(_bank_account, Unset):
            bank_account = UNSET
        else:
            bank_account = BeneficiaryBankAccount.from_dict(_bank_account)

        _notes = d.pop("notes", UNSET)
        notes: BeneficiaryV2Notes | Unset
        if isinstance(_notes, Unset):
            notes = UNSET
        else:
            notes = BeneficiaryV2Notes.from_dict(_notes)

        beneficiary_v2 = cls(
            id=id,
            category=category,
            beneficiary=beneficiary,
            bank_account=bank_account,
            notes=notes,
        )

        beneficiary_v2.additional_properties = d
        return beneficiary_v2

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
