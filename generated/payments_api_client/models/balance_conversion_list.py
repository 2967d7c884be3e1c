from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

if TYPE_CHECKING:
    from ..models.balance_conversion import BalanceConversion
    from ..models.page_meta import PageMeta


T = TypeVar("T", bound="BalanceConversionList")


@_attrs_define
class BalanceConversionList:
    """A page of balance conversions."""

    data: list[BalanceConversion]
    page_meta: PageMeta
    """ Page metadata, present in every list response. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        data = []
        for data_item_data in self.data:
            data_item = data_item_data.to_dict()
            data.append(data_item)

        page_meta = self.page_meta.to_dict()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "data": data,
                "page_meta": page_meta,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.balance_conversion import BalanceConversion
        from ..models.page_meta import PageMeta

        d = dict(src_dict)
        data = []
        _data = d.pop("data")
        for data_item_data in _data:
            data_item = BalanceConversion.from_dict(data_item_data)

            data.append(data_item)

        page_meta = PageMeta.from_dict(d.pop("page_meta"))

        balance_conversion_list = cls(
            data=data,
            page_meta=page_meta,
        )

        balance_conversion_list.additional_properties = d
        return balance_conversion_list

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
