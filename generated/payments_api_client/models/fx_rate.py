from __future__ import annotations

import datetime
from collections.abc import Mapping
from typing import Any, Self, TypeVar

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="FxRate")


@_attrs_define
class FxRate:
    """The mid-market rate of a currency pair; FX fees are charged on top during conversions."""

    source_currency: str
    """ ISO 4217 currency code. """
    target_currency: str
    """ ISO 4217 currency code. """
    mid_market_rate: float
    """ Mid-market rate, before FX fees. """
    expires_at: datetime.datetime
    """ When the cached rate expires. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        source_currency = self.source_currency

        target_currency = self.target_currency

        mid_market_rate = self.mid_market_rate

        expires_at = self.expires_at.isoformat()

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "source_currency": source_currency,
                "target_currency": target_currency,
                "mid_market_rate": mid_market_rate,
                "expires_at": expires_at,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        source_currency = d.pop("source_currency")

        target_currency = d.pop("target_currency")

        mid_market_rate = d.pop("mid_market_rate")

        expires_at = datetime.datetime.fromisoformat(d.pop("expires_at"))

        fx_rate = cls(
            source_currency=source_currency,
            target_currency=target_currency,
            mid_market_rate=mid_market_rate,
            expires_at=expires_at,
        )

        fx_rate.additional_properties = d
        return fx_rate

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
