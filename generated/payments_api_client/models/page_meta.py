from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Self, TypeVar, cast

from attrs import define as _attrs_define
from attrs import field as _attrs_field

T = TypeVar("T", bound="PageMeta")


@_attrs_define
class PageMeta:
    """Page metadata, present in every list response."""

    current: int
    """ Current page number. """
    previous: int | None
    """ Previous page number, or null on the first page. """
    next_: int | None
    """ Next page number, or null on the last page. """
    per_page: int
    """ Page size. """
    pages: int
    """ Total pages. """
    count: int
    """ Total records. """
    additional_properties: dict[str, Any] = _attrs_field(init=False, factory=dict)

    def to_dict(self) -> dict[str, Any]:
        current = self.current

        previous: int | None
        previous = self.previous

        next_: int | None
        next_ = self.next_

        per_page = self.per_page

        pages = self.pages

        count = self.count

        field_dict: dict[str, Any] = {}
        field_dict.update(self.additional_properties)
        field_dict.update(
            {
                "current": current,
                "previous": previous,
                "next": next_,
                "per_page": per_page,
                "pages": pages,
                "count": count,
            }
        )

        return field_dict

    @classmethod
    def from_dict(cls, src_dict: Mapping[str, Any]) -> Self:
        d = dict(src_dict)
        current = d.pop("current")

        def _parse_previous(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        previous = _parse_previous(d.pop("previous"))

        def _parse_next_(data: object) -> int | None:
            if data is None:
                return data
            return cast(int | None, data)

        next_ = _parse_next_(d.pop("next"))

        per_page = d.pop("per_page")

        pages = d.pop("pages")

        count = d.pop("count")

        page_meta = cls(
            current=current,
            previous=previous,
            next_=next_,
            per_page=per_page,
            pages=pages,
            count=count,
        )

        page_meta.additional_properties = d
        return page_meta

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
