"""`--all` streams every page: whole rows, a clean Ctrl-C, a quiet closed pipe, no bar in pipes."""

from __future__ import annotations

import csv
import io
import json
import re
import signal
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest

from payments_sdk._operation_table import OPERATIONS
from payments_sdk.cli._exit_codes import ExitCode
from payments_sdk.cli._progress import Progress
from payments_sdk.sandbox import Sandbox
from tests.support.cli_helpers import as_at_a_terminal, cli, cli_process, served_sandbox

SEEDED = 45  # the sandbox's default number of payments


@pytest.fixture(scope="module")
def served() -> Iterator[dict[str, str]]:
    with served_sandbox() as (_, env):
        yield env


@pytest.fixture(scope="module")
def big_sandbox() -> Iterator[tuple[Sandbox, dict[str, str]]]:
    """A sandbox with many more payments than a few pages hold."""
    with served_sandbox(seed_payments=3000) as found:
        yield found


@pytest.fixture
def big(big_sandbox: tuple[Sandbox, dict[str, str]]) -> Iterator[dict[str, str]]:
    sandbox, env = big_sandbox
    sandbox.faults.clear()
    yield env
    sandbox.faults.clear()


PER_PAGE = 5
SERVED = 4  # pages answered at once before the walk meets the held one


def _hold_the_walk(sandbox: Sandbox) -> Callable[[], bool]:
    """Answer the first pages of the payments list at once, then hold every later one.

    Faults are taken oldest first, one latency each call: the first ``SERVED`` calls take the
    short one, every later call the long one, which the sandbox holds until the client goes
    away. The returned function tells whether a page is being held, that is, whether the
    export has written ``SERVED`` pages and is waiting for the next: a Ctrl-C then comes
    mid-export, however fast the machine is.
    """
    (listing,) = [op for op in OPERATIONS if (op.resource, op.method) == ("payments", "list")]
    operation = f"{listing.http_method} {listing.path}"
    sandbox.faults.latency(operation, 0.001, times=SERVED)
    held = sandbox.faults.latency(operation, 60)

    def holding() -> bool:
        return any(f.id == held.id and f.hits > 0 for f in sandbox.faults.pending())

    return holding


def _wait(until: Callable[[], bool], what: str, seconds: float = 30) -> None:
    deadline = time.monotonic() + seconds
    while not until():
        if time.monotonic() > deadline:
            raise AssertionError(f"{what} did not happen in {seconds} s")
        time.sleep(0.02)


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


def _rows_of(kind: str, text: str) -> list[object]:
    """Parse a whole export; fails unless it is well-formed and every row is whole."""
    if kind == "json":
        rows: list[object] = json.loads(text)
        return rows
    if kind == "jsonl":
        assert text.endswith("\n")
        return [json.loads(line) for line in text.splitlines()]
    parsed = list(csv.reader(io.StringIO(text)))
    assert {len(line) for line in parsed} == {len(parsed[0])}
    return list(parsed[1:])


def _partial(directory: Path, name: str) -> Path:
    """Return the temporary file an export to ``name`` is writing, once it exists."""
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        found = list(directory.glob(f".{name}.*.part"))
        if found:
            return found[0]
        time.sleep(0.02)
    raise AssertionError(f"no temporary file for {name} in {directory}")


@pytest.mark.parametrize("existing", [False, True], ids=["new file", "existing file"])
@pytest.mark.parametrize("kind", ["json", "csv", "jsonl"])
def test_ctrl_c_mid_export_leaves_no_partial_file_under_its_name(
    kind: str,
    existing: bool,
    big: dict[str, str],
    big_sandbox: tuple[Sandbox, dict[str, str]],
    tmp_path: Path,
) -> None:
    """-o writes beside the target and renames at the end: Ctrl-C leaves the target as it was."""
    target = tmp_path / f"payments.{kind}"
    if existing:
        target.write_text("the previous export\n")
    holding = _hold_the_walk(big_sandbox[0])
    process = cli_process("payments", "list", "--all", "--per-page", str(PER_PAGE),
                          "--prefetch", "0", "-o", str(target), env=big)  # fmt: skip
    _wait(holding, "a page held mid-export")
    assert _partial(tmp_path, target.name).stat().st_size > 0
    assert target.read_text() == "the previous export\n" if existing else not target.exists()
    process.send_signal(signal.SIGINT)
    _, err = process.communicate(timeout=30)
    assert process.returncode == ExitCode.INTERRUPTED, err
    what = "was not replaced (the previous file is as it was)" if existing else "was not written"
    shape = rf"payments: error: interrupted after ([\d,]+) rows; (.*) {re.escape(what)}\n"
    found = re.fullmatch(shape, err)
    assert found, err
    assert found[2] == str(target)
    assert int(found[1]) == SERVED * PER_PAGE
    assert target.read_text() == "the previous export\n" if existing else not target.exists()
    assert list(tmp_path.iterdir()) == ([target] if existing else [])


@pytest.mark.parametrize("kind", ["json", "csv", "jsonl"])
def test_a_complete_export_replaces_the_file_at_once(
    kind: str, served: dict[str, str], tmp_path: Path
) -> None:
    """The file appears whole, and an existing one is replaced; one line says where rows went."""
    target = tmp_path / f"payments.{kind}"
    target.write_text("the previous export\n")
    result = cli("payments", "list", "--all", "-o", str(target), env=served)
    assert result.code == 0, result.err
    assert len(_rows_of(kind, target.read_text())) == SEEDED
    assert (
        result.err == f"payments: wrote 45 rows to {target} (it replaced the file that was there)\n"
    )
    assert list(tmp_path.iterdir()) == [target]


def test_ctrl_c_on_standard_output_ends_with_a_whole_row(
    big: dict[str, str], big_sandbox: tuple[Sandbox, dict[str, str]], tmp_path: Path
) -> None:
    """Without -o, the output (here a file the shell opened) ends with the last whole row."""
    import os
    import subprocess
    import sys

    target = tmp_path / "payments.csv"
    holding = _hold_the_walk(big_sandbox[0])
    with target.open("w") as out:
        process = subprocess.Popen(
            [sys.executable, "-m", "payments_sdk.cli", "payments", "list", "--all",
             "--per-page", str(PER_PAGE), "--prefetch", "0", "--format", "csv"],
            stdout=out, stderr=subprocess.PIPE, text=True, env={**os.environ, **big},
            preexec_fn=as_at_a_terminal,
        )  # fmt: skip
        _wait(holding, "a page held mid-export")
        assert len(_rows_of("csv", target.read_text())) == SERVED * PER_PAGE
        process.send_signal(signal.SIGINT)
        _, err = process.communicate(timeout=30)
    assert process.returncode == ExitCode.INTERRUPTED, err
    found = re.fullmatch(r"payments: error: interrupted after ([\d,]+) rows\n", err)
    assert found, err
    rows = _rows_of("csv", target.read_text())
    assert len(rows) == int(found[1]) == SERVED * PER_PAGE


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
