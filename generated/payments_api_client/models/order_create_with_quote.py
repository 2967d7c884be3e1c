from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="OrderCreateWithQuote")


@_attrs_define
class OrderCreateWithQuote:
    """An order from a quote obtained earlier."""

    quote_id: str
    """ The id of a quote obtained from a quote operation; its format is not published. """
    split_ids: list[str] | Unset = UNSET
    """ Dynamic fee splits (`pricing_split`) that declare the merchant's share of the pricing rule;
    the rest is charged to the customer. Without `split_ids`, the system-configured pricing
    rules apply. Split ids have no published prefix or format.
     """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        quote_id = self.quote_id

        split_ids: list[str] | Unset = UNSET
        if not isinstance(self.split_ids, Unset):
            split_ids = self.split_ids

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "quote_id": quote_id,
            }
        )
        if split_ids is not UNSET:
            field_dict["split_ids"] = split_ids

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        quote_id = d.pop("quote_id")

        split_ids = cast(list[str], d.pop("split_ids", UNSET))

        order_create_with_quote = cls(
            quote_id=quote_id,
            split_ids=split_ids,
        )

        order_create_with_quote.additional_properties = d
        return order_create_with_quote

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
