from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="RfiDocument")


@_attrs_define
class RfiDocument:
    """One document an RFI asks for, and the document submitted for it once there is one."""

    rfi_doc_id: str
    """ An RFI document id. """
    type_: str | Unset = UNSET
    """ What is asked for, such as `passport`. """
    status: str | Unset = UNSET
    """ `pending` appears; other values are not published. """
    id: str | Unset = UNSET
    """ A document id. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        rfi_doc_id = self.rfi_doc_id

        type_ = self.type_

        status = self.status

        id = self.id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "rfi_doc_id": rfi_doc_id,
            }
        )
        if type_ is not UNSET:
            field_dict["type"] = type_
        if status is not UNSET:
            field_dict["status"] = status
        if id is not UNSET:
            field_dict["id"] = id

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        rfi_doc_id = d.pop("rfi_doc_id")

        type_ = d.pop("type", UNSET)

        status = d.pop("status", UNSET)

        id = d.pop("id", UNSET)

        rfi_document = cls(
            rfi_doc_id=rfi_doc_id,
            type_=type_,
            status=status,
            id=id,
        )

        rfi_document.additional_properties = d
        return rfi_document

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
