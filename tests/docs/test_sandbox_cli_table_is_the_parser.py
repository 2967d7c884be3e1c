"""docs/sandbox.md's command-line tables are ``payments-sandbox``'s own options and commands.

Every option the parser takes is in the option table with its default, and every row is an
option the parser takes; the control commands' table lists exactly the commands the program
dispatches. So a new option cannot ship undocumented, and a documented one cannot go stale.
"""

from __future__ import annotations

import argparse
import re
from pathlib import Path

from payments_sdk.sandbox._cli import _parser
from payments_sdk.sandbox._controls_cli import COMMANDS

PAGE = Path(__file__).resolve().parents[2] / "docs" / "sandbox.md"


def _rows(header: str) -> list[list[str]]:
    text = PAGE.read_text(encoding="utf-8")
    start = text.index(header + "\n|---")
    rows = []
    for line in text[start:].splitlines()[2:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip("|").split("|")])
    return rows


def _options() -> dict[str, argparse.Action]:
    return {
        action.option_strings[-1]: action
        for action in _parser("payments-sandbox")._actions
        if action.option_strings and action.option_strings[-1] != "--help"
    }


def test_the_option_table_lists_every_option_and_no_other() -> None:
    rows = _rows("| option | default | meaning |")
    documented = {re.match(r"`(--[a-z-]+)", row[0]).group(1): row for row in rows}  # type: ignore[union-attr]
    assert sorted(documented) == sorted(_options())


def test_each_documented_default_is_the_parsers() -> None:
    rows = {
        re.match(r"`(--[a-z-]+)", r[0]).group(1): r[1]
        for r in _rows("| option | default | meaning |")
    }  # type: ignore[union-attr]
    for option, action in _options().items():
        if isinstance(action.default, int) and not isinstance(action.default, bool):
            assert f"`{action.default}`" in rows[option], option
        elif action.default is False:
            assert rows[option] == "off", option


def test_the_command_table_is_the_dispatched_commands() -> None:
    commands = {row[0].strip("`").split()[1] for row in _rows("| command | what it does |")}
    assert commands == set(COMMANDS)
