"""An export's options say what they do, and a mistake stops before anything is sent.

A typo in ``--columns``, an unknown ``-o`` suffix or a time the shell cannot mean is refused; a
reversed window warns; ``--all`` asks for full pages; and a terminal sees the total, the share
done, the time left and a last line saying where the rows went.
"""

from __future__ import annotations

import contextlib
import csv
import io
import json
from collections.abc import Iterator
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from payments_sdk._operation_table import OPERATIONS
from payments_sdk.cli import run
from payments_sdk.cli._exit_codes import ExitCode
from payments_sdk.cli._progress import Progress
from payments_sdk.sandbox import Sandbox
from tests.support.cli_helpers import cli, served_sandbox


@pytest.fixture(scope="module")
def served() -> Iterator[tuple[Sandbox, dict[str, str]]]:
    with served_sandbox(seed_payments=250) as found:
        yield found


@pytest.fixture
def env(served: tuple[Sandbox, dict[str, str]]) -> dict[str, str]:
    served[0].faults.clear()
    return served[1]


# The command under test, as the operation table has it (its operationId is the bundle's).
(LIST,) = [op for op in OPERATIONS if (op.resource, op.method) == ("payments", "list")]


def _per_page(bound: str) -> int:
    """The bundle's ``maximum`` or ``default`` of ``per_page`` on the payments list."""
    (argument,) = [a for a in LIST.arguments if a.python_name == "per_page"]
    value = argument.default if bound == "default" else argument.schema[bound]
    assert isinstance(value, int)
    return value


def _sent(served: tuple[Sandbox, dict[str, str]]) -> int:
    return served[0].faults.calls(LIST.operation_id)


def test_an_unknown_column_is_a_usage_error_naming_it_and_the_closest_ones(
    served: tuple[Sandbox, dict[str, str]], env: dict[str, str], tmp_path: Path
) -> None:
    target = tmp_path / "october.csv"
    result = cli("payments", "list", "--columns", "id,amout", "-o", str(target), env=env)
    assert result.code == ExitCode.USAGE
    assert result.err == (
        "payments: error: --columns: amout is not a column of these rows; did you mean amount?\n"
    )
    assert not target.exists() and list(tmp_path.iterdir()) == []
    assert _sent(served) == 0
    typos = cli("payments", "list", "--columns", "id,stauts,fx_fee.amuont", env=env)
    assert typos.code == ExitCode.USAGE
    assert typos.err.endswith(
        "stauts, fx_fee.amuont are not columns of these rows; "
        "did you mean status for stauts, fx_fee.amount for fx_fee.amuont?\n"
    )
    # A name close to no column: the message lists them all, as the CSV header has them.
    lost = cli("payments", "list", "--columns", "id,zzz", env=env)
    assert lost.code == ExitCode.USAGE
    header = cli("payments", "list", "--per-page", "1", "--format", "csv", env=env).out
    assert lost.err.endswith(f"; the columns are {header.splitlines()[0]}\n")
    assert _sent(served) == 1
    inside = cli("payments", "list", "--columns", "id,metadata.source", "--format", "csv", env=env)
    assert inside.code == 0, inside.err  # inside a free-form object: a column it may have
    assert inside.out.splitlines()[1].endswith(",sandbox")


def test_an_output_suffix_without_a_format_is_refused_unless_format_says(
    served: tuple[Sandbox, dict[str, str]], env: dict[str, str], tmp_path: Path
) -> None:
    target = tmp_path / "out.xlsx"
    result = cli("payments", "list", "-o", str(target), env=env)
    assert result.code == ExitCode.USAGE
    assert "does not write .xlsx" in result.err
    assert "csv (.csv), json (.json), jsonl (.jsonl or .ndjson)" in result.err
    assert not target.exists() and _sent(served) == 0
    report = tmp_path / "report.txt"
    chosen = cli("payments", "list", "--format", "csv", "-o", str(report), env=env)
    assert chosen.code == 0, chosen.err
    assert report.read_text().startswith("id,payin_id,")


def test_a_reversed_window_warns_and_writes_an_empty_list(env: dict[str, str]) -> None:
    result = cli("payments", "list", "--all", "--after", "2026-11-01", "--before", "2026-10-01",
                 "--format", "json", env=env)  # fmt: skip
    assert result.code == 0
    assert json.loads(result.out) == []
    assert result.err == (
        "payments: warning: --after 2026-11-01T00:00:00Z is later than --before "
        "2026-10-01T00:00:00Z, so no record can match\n"
    )
    since = cli("payments", "list", "--since", "2026-11-01", "--until", "2026-10-01", env=env)
    assert since.code == 0
    assert since.err.startswith("payments: warning: --since is later than --until")


@pytest.mark.parametrize("text", ["2026-10", "2026-10-01T00:00:00", "yesterday", "01/10/2026"])
def test_a_time_the_shell_cannot_mean_says_what_it_accepts(
    text: str, served: tuple[Sandbox, dict[str, str]], env: dict[str, str]
) -> None:
    result = cli("payments", "list", "--after", text, env=env)
    assert result.code == ExitCode.USAGE
    assert result.err.startswith(f"payments: error: after: {text!r} is not a date or a time")
    assert "such as 2026-10-01 (midnight UTC)" in result.err
    assert "tzinfo" not in result.err  # no Python advice in a shell
    assert ("use --month 2026-10" in result.err) is (text == "2026-10")
    assert _sent(served) == 0


def test_a_month_is_a_whole_window(env: dict[str, str]) -> None:
    both = cli("payments", "list", "--month", "2026-10", "--after", "2026-10-01", env=env)
    assert both.code == ExitCode.USAGE
    assert "--month cannot be combined with --after" in both.err
    bad = cli("payments", "list", "--month", "2026-10-01", env=env)
    assert bad.code == ExitCode.USAGE
    assert "month: must be a month written YYYY-MM" in bad.err


def test_all_asks_for_the_largest_page_unless_told(
    served: tuple[Sandbox, dict[str, str]], env: dict[str, str]
) -> None:
    """``--all`` pages by the bundle's ``maximum`` of ``per_page``; one page by its default."""
    largest, default = _per_page("maximum"), _per_page("default")
    assert largest > default
    walked = cli("payments", "list", "--all", "--format", "jsonl", env=env)
    assert walked.code == 0, walked.err
    assert len(walked.out.splitlines()) == 250
    assert _sent(served) == -(-250 // largest)  # the largest pages, not the default's
    assert _asked("--all", env=env) == largest
    assert _asked("--all", "--per-page", "7", env=env) == 7
    assert _asked(env=env) == default  # one page


def _asked(*options: str, env: dict[str, str]) -> int:
    """The ``per_page`` the request of ``payments list --dry-run OPTIONS`` would send."""
    from urllib.parse import parse_qs, urlsplit

    dry = cli("payments", "list", *options, "--dry-run", env=env)
    assert dry.code == 0, dry.err
    (value,) = parse_qs(urlsplit(json.loads(dry.out)["url"]).query)["per_page"]
    return int(value)


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_progress_line_shows_the_total_the_share_and_the_time_left() -> None:
    progress = Progress.on(_Terminal(), enabled=True)
    progress.page(100, SimpleNamespace(count=1000, pages=10))
    line = progress.line(progress._started + 2.0)
    assert line == "100 of 1,000 items (10%) · 1 of 10 pages · 50 items/s · 18 s left"
    assert progress.summary(1000, "october.csv") == "wrote 1,000 rows to october.csv"


def test_an_export_on_a_terminal_ends_with_one_line_saying_where_the_rows_went(
    env: dict[str, str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    err = _Terminal()
    with contextlib.redirect_stderr(err), contextlib.redirect_stdout(io.StringIO()):
        code = run(["payments", "list", "--all", "--per-page", "50", "-o",
                    str(tmp_path / "all.csv")])  # fmt: skip
    assert code == 0
    shown = err.getvalue()
    assert "of 250 items (" in shown and " of 5 pages" in shown and " left" in shown
    assert shown.endswith(f"\r\x1b[Kpayments: wrote 250 rows to {tmp_path / 'all.csv'}\n")
    with (tmp_path / "all.csv").open(newline="") as file:
        assert len(list(csv.reader(file))) == 251


def test_a_device_is_written_in_place_never_renamed_over(env: dict[str, str]) -> None:
    """-o /dev/null writes to the device: no temporary file is renamed over it."""
    import stat

    result = cli("payments", "list", "--all", "-o", "/dev/null", env=env)
    assert result.code == 0, result.err
    assert result.err == "payments: wrote 250 rows to /dev/null\n"
    assert stat.S_ISCHR(Path("/dev/null").stat().st_mode)


@given(
    maximum=st.none() | st.integers(-50, 500),
    exclusive=st.none() | st.integers(-50, 500),
    step=st.none() | st.integers(1, 40),
    minimum=st.none() | st.integers(-50, 500),
)
def test_the_largest_page_is_the_largest_integer_the_schema_allows(
    maximum: int | None, exclusive: int | None, step: int | None, minimum: int | None
) -> None:
    """--all's page size: the largest integer per_page's schema allows (the engine the judge)."""
    from payments_sdk._engine import validator
    from payments_sdk.cli._run import _largest_integer

    schema: dict[str, Any] = {"type": "integer"}
    for key, value in (("maximum", maximum), ("exclusiveMaximum", exclusive),
                       ("multipleOf", step), ("minimum", minimum)):  # fmt: skip
        if value is not None:
            schema[key] = value
    valid = validator(schema).is_valid
    largest = _largest_integer(schema)
    if maximum is None and exclusive is None:
        assert largest is None
    elif largest is None:
        top = min(
            b for b in (maximum, None if exclusive is None else exclusive - 1) if b is not None
        )
        assert not any(valid(n) for n in range(top - 2 * (step or 1), top + 1))
    else:
        assert valid(largest), (schema, largest)
        assert not any(valid(n) for n in range(largest + 1, largest + 2 * (step or 1) + 2))
