"""The output formats, each a writer that streams: rows are written as they come.

- ``json``: one object as indented JSON; a list as a JSON array with one row per line. An
  interrupted export is closed with ``]``, so the file is valid JSON up to the last whole row.
- ``jsonl``: one compact JSON object per line.
- ``csv``: a header of the columns, then one line per row (RFC 4180 quoting).
- ``table``: aligned columns for a terminal; widths are set by the first batch of rows, later
  longer cells are cut with ``…``. One object is shown as ``field  value`` lines.

Every writer writes whole rows only: a row is formatted first, then written in one call.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Iterable, Sequence
from typing import Any, Protocol, TextIO

from ._rows import cell, flatten

__all__ = ["Writer", "make_writer", "pick"]

_MAX_CELL = 40


def _dumps(value: Any, *, indent: int | None = None) -> str:
    separators = (",", ": ") if indent else (",", ":")
    return json.dumps(value, ensure_ascii=False, indent=indent, separators=separators, default=str)


def pick(row: Any, column: str) -> Any:
    """Return the value of a (dotted) column in a row, or None when it is absent."""
    value = row
    for key in column.split("."):
        if not isinstance(value, dict):
            return None
        value = value.get(key)
    return value


class Writer(Protocol):
    """A format's writer: ``one()`` for one object, or ``rows()`` repeatedly then ``close()``."""

    rows_written: int

    def one(self, value: Any) -> None:
        """Write one object (a result that is not a list)."""
        ...

    def rows(self, rows: Sequence[Any]) -> None:
        """Write a batch of list rows (a page), whole rows only."""
        ...

    def close(self, *, complete: bool) -> None:
        """End the output: close a JSON array that was begun (also after an interruption).

        ``complete`` is False when the command failed: then nothing is written for a list that
        has no row yet.
        """
        ...


class _Base:
    def __init__(self, out: TextIO, columns: Sequence[str] | None) -> None:
        self.out = out
        self.columns = list(columns) if columns else None
        self.rows_written = 0
        self.started = False

    def _columns_for(self, rows: Sequence[Any]) -> list[str]:
        if self.columns is None:
            seen: dict[str, None] = {}
            for row in rows:
                if isinstance(row, dict):
                    seen.update(dict.fromkeys(flatten(row)))
            self.columns = list(seen)
        return self.columns


def _nothing(key: str) -> None:
    return None


def _walk(row: Any, path: tuple[str, ...]) -> Any:
    for key in path:
        if not isinstance(row, dict):
            return None
        row = row.get(key)
    return row


class JsonWriter(_Base):
    """JSON: an indented object, or an array with one compact row per line."""

    def one(self, value: Any) -> None:
        """Write one object as indented JSON."""
        self.out.write(_dumps(value, indent=2) + "\n")

    def rows(self, rows: Sequence[Any]) -> None:
        """Write rows as elements of the array."""
        parts = []
        for row in rows:
            parts.append(("[\n" if not self.started else ",\n") + _dumps(row))
            self.started = True
        self.out.write("".join(parts))
        self.rows_written += len(rows)

    def close(self, *, complete: bool) -> None:
        """Close the array (``[]`` for a complete list without rows)."""
        if self.started:
            self.out.write("\n]\n")
        elif complete:
            self.out.write("[]\n")


class JsonlWriter(_Base):
    """JSON Lines: one compact object per line."""

    def one(self, value: Any) -> None:
        """Write one object as one line."""
        self.out.write(_dumps(value) + "\n")

    def rows(self, rows: Sequence[Any]) -> None:
        """Write each row as one line."""
        self.out.write("".join(_dumps(row) + "\n" for row in rows))
        self.rows_written += len(rows)

    def close(self, *, complete: bool) -> None:
        """Nothing to close."""


class CsvWriter(_Base):
    """CSV: a header, then a line per row; nested fields as dotted columns."""

    def __init__(self, out: TextIO, columns: Sequence[str] | None) -> None:
        super().__init__(out, columns)
        self._buffer = io.StringIO()
        self._csv = csv.writer(self._buffer, lineterminator="\n")
        self._paths: list[tuple[str, tuple[str, ...] | None]] = []

    def one(self, value: Any) -> None:
        """Write one object as a header and one line."""
        self.rows([value])

    def rows(self, rows: Sequence[Any]) -> None:
        """Write the rows (the header first, once)."""
        columns = self._columns_for(rows)
        if not self.started:
            self._csv.writerow(columns)
            self._paths = [(c, tuple(c.split(".")) if "." in c else None) for c in columns]
            self.started = True
        paths = self._paths
        write = self._csv.writerow
        for row in rows:
            get = row.get if isinstance(row, dict) else _nothing
            write([cell(get(c) if p is None else _walk(row, p)) for c, p in paths])
        self.out.write(self._buffer.getvalue())
        self._buffer.seek(0)
        self._buffer.truncate()
        self.rows_written += len(rows)

    def close(self, *, complete: bool) -> None:
        """Write the header of a complete list without rows."""
        if complete and not self.started and self.columns:
            self._csv.writerow(self.columns)
            self.out.write(self._buffer.getvalue())


def _fit(text: str, width: int) -> str:
    text = text.replace("\n", " ")
    return text if len(text) <= width else text[: width - 1] + "…"


class TableWriter(_Base):
    """A table for a terminal: columns aligned by the first batch of rows."""

    def __init__(
        self, out: TextIO, columns: Sequence[str] | None, *, chosen: bool, width: int | None
    ) -> None:
        super().__init__(out, columns)
        self._chosen = chosen
        self._width = width
        self._widths: list[int] = []
        self.dropped: list[str] = []
        """Columns left out to fit the terminal's width (not when ``--columns`` chose them)."""

    def one(self, value: Any) -> None:
        """Write one object as ``field  value`` lines (nested fields dotted)."""
        flat = flatten(value) if isinstance(value, dict) else {"value": value}
        if self._chosen and self.columns:
            flat = {column: pick(value, column) for column in self.columns}
        shown = {key: cell(item) for key, item in flat.items() if item is not None}
        width = max((len(key) for key in shown), default=0)
        self.out.write("".join(f"{key:<{width}}  {item}\n" for key, item in shown.items()))

    def rows(self, rows: Sequence[Any]) -> None:
        """Write rows; the first batch sets the columns (those with a value) and widths."""
        if not rows:
            return
        if not self.started:
            columns = self._columns_for(rows)
            if not self._chosen:  # the schema's columns that this batch fills
                columns = [c for c in columns if any(pick(r, c) is not None for r in rows)]
                self.columns = columns
            texts = [[cell(pick(row, c)) for c in columns] for row in rows]
            self._widths = [
                min(_MAX_CELL, max([len(c), *(len(t[i]) for t in texts)]))
                for i, c in enumerate(columns)
            ]
            if self._width and not self._chosen:
                kept, used = 0, 0
                for width in self._widths:
                    if kept and used + width > self._width:
                        break
                    kept, used = kept + 1, used + width + 2
                self.dropped = columns[kept:]
                self.columns, self._widths = columns[:kept], self._widths[:kept]
                columns = self.columns
            self._line(columns)
            self._line(["-" * w for w in self._widths])
            self.started = True
        columns = self.columns or []
        lines = [self._format([cell(pick(row, c)) for c in columns]) for row in rows]
        self.out.write("".join(lines))
        self.rows_written += len(rows)

    def _format(self, texts: Iterable[str]) -> str:
        cells = [_fit(t, w).ljust(w) for t, w in zip(texts, self._widths, strict=False)]
        return "  ".join(cells).rstrip() + "\n"

    def _line(self, texts: Iterable[str]) -> None:
        self.out.write(self._format(texts))

    def close(self, *, complete: bool) -> None:
        """Nothing to close."""


def make_writer(
    kind: str,
    out: TextIO,
    columns: Sequence[str] | None,
    *,
    chosen: bool = False,
    width: int | None = None,
) -> Writer:
    """Return the writer of a format, with the columns of a table or CSV.

    ``width``: a table keeps the columns that fit in it (a terminal's width).
    """
    if kind == "json":
        return JsonWriter(out, columns)
    if kind == "jsonl":
        return JsonlWriter(out, columns)
    if kind == "csv":
        return CsvWriter(out, columns)
    return TableWriter(out, columns, chosen=chosen, width=width)
