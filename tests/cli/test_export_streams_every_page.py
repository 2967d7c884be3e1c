"""`--all` streams every page: whole rows, a clean Ctrl-C, a quiet closed pipe, no bar in pipes."""

from __future__ import annotations

import csv
import io
import json
import re
import signal
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from payments_sdk.cli._exit_codes import ExitCode
from payments_sdk.cli._progress import Progress
from tests.support.cli_helpers import cli, cli_process, served_sandbox

SEEDED = 45  # the sandbox's default number of payments


@pytest.fixture(scope="module")
def served() -> Iterator[dict[str, str]]:
    with served_sandbox() as (_, env):
        yield env


@pytest.fixture(scope="module")
def big() -> Iterator[dict[str, str]]:
    """A sandbox with enough payments that a walk of small pages lasts seconds."""
    with served_sandbox(seed_payments=3000) as (_, env):
        yield env


@pytest.mark.parametrize("prefetch", ["0", "4"])
def test_all_writes_every_payment_once_in_order(served: dict[str, str], prefetch: str) -> None:
    result = cli("payments", "list", "--all", "--per-page", "7", "--prefetch", prefetch,
                 "--format", "csv", env=served)  # fmt: skip
    assert result.code == 0, result.err
    rows = list(csv.DictReader(io.StringIO(result.out)))
    assert len(rows) == SEEDED
    assert len({row["id"] for row in rows}) == SEEDED
    stamps = [row["created_at"] for row in rows]
    assert stamps == sorted(stamps, reverse=True)


def test_first_page_only_without_all(served: dict[str, str]) -> None:
    result = cli("payments", "list", "--per-page", "7", "--format", "jsonl", env=served)
    assert len(result.out.splitlines()) == 7


@pytest.mark.parametrize("kind", ["json", "jsonl", "csv", "table"])
def test_every_format_streams_a_whole_export(kind: str, served: dict[str, str]) -> None:
    result = cli("payments", "list", "--all", "--per-page", "10", "--format", kind, env=served)
    assert result.code == 0, result.err
    if kind == "json":
        assert len(json.loads(result.out)) == SEEDED
    elif kind == "jsonl":
        assert len([json.loads(line) for line in result.out.splitlines()]) == SEEDED
    else:
        assert len(result.out.splitlines()) == SEEDED + 1 + (kind == "table")


def test_an_empty_list_is_still_well_formed(served: dict[str, str]) -> None:
    empty = ("payments", "list", "--all", "--before", "2000-01-01")
    assert json.loads(cli(*empty, "--format", "json", env=served).out) == []
    assert cli(*empty, "--format", "csv", env=served).out.startswith("id,")


def test_no_progress_bar_when_stderr_is_not_a_terminal(served: dict[str, str]) -> None:
    result = cli("payments", "list", "--all", "--per-page", "5", "--format", "csv", env=served)
    assert result.err == ""


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_bar_counts_items_and_pages_on_a_terminal() -> None:
    stream = _Terminal()
    progress = Progress.on(stream, enabled=True)
    progress.page(100)
    progress.done()
    text = stream.getvalue()
    assert "100 items · 1 pages" in text
    assert text.endswith("\r\x1b[K")
    quiet = io.StringIO()
    Progress.on(quiet, enabled=True).page(100)
    assert quiet.getvalue() == ""


def _wait_for_rows(path: Path, rows: int, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if path.exists() and path.read_text().count("\n") >= rows:
            return
        time.sleep(0.02)
    raise AssertionError(f"{path} did not reach {rows} rows")


@pytest.mark.parametrize("kind", ["json", "csv", "jsonl"])
def test_ctrl_c_mid_export_leaves_a_well_formed_file(
    kind: str, big: dict[str, str], tmp_path: Path
) -> None:
    target = tmp_path / f"payments.{kind}"
    process = cli_process("payments", "list", "--all", "--per-page", "5", "--prefetch", "0",
                          "-o", str(target), env=big)  # fmt: skip
    _wait_for_rows(target, 20)
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=30)
    assert process.returncode == ExitCode.INTERRUPTED, err
    text = target.read_text()
    found = re.fullmatch(r"payments: error: interrupted after ([\d,]+) rows\n", err)
    assert found, err
    if kind == "json":
        rows = json.loads(text)
    elif kind == "jsonl":
        assert text.endswith("\n")
        rows = [json.loads(line) for line in text.splitlines()]
    else:
        parsed = list(csv.reader(io.StringIO(text)))
        assert {len(line) for line in parsed} == {len(parsed[0])}
        rows = parsed[1:]
    assert 20 <= len(rows) < 3000
    assert len(rows) == int(found[1].replace(",", ""))


def test_a_pipe_closed_early_exits_quietly(big: dict[str, str]) -> None:
    process = cli_process("payments", "list", "--all", "--per-page", "50", "--format", "csv",
                          env=big)  # fmt: skip
    assert process.stdout is not None
    header = process.stdout.readline()
    first = process.stdout.readline()
    process.stdout.close()  # as `| head -2` does
    assert header.startswith("id,")
    assert first.startswith("payt_")
    assert process.wait(timeout=30) == ExitCode.BROKEN_PIPE
    assert process.stderr is not None
    with process.stderr:
        assert process.stderr.read() == ""
