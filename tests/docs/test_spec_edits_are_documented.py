"""The spec edits' report and the features table name exactly the edits of the shared list."""

from __future__ import annotations

import re
from pathlib import Path

from spec_edit_set import EDITS
from spec_edits import runs

ROOT = Path(__file__).resolve().parents[2]


def _rows(text: str, heading: str) -> list[list[str]]:
    """The cells of each row of the first table after ``heading``."""
    section = text[text.index(heading) :]
    lines = section.splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("|"))
    rows = []
    for line in lines[start + 2 :]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in re.split(r"(?<!\\)\|", line)[1:-1]])
    return rows


def test_the_report_has_one_row_per_run_in_order() -> None:
    """docs/spec-edits.md lists every run of `make spec-edits` once, with its kind."""
    report = (ROOT / "docs" / "spec-edits.md").read_text(encoding="utf-8")
    rows = _rows(report, "# Spec edits")
    assert [row[0] for row in rows] == [run.name for run in runs()], (
        "the report is stale: python openapi/tools/spec_edits.py --table (or make spec-edits)"
    )
    for row, run in zip(rows, runs(), strict=True):
        assert row[1] == run.kind + (" (pending)" if run.pending else ""), row
    for edit in EDITS:
        if edit.pending:
            assert f"`{edit.name}`: {edit.pending}" in report


def test_every_edit_is_named_in_the_features_table() -> None:
    """Each edit proves a row of docs/development.md's table of OpenAPI 3.1 features."""
    text = (ROOT / "docs" / "development.md").read_text(encoding="utf-8")
    rows = _rows(text, "## OpenAPI 3.1 features\n")
    named = {name for row in rows for name in re.findall(r"`(\w+)`", row[-1])}
    assert {edit.name for edit in EDITS} <= named, sorted({e.name for e in EDITS} - named)
    assert named <= {edit.name for edit in EDITS}, sorted(named - {e.name for e in EDITS})
