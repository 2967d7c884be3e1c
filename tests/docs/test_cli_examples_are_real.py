"""The examples of docs/cli.md are what ``payments`` prints against a sandbox.

Each ```console block holds ``$ payments ...`` lines, each followed by its output. The test runs
every command (in order, sharing one sandbox served on loopback with a fixed clock, seed and key)
and compares its standard output with the page. A command may end with ``2>&1`` (standard error
shown too) or ``| head -N`` (the first N lines); ``$ echo $?`` shows the previous exit code.
The served sandbox's address is written as ``http://127.0.0.1:8080``, as the page's own
``payments-sandbox --port 8080`` would serve it.

To write the outputs after changing the page or the command line:
``PAYMENTS_DOCS_UPDATE=1 pytest tests/docs/test_cli_examples_are_real.py``, then review the diff.
``make generate`` does it too, last, since an output may quote the bundle (an operation's
description in ``--help``, its options, a column); a rewrite that would change an example's
outcome (its exit code, an error where there was none) is refused, and the page kept.
"""

from __future__ import annotations

import os
import re
import shlex
from collections.abc import Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from pathlib import Path

import pytest

from tests.support.cli_helpers import cli, served_sandbox

PAGE = Path(__file__).resolve().parents[2] / "docs" / "cli.md"
FIXED = datetime(2026, 11, 20, 9, 30, tzinfo=UTC)
SHOWN_ROOT = "http://127.0.0.1:8080"
UPDATE = os.environ.get("PAYMENTS_DOCS_UPDATE") == "1"


@dataclass
class Example:
    """One ``$`` line of a console block and the output the page shows for it."""

    command: str
    shown: list[str]


def _blocks(lines: list[str]) -> Iterator[tuple[int, int]]:
    index = 0
    while index < len(lines):
        if lines[index].strip() == "```console":
            end = lines.index("```", index + 1)
            yield index + 1, end
            index = end
        index += 1


def _examples(body: list[str]) -> list[Example]:
    examples: list[Example] = []
    for line in body:
        if line.startswith("$ "):
            examples.append(Example(line[2:], []))
        elif examples:
            examples[-1].shown.append(line)
    return examples


def _run(command: str, env: dict[str, str], last: list[int]) -> list[str]:
    if command == "echo $?":
        return [str(last[0])]
    head = None
    found = re.fullmatch(r"(.*?)\s*\|\s*head -(\d+)", command)
    if found:
        command, head = found[1], int(found[2])
    merged = command.endswith(" 2>&1")
    words = shlex.split(command.removesuffix(" 2>&1"))
    assert words[0] == "payments", command
    result = cli(*words[1:], env={**env, "COLUMNS": "100"})
    last[0] = result.code
    text = result.out + (result.err if merged else "")
    text = text.replace(env["PAYMENTS_BASE_URL"].removesuffix("/v1"), SHOWN_ROOT)
    lines = text.splitlines()
    return lines[:head] if head is not None else lines


@pytest.fixture(scope="module")
def env() -> Iterator[dict[str, str]]:
    secret = "docs/cli.md: the key of the examples, 32 bytes or more"
    with served_sandbox(clock=lambda: FIXED, key_secret=secret, seed=7) as (_, found):
        yield found


def test_the_page_has_examples() -> None:
    lines = PAGE.read_text(encoding="utf-8").splitlines()
    count = sum(len(_examples(lines[start:end])) for start, end in _blocks(lines))
    assert count >= 15


def test_every_example_prints_what_the_page_shows(env: dict[str, str]) -> None:
    lines = PAGE.read_text(encoding="utf-8").splitlines()
    written: list[str] = []
    kept = 0
    last = [0]
    mismatches = []
    for start, end in _blocks(lines):
        written += lines[kept:start]
        for example in _examples(lines[start:end]):
            actual = _run(example.command, env, last)
            written += [f"$ {example.command}", *actual]
            if actual != example.shown:
                mismatches.append((example.command, example.shown, actual, last[0]))
        kept = end
    written += lines[kept:]
    if UPDATE:
        # A rewrite follows what the bundle says (a description, a new option or column); it
        # never turns an example that worked into one that fails, or back: that is a change
        # of behaviour for a person to read, so the page is left as it is.
        turned = [
            command
            for command, shown, actual, code in mismatches
            if _turned(command, shown, actual, code)
        ]
        assert not turned, f"these examples now end otherwise than the page shows: {turned}"
        PAGE.write_text("\n".join(written) + "\n", encoding="utf-8")
        return
    assert not mismatches, (
        "\n\n".join(
            f"$ {command}\n--- the page\n"
            + "\n".join(shown)
            + "\n--- payments\n"
            + "\n".join(actual)
            for command, shown, actual, _ in mismatches
        )
        + "\n\n(PAYMENTS_DOCS_UPDATE=1 pytest tests/docs/test_cli_examples_are_real.py"
        " writes the outputs)"
    )


def _turned(command: str, shown: list[str], actual: list[str], code: int) -> bool:
    """Whether an example's outcome changed: its exit code, an error, a traceback.

    ``code`` is the exit code of the command now. A command whose error goes to standard error
    (no ``2>&1``) prints nothing when it fails: its page showed no error, so a failure now is
    a change of outcome, never an output to write (the page would lose the example's output).
    """
    if command == "echo $?":
        return shown != actual

    def failed(lines: list[str]) -> bool:
        return any(line.startswith(("payments: error", "Traceback")) for line in lines)

    return failed(shown) != (failed(actual) or code != 0)


def test_a_rewrite_never_blanks_an_example_that_now_fails() -> None:
    """An example that succeeded and now exits non-zero, its error on stderr, is refused."""
    shown = ["id          rfnd_1", "status      in_progress"]
    assert _turned("payments refunds create --payment-id p", shown, [], 1)
    assert not _turned("payments refunds create --payment-id p", shown, [*shown, "x  1"], 0)
    error = ["payments: error: id: not found"]
    assert not _turned("payments refunds retrieve x 2>&1", error, ["payments: error: other"], 4)
    assert _turned("payments refunds retrieve x 2>&1", error, shown, 0)


def test_the_page_lists_every_exit_code() -> None:
    from payments_sdk.cli._exit_codes import ExitCode

    text = PAGE.read_text(encoding="utf-8")
    for code in ExitCode:
        assert f"\n| {int(code)} | " in text, code
