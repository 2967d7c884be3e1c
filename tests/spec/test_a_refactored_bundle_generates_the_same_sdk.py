"""A bundle whose parts are written once and referred to generates the same SDK, silently.

OpenAPI 3.1 lets a maintainer move a request body to ``components/requestBodies``, an answer to
``components/responses``, a header to ``components/headers``, an example to
``components/examples``, and a parameter every operation of a path takes to the path item
(:func:`tests.support.refactored_bundle.refactored` does all of it, derived from the bundle). The
API is the same, so ``make generate`` accepts it and writes the same code, the surface table is
the same, and ``make api-diff`` sees no change.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from api_diff import diff
from features import unsupported
from fold import fold_server_prefixes
from surface import build_table

from payments_sdk import _operation_parts as parts
from tests.support.provider_bundle import payments_yaml
from tests.support.refactored_bundle import refactored
from tests.support.scratch_generate import generate_into


@pytest.fixture(scope="module")
def source() -> dict[str, Any]:
    loaded: dict[str, Any] = payments_yaml()
    return loaded


@pytest.fixture(scope="module")
def moved(source: dict[str, Any]) -> dict[str, Any]:
    return refactored(source)


def _inline(document: dict[str, Any], node: Any) -> Any:
    """``node`` with every reference but a schema's followed (examples, headers)."""
    if isinstance(node, dict):
        ref = node.get("$ref")
        if isinstance(ref, str) and not ref.startswith("#/components/schemas/"):
            return _inline(document, parts.follow(document, node).value)
        return {key: _inline(document, value) for key, value in node.items()}
    if isinstance(node, list):
        return [_inline(document, value) for value in node]
    return node


def test_the_refactor_moves_every_kind_of_part(moved: dict[str, Any]) -> None:
    """The check can fail: the copy refers to bodies, answers and examples, and shares ids."""
    components = moved["components"]
    for kind in ("requestBodies", "responses", "examples"):
        assert components.get(kind), kind
    assert any("parameters" in item for item in moved["paths"].values())
    for item in moved["paths"].values():
        for method in ("get", "post", "put", "patch", "delete"):
            operation = item.get(method)
            if isinstance(operation, dict) and "requestBody" in operation:
                assert set(operation["requestBody"]) == {"$ref"}


def test_every_part_reads_the_same_through_its_reference(
    source: dict[str, Any], moved: dict[str, Any]
) -> None:
    """``_operation_parts`` gives the same parameters, body and answers for both spellings."""
    for path, item in source["paths"].items():
        for method in item:
            if not isinstance(item[method], dict) or method in ("parameters", "servers"):
                continue

            def read(document: dict[str, Any], path: str = path, method: str = method) -> Any:
                body = parts.request_body(document, path, method)
                answers = parts.responses(document, path, method)
                return (
                    sorted(
                        (p.value["in"], p.value["name"], str(_inline(document, p.value)))
                        for p in parts.parameters(document, path, method)
                    ),
                    _inline(document, body.value) if body else None,
                    {status: _inline(document, r.value) for status, r in answers.items()},
                )

            assert read(moved) == read(source), (method, path)


def test_features_and_api_diff_see_nothing(source: dict[str, Any], moved: dict[str, Any]) -> None:
    """``make generate``'s feature check accepts it; ``make api-diff`` reports no change."""
    assert unsupported(moved) == []
    assert diff(fold_server_prefixes(source), fold_server_prefixes(moved)) == []


def test_the_generated_code_and_surface_are_the_same(
    tmp_path: Path, source: dict[str, Any], moved: dict[str, Any]
) -> None:
    """Every generated file is the same text, and so is every method of the surface table."""
    (tmp_path / "before").mkdir()
    (tmp_path / "after").mkdir()
    before = generate_into(tmp_path / "before", source)
    after = generate_into(tmp_path / "after", moved)
    files = sorted(p.relative_to(before) for p in before.rglob("*.py"))
    assert files == sorted(p.relative_to(after) for p in after.rglob("*.py"))
    changed = [
        str(name)
        for name in files
        if (before / name).read_text(encoding="utf-8") != (after / name).read_text(encoding="utf-8")
    ]
    assert not changed, changed
    generated = before / "payments_sdk_generated"
    old = build_table(fold_server_prefixes(source), generated)
    new = build_table(fold_server_prefixes(moved), generated)
    assert new == old
