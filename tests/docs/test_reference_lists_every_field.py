"""The API reference the docs site builds lists every public field and enum member."""

from __future__ import annotations

import enum
import html
import os
import re
import subprocess
import sys
from pathlib import Path

import msgspec
import pytest

import payments_sdk.types as types

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The documentation site, built as ``make docs`` builds it (strict, offline)."""
    out = tmp_path_factory.mktemp("site")
    env = {**os.environ, "NO_MKDOCS_2_WARNING": "1"}
    subprocess.run(
        [sys.executable, "-m", "mkdocs", "build", "--strict", "--quiet", "--site-dir", str(out)],
        cwd=ROOT,
        env=env,
        check=True,
    )
    return out


def _page(site: Path, name: str) -> str:
    return (site / "reference" / name / "index.html").read_text(encoding="utf-8")


def _public() -> list[type]:
    return [
        getattr(types, name) for name in types.__all__ if isinstance(getattr(types, name), type)
    ]


def test_every_field_and_enum_member_is_in_the_reference(site: Path) -> None:
    """Each field of each public model, and each enum member, has its entry and description."""
    page = _page(site, "types")
    anchors = set(re.findall(r'id="(payments_sdk\.types\.[\w.]+)"', page))
    text = html.unescape(re.sub(r"<[^>]+>", " ", page))
    text = re.sub(r"\s+", " ", text)
    missing = []
    fields = members = 0
    for cls in _public():
        if issubclass(cls, msgspec.Struct):
            for field in msgspec.structs.fields(cls):
                fields += 1
                if f"payments_sdk.types.{cls.__name__}.{field.name}" not in anchors:
                    missing.append(f"{cls.__name__}.{field.name}")
        elif issubclass(cls, enum.Enum):
            for member in cls:
                members += 1
                if f"payments_sdk.types.{cls.__name__}.{member.name}" not in anchors:
                    missing.append(f"{cls.__name__}.{member.name}")
                # A text member is shown quoted, a number as it is (an integer enum's).
                value = member.value
                shown = f'"{value}"' if isinstance(value, str) else f"The value {value} "
                assert shown in text, (cls.__name__, member.value)
    assert missing == []
    assert fields >= 184 and members >= 9
    # A description from the bundle reaches the page (Refund.amount's, for one).
    assert "A positive amount in the smallest currency unit" in text


def test_the_reference_shows_no_internals_or_badges(site: Path) -> None:
    """No requestor constructor, no "Bases: Resource", no attribute-kind badges."""
    resources = _page(site, "resources")
    assert "Requestor" not in resources and "requestor" not in resources
    assert "Bases:" not in resources
    for name in ("types", "payments_sdk", "errors", "resources"):
        assert "class-attribute" not in _page(site, name), name


def test_every_observer_event_field_is_in_the_reference(site: Path) -> None:
    """AttemptEvent, CallEvent and RequestOptions show every field on the payments_sdk page."""
    import dataclasses

    from payments_sdk import AttemptEvent, CallEvent, RequestOptions

    page = _page(site, "payments_sdk")
    names = [
        (cls.__name__, field.name)
        for cls in (AttemptEvent, CallEvent)
        for field in dataclasses.fields(cls)
    ]
    names += [("RequestOptions", key) for key in RequestOptions.__annotations__]
    missing = [f"{c}.{f}" for c, f in names if f'id="payments_sdk.{c}.{f}"' not in page]
    assert missing == []
