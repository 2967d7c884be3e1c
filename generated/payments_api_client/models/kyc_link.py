from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.kyc_document import KycDocument


T = TypeVar("T", bound="KycLink")


@_attrs_define
class KycLink:
    """A shareable identity-verification link."""

    id: str
    url: str | Unset = UNSET
    status: str | Unset = UNSET
    """ Verification status; values are not published. """
    customer_id: str | Unset = UNSET
    """ A customer id. """
    email: str | Unset = UNSET
    documents: list[KycDocument] | Unset = UNSET
    created_at: datetime.datetime | Unset = UNSET
    """ ISO 8601 date-time in UTC. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        url = self.url

        status = self.status

        customer_id = self.customer_id

        email = self.email

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
            }
        )
        if url is not UNSET:
            field_dict["url"] = url
        if status is not UNSET:
            field_dict["status"] = status
        if customer_id is not UNSET:
            field_dict["customer_id"] = customer_id
        if email is not UNSET:
            field_dict["email"] = email
        if documents is not UNSET:
            field_dict["documents"] = documents
        if created_at is not UNSET:
            field_dict["created_at"] = created_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.kyc_document import KycDocument

        d = dict(src_dict)
        id = d.pop("id")

        url = d.pop("url", UNSET)

        status = d.pop("status", UNSET)

        customer_id = d.pop("customer_id", UNSET)

        email = d.pop("email", UNSET)

        _documents = d.pop("documents", UNSET)
        documents: list[KycDocument] | Unset = UNSET
        if _documents is not UNSET:
            documents = []
            for documents_item_data in _documents:
                documents_item = KycDocument.from_dict(documents_item_data)

                documents.append(documents_item)

        _created_at = d.pop("created_at", UNSET)
        created_at: datetime.datetime | Unset
        if isinstance(_created_at, Unset):
            created_at = UNSET
        else:
            created_at = datetime.datetime.fromisoformat(_created_at)

        kyc_link = cls(
            id=id,
            url=url,
            status=status,
            customer_id=customer_id,
            email=email,
            documents=documents,
            created_at=created_at,
        )

        kyc_link.additional_properties = d
        return kyc_link

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
