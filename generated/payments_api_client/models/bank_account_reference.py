from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define

T = TypeVar("T", bound="BankAccountReference")


@_attrs_define
class BankAccountReference:
    """A saved beneficiary bank account, by id."""

    id: str
    """ The id of a saved beneficiary bank account. """

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        field_dict: dict[str, Any] = {}

        field_dict.update(
            {
                "id": id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        bank_account_reference = cls(
            id=id,
        )

        return bank_account_reference
