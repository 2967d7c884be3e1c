"""The documented month-end recipe gives the same file from the command line and from the SDK.

A served sandbox holds September to November (a seed spread over the span) and payments on
both edges of October in USD, KWD and JPY, one with a fee that breaks the three-decimal rule as
a service's could. The command line runs the recipe of README.md and docs/cli.md; the SDK runs
``month_end.py`` of docs/testing.md, read from the page. The two October files agree row by
row, and every payment of the span is in exactly one month's file.
"""

from __future__ import annotations

import csv
import os
import re
import subprocess
import sys
import types
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from payments_sdk import AsyncPaymentsClient
from payments_sdk.sandbox import Sandbox
from tests.support.cli_helpers import served_sandbox

ROOT = Path(__file__).resolve().parents[2]
NOW = datetime(2026, 12, 3, 8, 0, tzinfo=UTC)
OCTOBER = datetime(2026, 10, 1, tzinfo=UTC)
NOVEMBER = datetime(2026, 11, 1, tzinfo=UTC)
TICK = timedelta(microseconds=1)
EDGES = [
    (OCTOBER - TICK, 1000, "USD"),
    (OCTOBER, 295990, "KWD"),
    (OCTOBER + TICK, 295, "JPY"),
    (NOVEMBER - TICK, 29900, "USD"),
    (NOVEMBER, 1230, "KWD"),
    (NOVEMBER + TICK, 7, "JPY"),
]
RECIPE = "payments payments list --all --month 2026-10 -o october.csv"


def _documented_job() -> types.ModuleType:
    """Return month_end.py as docs/testing.md shows it."""
    page = (ROOT / "docs" / "testing.md").read_text(encoding="utf-8")
    found = re.search(r"```python\n# month_end\.py\n(.*?)```", page, re.DOTALL)
    assert found, "docs/testing.md shows month_end.py"
    module = types.ModuleType("month_end")
    exec(compile(found[1], "docs/testing.md:month_end.py", "exec"), module.__dict__)
    return module


@pytest.fixture(scope="module")
def served() -> Iterator[tuple[Sandbox, dict[str, str], list[str]]]:
    span = (datetime(2026, 9, 1, tzinfo=UTC), datetime(2026, 12, 1, tzinfo=UTC))
    with served_sandbox(clock=lambda: NOW, seed_payments=900, seed_span=span) as (sandbox, env):
        edges = []
        for created_at, amount, currency in EDGES:
            made = sandbox.simulate_payment(amount=amount, currency=currency, created_at=created_at)
            edges.append(made["id"])
        # A fee as a service could send it, breaking the three-decimal rule: read, not refused.
        sandbox.store.payments[edges[1]]["txn_fee"]["amount"] = 662
        yield sandbox, env, edges


def _read(path: Path) -> list[dict[str, str]]:
    with path.open(newline="", encoding="utf-8") as file:
        return list(csv.DictReader(file))


def _cli(command: str, env: dict[str, str], cwd: Path) -> subprocess.CompletedProcess[str]:
    words = command.split()
    assert words[0] == "payments"
    return subprocess.run(
        [sys.executable, "-m", "payments_sdk.cli", *words[1:]],
        capture_output=True, text=True, cwd=cwd, env=env, timeout=120, check=False,
    )  # fmt: skip


def test_the_recipe_is_the_one_the_docs_show() -> None:
    for page in ("README.md", "docs/cli.md"):
        assert RECIPE in (ROOT / page).read_text(encoding="utf-8"), page


async def test_the_command_line_and_the_sdk_write_the_same_month(
    served: tuple[Sandbox, dict[str, str], list[str]],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    sandbox, env, edges = served

    expected = sum(OCTOBER <= p["created_at"] < NOVEMBER for p in sandbox.store.payments.values())
    done = _cli(RECIPE, {**os.environ, **env}, tmp_path)
    assert done.returncode == 0, done.stderr
    assert done.stderr == f"payments: wrote {expected} rows to october.csv\n"
    by_cli = _read(tmp_path / "october.csv")

    job = _documented_job()
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    async with AsyncPaymentsClient() as client:
        written = await job.export_month(client, "2026-10", tmp_path / "sdk.csv")
    by_sdk = _read(tmp_path / "sdk.csv")
    assert written == len(by_sdk) == len(by_cli) == expected

    for row, (from_cli, from_sdk) in enumerate(zip(by_cli, by_sdk, strict=True)):
        assert {column: from_cli[column] for column in job.COLUMNS} == from_sdk, row
    ids = [row["id"] for row in by_sdk]
    assert set(edges[1:4]) <= set(ids) and not {edges[0], *edges[4:]} & set(ids)
    first = by_sdk[-1]
    assert (first["id"], first["created_at"]) == (edges[1], "2026-10-01T00:00:00Z")
    shown = (first["amount"], first["currency"], first["txn_fee.amount"])
    assert shown == ("295.990", "KWD", "0.662")
    currencies = {row["currency"] for row in by_sdk}
    assert {"USD", "KWD", "JPY"} <= currencies


async def test_adjacent_months_from_the_command_line_hold_each_payment_once(
    served: tuple[Sandbox, dict[str, str], list[str]], tmp_path: Path
) -> None:
    sandbox, env, _ = served

    seen: list[str] = []
    for month in ("2026-09", "2026-10", "2026-11"):
        done = _cli(f"payments payments list --all --month {month} -o {month}.csv",
                    {**os.environ, **env}, tmp_path)  # fmt: skip
        assert done.returncode == 0, done.stderr
        seen += [row["id"] for row in _read(tmp_path / f"{month}.csv")]
    assert len(seen) == len(set(seen)) == len(sandbox.store.payments)
