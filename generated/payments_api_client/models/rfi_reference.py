from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..models.rfi_status import RfiStatus
from ..types import UNSET, Unset

T = TypeVar("T", bound="RfiReference")


@_attrs_define
class RfiReference:
    """The RFI raised on a resource."""

    id: str
    """ An RFI id. """
    status: RfiStatus | str | Unset = UNSET
    """ An RFI status as received; a status this version does not know is kept as a plain string. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        status: str | Unset
        if isinstance(self.status, Unset):
            status = UNSET
        elif isinstance(self.status, RfiStatus):
            status = self.status.value
        else:
            status = self.status

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "id": id,
            }
        )
        if status is not UNSET:
            field_dict["status"] = status

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        id = d.pop("id")

        def _parse_status(data: object) -> RfiStatus | str | Unset:
            if isinstance(data, Unset):
                return data
            try:
                if not isinstance(data, str):
                    raise TypeError()
                componentsschemas_rfi_status_value_type_0 = RfiStatus(data)

                return componentsschemas_rfi_status_value_type_0
            except (TypeError, ValueError, AttributeError, KeyError):
                pass
            return cast(RfiStatus | str | Unset, data)

        status = _parse_status(d.pop("status", UNSET))

        rfi_reference = cls(
            id=id,
            status=status,
        )

        rfi_reference.additional_properties = d
        return rfi_reference

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
