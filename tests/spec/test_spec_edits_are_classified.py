"""Each edit of the shared list is classified as its kind says, by api-diff and by the fold.

Cheap (no generation): ``make spec-edits`` runs the same checks, and the whole ``make test``,
in scratch clones. A breaking edit is reported ``[BREAKING]`` with the edit's flags and makes
the release check demand the next breaking version; a compatible edit breaks nothing; a
doc-only edit is no change at all; an unsupported one is refused by the fold, by name.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from api_diff import check_release, diff, report, required_version
from features import unsupported
from fold import FoldError, fold_server_prefixes
from spec_edit_set import EDITS, Edit, apply_edits, edited_bundle, released_baseline

from tests.support.provider_bundle import payments_yaml

ROOT = Path(__file__).resolve().parents[2]
BASELINE = ROOT / "openapi" / "baseline"


@pytest.fixture(scope="module")
def source() -> dict[str, Any]:
    """The provider's bundle (their file), loaded; our overlay applies after each edit."""
    loaded: dict[str, Any] = payments_yaml()
    return loaded


def _changes(source: dict[str, Any], edit: Edit) -> str:
    baseline = json.loads((BASELINE / "payments.json").read_text(encoding="utf-8"))
    old = fold_server_prefixes(released_baseline(baseline, edit))
    new = fold_server_prefixes(edited_bundle(source, [edit]))
    version = (BASELINE / "VERSION").read_text(encoding="utf-8").strip()
    changes = diff(old, new)
    problems = check_release(changes, baseline_version=version, version=version, changelog="")
    return report(changes, version) + "\n".join(problems)


def _of(kind: str) -> list[Any]:
    return [pytest.param(e, id=e.name) for e in EDITS if e.kind == kind]


@pytest.mark.parametrize("edit", _of("breaking"))
def test_a_breaking_edit_is_flagged_with_its_semver_rule(
    source: dict[str, Any], edit: Edit
) -> None:
    """api-diff prints the edit's flags and the version the release must have."""
    text = _changes(source, edit)
    version = (BASELINE / "VERSION").read_text(encoding="utf-8").strip()
    for flag in (*edit.flags, f"must be at least {required_version(version)}"):
        assert flag in text, text


@pytest.mark.parametrize("edit", _of("compatible"))
def test_a_compatible_edit_breaks_nothing(source: dict[str, Any], edit: Edit) -> None:
    """api-diff reports the edit, and nothing of it as breaking."""
    text = _changes(source, edit)
    assert "[BREAKING]" not in text, text
    assert "added/compatible" in text, text


@pytest.mark.parametrize("edit", _of("doc-only"))
def test_a_doc_only_edit_is_flagged_by_nothing(source: dict[str, Any], edit: Edit) -> None:
    """api-diff sees no change for SDK users between the bundle and the bundle edited."""
    before = fold_server_prefixes(edited_bundle(source, []))
    assert diff(before, fold_server_prefixes(edited_bundle(source, [edit]))) == [], edit.name
    baseline = json.loads((BASELINE / "payments.json").read_text(encoding="utf-8"))
    assert apply_edits(baseline, [edit]) != baseline, "the edit changes nothing"


@pytest.mark.parametrize("edit", _of("unsupported"))
def test_an_unsupported_edit_is_refused_by_name(source: dict[str, Any], edit: Edit) -> None:
    """The first steps of make generate (the feature check, the fold) refuse it, by place."""
    edited = edited_bundle(source, [edit])
    refused = "\n".join(map(str, unsupported(edited)))
    if not refused:
        try:
            fold_server_prefixes(edited)
        except FoldError as exc:
            refused = str(exc)
    assert refused, f"{edit.name} is not refused"
    for flag in edit.flags:
        assert flag in refused
