"""Commands say what the bundle's 3.1 keywords say: deprecated, dates, and non-JSON answers.

A deprecated operation's help starts ``(Deprecated)`` and says so; a deprecated argument's help
starts ``Deprecated.``; a ``format: date`` argument asks for YYYY-MM-DD. An operation whose
answer is text writes it as it is; a binary answer goes to ``--output FILE`` or a pipe, never
to a terminal or into a text stream.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest

from payments_sdk._operation_table import Argument, OperationRow
from payments_sdk.cli._commands import build_parser
from payments_sdk.cli._exit_codes import UsageError
from payments_sdk.cli._run import Context, Settings, _call

_DAY = Argument(
    "value_date",
    "value_date",
    "query",
    False,
    None,
    False,
    {"type": "string", "format": "date"},
    "Only payments settling on this day.",
    deprecated=True,
)


def _entry(result: str = "PayoutList", media_type: str = "application/json") -> OperationRow:
    return OperationRow(
        operation_id="listPayouts",
        resource="payouts",
        method="statement",
        http_method="GET",
        path="/v1/payouts/statement",
        summary="Download payouts",
        description="The payouts, as a file.",
        result=result,
        item=None,
        paged=False,
        body=None,
        arguments=(_DAY,),
        deprecated=True,
        media_type=media_type,
    )


def _help(*argv: str, entry: OperationRow) -> str:
    parser = build_parser(operations=(entry,))
    out = io.StringIO()
    with pytest.raises(SystemExit), contextlib.redirect_stdout(out):
        parser.parse_args([*argv, "--help"])
    return out.getvalue()


def test_help_says_deprecated_and_asks_for_a_date() -> None:
    """The command, its one-line summary and the argument each say what the bundle marks."""
    entry = _entry("str", "text/csv")
    text = " ".join(_help("payouts", "statement", entry=entry).split())
    assert "(Deprecated) Download payouts." in text
    assert "Deprecated: the API description marks this operation deprecated." in text
    assert "Deprecated. Only payments settling on this day. A date, YYYY-MM-DD." in text
    assert "Writes the text/csv answer as it is (--output FILE)." in text
    listing = " ".join(_help("payouts", entry=entry).split())
    assert "(Deprecated) Download payouts" in listing


def _run(result: str, answer: Any, out: Any) -> None:
    client = SimpleNamespace(payouts=SimpleNamespace(statement=_answering(answer)))
    entry = _entry(result, "text/csv" if result == "str" else "application/pdf")
    asyncio.run(_call(client, entry, {}, Settings(), out, io.StringIO(), Context()))


def _answering(answer: Any) -> Any:
    async def statement(**kwargs: Any) -> Any:
        return answer

    return statement


def test_a_text_answer_is_written_as_it_is() -> None:
    """A CSV statement is not re-formatted as JSON or a table."""
    out = io.StringIO()
    _run("str", "created_at,amount\n2026-11-30,100\n", out)
    assert out.getvalue() == "created_at,amount\n2026-11-30,100\n"


def test_a_binary_answer_goes_to_a_file_as_bytes(tmp_path: Path) -> None:
    """The bytes reach the file unchanged; a text stream without bytes is refused."""
    pdf = b"%PDF-1.7\n\x00\xff"
    target = tmp_path / "out.pdf"
    with open(target, "w", encoding="utf-8", newline="") as out:  # as --output opens it
        _run("bytes", pdf, out)
    assert target.read_bytes() == pdf
    with pytest.raises(UsageError, match="binary data: write it with --output FILE or a pipe"):
        _run("bytes", pdf, io.StringIO())


def test_help_states_the_other_assertions() -> None:
    """exclusiveMinimum, exclusiveMaximum, multipleOf and uniqueItems are said in the help."""
    minutes = Argument(
        "minutes",
        "minutes",
        "query",
        False,
        None,
        False,
        {"type": "integer", "exclusiveMinimum": 0, "exclusiveMaximum": 600, "multipleOf": 15},
        "How long.",
    )
    tags = Argument(
        "tags",
        "tags",
        "query",
        False,
        None,
        False,
        {"type": "array", "items": {"type": "string"}, "uniqueItems": True},
        "Labels.",
    )
    entry = _entry()._replace(arguments=(minutes, tags), deprecated=False)
    text = " ".join(_help("payouts", "statement", entry=entry).split())
    assert "How long. Above 0, below 600, a multiple of 15." in text
    assert "Labels. Each item at most once." in text
