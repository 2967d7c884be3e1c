from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

T = TypeVar("T", bound="OrderCreateInline")


@_attrs_define
class OrderCreateInline:
    """An order without a quote."""

    amount: int
    """ A positive amount in the smallest currency unit (299.00 USD is 29900; 295.991 KWD is 295990; 295 JPY is
    295). """
    currency: str
    """ ISO 4217 currency code. """
    payment_methods: list[str]
    split_ids: list[str] | Unset = UNSET
    """ Dynamic fee splits (`pricing_split`) that declare the merchant's share of the pricing rule;
    the rest is charged to the customer. Without `split_ids`, the system-configured pricing
    rules apply. Split ids have no published prefix or format.
     """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        amount = self.amount

        currency = self.currency

        payment_methods = self.payment_methods

        split_ids: list[str] | Unset = UNSET
        if not isinstance(self.split_ids, Unset):
            split_ids = self.split_ids

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "amount": amount,
                "currency": currency,
                "payment_methods": payment_methods,
            }
        )
        if split_ids is not UNSET:
            field_dict["split_ids"] = split_ids

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        amount = d.pop("amount")

        currency = d.pop("currency")

        payment_methods = cast(list[str], d.pop("payment_methods"))

        split_ids = cast(list[str], d.pop("split_ids", UNSET))

        order_create_inline = cls(
            amount=amount,
            currency=currency,
            payment_methods=payment_methods,
            split_ids=split_ids,
        )

        order_create_inline.additional_properties = d
        return order_create_inline

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
