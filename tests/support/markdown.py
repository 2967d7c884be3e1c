"""Reading the tables of a Markdown page, for tests that hold a page to the code."""

from __future__ import annotations

import re

__all__ = ["column", "names", "table"]


def table(page: str, header: str) -> list[list[str]]:
    """Return the rows (cells stripped) of the table whose header line is ``header``."""
    start = page.index(header + "\n|---")
    rows: list[list[str]] = []
    for line in page[start:].splitlines()[2:]:
        if not line.startswith("|"):
            break
        rows.append([cell.strip() for cell in line.strip().strip("|").split("|")])
    return rows


def column(page: str, header: str, index: int = 0) -> list[str]:
    """Return one column of a table."""
    return [row[index] for row in table(page, header)]


def names(cell: str) -> list[str]:
    """Return the names a cell quotes in backticks, in order."""
    return re.findall(r"`([^`]+)`", cell)
