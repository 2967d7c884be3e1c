from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

from ..types import UNSET, Unset

if TYPE_CHECKING:
    from ..models.fee import Fee


T = TypeVar("T", bound="BalanceConversion")


@_attrs_define
class BalanceConversion:
    """A conversion of balance from one currency to another."""

    id: str | Unset = UNSET
    """ The conversion's id. """
    source_currency: str | Unset = UNSET
    """ ISO 4217 currency code. """
    target_currency: str | Unset = UNSET
    """ ISO 4217 currency code. """
    source_amount: int | Unset = UNSET
    """ A positive amount in the smallest currency unit (299.00 USD is 29900; 295.991 KWD is 295990; 295 JPY is
    295). """
    target_amount: int | Unset = UNSET
    """ A positive amount in the smallest currency unit (299.00 USD is 29900; 295.991 KWD is 295990; 295 JPY is
    295). """
    mid_market_rate: float | Unset = UNSET
    """ The mid-market rate the conversion used, before fees. """
    fx_fee: Fee | Unset = UNSET
    """ A fee in the smallest unit of its currency. """
    created_at: datetime.datetime | Unset = UNSET
    """ ISO 8601 date-time in UTC. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        id = self.id

        source_currency = self.source_currency

        target_currency = self.target_currency

        source_amount = self.source_amount

        target_amount = self.target_amount

        mid_market_rate = self.mid_market_rate

        fx_fee: dict[str, Any] | Unset = UNSET
        if not isinstance(self.fx_fee, Unset):
            fx_fee = self.fx_fee.to_dict()

        created_at: str | Unset = UNSET
        if not isinstance(self.created_at, Unset):
            created_at = self.created_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update({})
        if id is not UNSET:
            field_dict["id"] = id
        if source_currency is not UNSET:
            field_dict["source_currency"] = source_currency
        if target_currency is not UNSET:
            field_dict["target_currency"] = target_currency
        if source_amount is not UNSET:
            field_dict["source_amount"] = source_amount
        if target_amount is not UNSET:
            field_dict["target_amount"] = target_amount
        if mid_market_rate is not UNSET:
            field_dict["mid_market_rate"] = mid_market_rate
        if fx_fee is not UNSET:
            field_dict["fx_fee"] = fx_fee
        if created_at is not UNSET:
            field_dict["created_at"] = created_at

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        from ..models.fee import Fee

        d = dict(src_dict)
        id = d.pop("id", UNSET)

        source_currency = d.pop("source_currency", UNSET)

        target_currency = d.pop("target_currency", UNSET)

        source_amount = d.pop("source_amount", UNSET)

        target_amount = d.pop("target_amount", UNSET)

        mid_market_rate = d.pop("mid_market_rate", UNSET)

        _fx_fee = d.pop("fx_fee", UNSET)
        fx_fee: Fee | Unset
        if isinstance(_fx_fee, Unset):
            fx_fee = UNSET
        else:
            fx_fee = Fee.from_dict(_fx_fee)

        _created_at = d.pop("created_at", UNSET)
        created_at: datetime.datetime | Unset
        if isinstance(_created_at, Unset):
            created_at = UNSET
        else:
            created_at = datetime.datetime.fromisoformat(_created_at)

        balance_conversion = cls(
            id=id,
            source_currency=source_currency,
            target_currency=target_currency,
            source_amount=source_amount,
            target_amount=target_amount,
            mid_market_rate=mid_market_rate,
            fx_fee=fx_fee,
            created_at=created_at,
        )

        balance_conversion.additional_properties = d
        return balance_conversion

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
