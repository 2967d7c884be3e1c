"""docs/sandbox.md names every sandbox control of the table, and has a row for each command.

The routes' module no longer lists the controls (the table in ``sandbox/_controls.py`` is the
one description), so the user's page is what a reader finds them in: a control added to the
table without a line on the page fails here.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from payments_sdk.sandbox._controls import CONTROLS
from payments_sdk.sandbox._controls_cli import usage_lines

PAGE = (Path(__file__).resolve().parents[2] / "docs" / "sandbox.md").read_text(encoding="utf-8")


@pytest.mark.parametrize("name", sorted(CONTROLS))
def test_the_page_names_the_controls_path_and_method(name: str) -> None:
    control = CONTROLS[name]
    lines = [line for line in PAGE.splitlines() if control.path in line]
    assert any(control.method in line for line in lines), control.route


@pytest.mark.parametrize("line", usage_lines("payments-sandbox"))
def test_the_command_table_has_a_row_for_each_control_command(line: str) -> None:
    assert f"| `{line}` |" in PAGE, line
