from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="RfiDocumentSubmission")


@_attrs_define
class RfiDocumentSubmission:
    """A document submitted for one document an RFI asked for."""

    id: str
    """ A document id. """
    rfi_doc_id: str
    """ An RFI document id. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        rfi_doc_id = self.rfi_doc_id

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "rfi_doc_id": rfi_doc_id,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        rfi_doc_id = d.pop("rfi_doc_id")

        rfi_document_submission = cls(
            id=id,
            rfi_doc_id=rfi_doc_id,
        )

        rfi_document_submission.additional_properties = d
        return rfi_document_submission

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
