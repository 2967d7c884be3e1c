"""A suite of 1,100 tests on one ``payments_shared_sandbox`` server, as a team's CI runs it.

``payments-sandbox --state FILE`` is started once (a separate process, as a shared dev server
is); a generated test file of 1,100 tests, each using ``payments_shared_sandbox`` to create an
order and list it back in a namespace of its own, runs against it with pytest. Before, the
1,001st test failed with a 400 (the server held 1,000 namespaces and never released one).
Reported: the run's wall time, the outcome, the namespaces the server holds afterwards, and
the state file's size.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

import httpx

TESTS = 1_100

_SUITE = f"""
import pytest

from payments_sdk import AsyncPaymentsClient


@pytest.mark.parametrize("n", range({TESTS}))
async def test_an_order_in_its_own_namespace(payments_shared_sandbox, n):
    async with AsyncPaymentsClient(max_retries=0) as client:
        assert [o async for o in client.orders.list()] == []
        order = await client.orders.create(amount=100 + n, currency="USD", payment_methods=["card"])
        assert [o.id async for o in client.orders.list()] == [order.id]
"""


@dataclass(frozen=True)
class Results:
    """What one run measured."""

    tests: int
    passed: int
    failed: int
    seconds: float
    namespaces_after: int
    state_bytes: int


def _exports(process: subprocess.Popen[str]) -> dict[str, str]:
    assert process.stdout is not None
    found: dict[str, str] = {}
    while len(found) < 2:
        line = process.stdout.readline()
        if not line:
            raise RuntimeError("the sandbox did not start")
        match = re.fullmatch(r"export (\w+)='(.*)'\n", line)
        if match:
            found[match.group(1)] = match.group(2)
    return found


def run() -> Results:
    """Serve one sandbox, run the generated suite against it, and measure."""
    with tempfile.TemporaryDirectory() as folder:
        state = Path(folder) / "team.db"
        server = subprocess.Popen(
            [sys.executable, "-m", "payments_sdk.sandbox", "--state", str(state), "--seed", "1"],
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
            text=True,
        )
        try:
            exports = _exports(server)
            (Path(folder) / "test_team.py").write_text(_SUITE, encoding="utf-8")
            env = {
                **os.environ,
                "PAYMENTS_SANDBOX_URL": exports["PAYMENTS_BASE_URL"],
                "PAYMENTS_SANDBOX_KEY": exports["PAYMENTS_API_KEY"],
            }
            started = time.perf_counter()
            done = subprocess.run(
                [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                 "-o", "asyncio_mode=auto", "test_team.py"],
                cwd=folder,
                env=env,
                capture_output=True,
                text=True,
            )  # fmt: skip
            seconds = time.perf_counter() - started
            tail = done.stdout.strip().splitlines()[-1] if done.stdout.strip() else done.stderr
            passed = int(m.group(1)) if (m := re.search(r"(\d+) passed", tail)) else 0
            failed = int(m.group(1)) if (m := re.search(r"(\d+) failed", tail)) else 0
            root = exports["PAYMENTS_BASE_URL"].removesuffix("/v1")
            key = {"Authorization": f"Bearer {exports['PAYMENTS_API_KEY']}"}
            httpx.get(f"{root}/_sandbox/clock", headers=key).raise_for_status()
        finally:
            server.terminate()
            server.wait(timeout=30)
        import sqlite3

        with sqlite3.connect(state) as db:
            live = db.execute(
                "SELECT COUNT(DISTINCT namespace) FROM meta WHERE namespace NOT IN "
                "(SELECT namespace FROM meta WHERE key = 'retired')"
            ).fetchone()[0]
        db.close()
        return Results(TESTS, passed, failed, seconds, live, state.stat().st_size)


def section(results: Results) -> list[str]:
    """Return the report's section for one run."""
    return [
        "## A shared sandbox server under a long CI run",
        "",
        f"{results.tests:,} tests, each with `payments_shared_sandbox` (its own namespace: an",
        "empty order list, one order created, listed back), run by pytest against one",
        "`payments-sandbox --state` process:",
        "",
        "| tests | passed | failed | wall time | per test | namespaces left | state file |",
        "|---|---|---|---|---|---|---|",
        f"| {results.tests:,} | {results.passed:,} | {results.failed:,} | "
        f"{results.seconds:.1f} s | {results.seconds / results.tests * 1000:.1f} ms | "
        f"{results.namespaces_after} | {results.state_bytes / 1024:.0f} KiB |",
        "",
        "Each test's namespace is deleted when it ends, so the server never reaches its bound of",
        "1,000 loaded namespaces (before, the 1,001st test failed with a 400).",
        "",
    ]


if __name__ == "__main__":
    print("\n".join(section(run())))
