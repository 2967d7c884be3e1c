from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.rfi_status import RfiStatus
from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.rfi_document import RfiDocument


T = TypeVar("T", bound="Rfi")


@_attrs_define
class Rfi:
    """A request for information, as listed."""

    id: str
    """ An RFI id. """
    status: RfiStatus | str
    """ An RFI status as received; a status this version does not know is kept as a plain string. """
    entity_id: str | Unset = UNSET
    """ The id of the underlying resource. """
    entity_type: str | Unset = UNSET
    """ The kind of the underlying resource, such as `payment` or `order`. """
    documents: list[RfiDocument] | Unset = UNSET
    """ The documents the RFI asks for; answer each `rfi_doc_id` through the resource's update-rfi operation. """
    created_at: datetime.datetime | Unset = UNSET
    """ ISO 8601 date-time in UTC. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        status: str
        if isinstance(self.status, RfiStatus):
            status = self.status.value
        else:
            status = self.status

        entity_id = self.entity_id

        entity_type = self.entity_type

        documents: list[dict[str, Any]] | Unset = UNSET
        if not isinstance(self.documents, Unset):
            documents = []
            for documents_item_data in self.documents:
                documents_item = documents_item_data.to_dict()
                documents.append(documents_item)

        created_at: str | Unset = UNSET
        if not isinstance(self.created_at, Unset):
            created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
                "status": status,
            }
        )
        if entity_id is not UNSET:
            field_dict["entity_id"] = entity_id
        if entity_type is not UNSET:
            field_dict["entity_type"] = entity_type
        if documents is not UNSET:
            field_dict["documents"] = documents
        if created_at is not UNSET:
            field_dict["created_at"] = created_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.rfi_document import RfiDocument

        d = dict(src_dict)
        id = d.pop("id")

        def _parse_status(data: object) -> RfiStatus | str:
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_rfi_status_value_type_0 = RfiStatus(data)

                return componentsschemas_rfi_status_value_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(RfiStatus | str, data)

        status = _parse_status(d.pop("status"))

        entity_id = d.pop("entity_id", UNSET)

        entity_type = d.pop("entity_type", UNSET)

        _documents = d.pop("documents", UNSET)
        documents: list[RfiDocument] | Unset = UNSET
        if _documents is not UNSET:
            documents = []
            for documents_item_data in _documents:
                documents_item = RfiDocument.from_dict(documents_item_data)

                documents.append(documents_item)

        _created_at = d.pop("created_at", UNSET)
        created_at: datetime.datetime | Unset
        if isinstance(_created_at, Unset):
            created_at = UNSET
        else:
            created_at = datetime.datetime.fromisoformat(_created_at)

        rfi = cls(
            id=id,
            status=status,
            entity_id=entity_id,
            entity_type=entity_type,
            documents=documents,
            created_at=created_at,
        )

        rfi.additional_properties = d
        return rfi

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
