"""The command line: start-up, the libraries it could have used, an export of 100,000 payments.

Measured against its peers' start-up, and against the SDK's own pager.

- **Start-up**: ``payments --help`` and ``payments payments list --help`` against ``openai
  --help`` (when an ``openai`` command is installed: openai-python 2 and later ship none) and
  the import of ``openai`` and ``stripe`` (stripe-python has no command line: the Stripe CLI is
  a Go program), each in a fresh process, interleaved rounds; the best run of each counts (the
  least disturbed by the rest of the machine), as in ``imports.py``.
- **Libraries**: the import time of the command-line and terminal libraries we could have built
  on, over the interpreter alone.
- **Export**: ``payments-sandbox --seed-payments 100000`` served on loopback (a separate
  process); then ``payments payments list --all --format csv`` (100 a page, the default of
  ``--all``) and a script that walks ``client.payments.list(per_page=100, prefetch=4)`` (the
  same page size and prefetch as ``--all``),
  each as a child process reading every page, after one request has warmed the sandbox up:
  the time to the first row, the whole time, and the child's peak memory (its maximum resident
  set, read by a small launcher process, so that the bench's own memory is not counted in the
  child's before it starts). Two interleaved rounds; the faster counts. The export runs again
  against a sandbox of 10,000 payments: constant memory means the same peak. How many times
  as long the command line takes as the pager is written into docs/cli.md too
  (:func:`cli_page`), between its ``bench:cli-export`` markers.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

ROUNDS = 11
WALK_ROUNDS = 2
PAYMENTS = 100_000
SMALL = 10_000

_BIN = Path(sys.executable).parent
_PAYMENTS = str(_BIN / "payments")

# Runs the command given, and prints its peak memory (KiB) on standard error: measured from a
# small process, since a child forked from the bench would count the bench's pages until exec.
_LAUNCHER = """\
import resource, subprocess, sys
code = subprocess.run(sys.argv[1:], stderr=subprocess.DEVNULL).returncode
sys.stderr.write(f"{resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss}\\n")
sys.exit(code)
"""

_SDK_WALK = """\
import asyncio, sys
from payments_sdk import AsyncPaymentsClient

async def main() -> None:
    count = 0
    async with AsyncPaymentsClient() as client:
        async for payment in client.payments.list(per_page=100, prefetch=4):
            if not count:
                sys.stdout.write("first\\n")
                sys.stdout.flush()
            count += 1
    sys.stdout.write(f"{count}\\n")

asyncio.run(main())
"""

_SDK_LABEL = "SDK pager (`async for`, prefetch=4)"
INTERPRETER = "interpreter alone (`python -c pass`)"
HELP = "`payments --help`"
OPENAI = "`python -c 'import openai'`"
STRIPE = "`python -c 'import stripe'`"

LIBRARIES = {
    "argparse (standard library; what `payments` uses)": "import argparse",
    "csv + json (standard library; what `payments` uses)": "import csv, json",
    "click": "import click",
    "typer": "import typer",
    "rich (console + table)": "import rich.console, rich.table",
    "rich (progress bar)": "import rich.progress",
}


@dataclass(frozen=True)
class Export:
    """One walk of every payment by a child process."""

    label: str
    records: int
    rows: int
    first_row: float
    seconds: float
    peak_mib: float


@dataclass(frozen=True)
class Results:
    """Everything this section measured."""

    startup_ms: dict[str, float]
    libraries_ms: dict[str, float]
    exports: list[Export]


def _wall(command: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=False)
    return (time.perf_counter() - started) * 1000


def _startup() -> dict[str, float]:
    commands = {
        INTERPRETER: [sys.executable, "-c", "pass"],
        HELP: [_PAYMENTS, "--help"],
        "`payments payments list --help`": [_PAYMENTS, "payments", "list", "--help"],
        "`payments --version`": [_PAYMENTS, "--version"],
        OPENAI: [sys.executable, "-c", "import openai"],
        STRIPE: [sys.executable, "-c", "import stripe"],
    }
    openai = shutil.which("openai", path=f"{_BIN}{os.pathsep}{os.environ.get('PATH', '')}")
    if openai:
        commands["`openai --help`"] = [openai, "--help"]
    samples: dict[str, list[float]] = {label: [] for label in commands}
    for _ in range(ROUNDS):
        for label, command in commands.items():
            samples[label].append(_wall(command))
    return {label: min(found) for label, found in samples.items()}


def _libraries() -> dict[str, float]:
    base: list[float] = []
    samples: dict[str, list[float]] = {label: [] for label in LIBRARIES}
    for _ in range(ROUNDS):
        base.append(_wall([sys.executable, "-c", "pass"]))
        for label, statement in LIBRARIES.items():
            samples[label].append(_wall([sys.executable, "-c", statement]))
    floor = min(base)
    return {label: min(found) - floor for label, found in samples.items()}


@contextmanager
def _served(payments: int) -> Iterator[dict[str, str]]:
    command = [sys.executable, "-m", "payments_sdk.sandbox", "--seed-payments", str(payments)]
    child = subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        assert child.stdout is not None
        found = {}
        for _ in range(2):
            name, _, value = child.stdout.readline().strip().removeprefix("export ").partition("=")
            found[name] = value.strip("'")
        yield found
    finally:
        child.terminate()
        child.wait(timeout=30)


def _walk(label: str, records: int, command: list[str], env: dict[str, str]) -> Export:
    started = time.perf_counter()
    child = subprocess.Popen(
        [sys.executable, "-c", _LAUNCHER, *command],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, **env},
    )
    assert child.stdout is not None and child.stderr is not None
    first = 0.0
    lines = 0
    last = b""
    header = 1 if label.startswith("`payments") else 0
    for line in child.stdout:
        lines += 1
        if lines == header + 1:
            first = time.perf_counter() - started
        last = line
    peak = int(child.stderr.read().split()[-1])
    seconds = time.perf_counter() - started
    if child.wait() != 0:
        raise RuntimeError(f"{label} exited with {child.returncode}")
    rows = lines - 1 if header else int(last)
    return Export(label, records, rows, first, seconds, peak / 1024)


def _exports() -> list[Export]:
    cli = [_PAYMENTS, "payments", "list", "--all", "--format", "csv"]
    sdk = [sys.executable, "-c", _SDK_WALK]
    walks = {"`payments payments list --all --format csv`": cli, _SDK_LABEL: sdk}
    found: list[Export] = []
    for records in (PAYMENTS, SMALL):
        with _served(records) as env:
            warm = [_PAYMENTS, "payments", "list", "--per-page", "1"]
            subprocess.run(warm, env={**os.environ, **env}, stdout=subprocess.DEVNULL, check=True)
            best: dict[str, Export] = {}
            for _ in range(WALK_ROUNDS):
                for label, command in walks.items():
                    walk = _walk(label, records, command, env)
                    if label not in best or walk.seconds < best[label].seconds:
                        best[label] = walk
            found += best.values()
    return found


CLI_LABEL = "`payments payments list --all --format csv`"
BEGIN = "<!-- bench:cli-export (written by make bench: examples/bench/cli.py) -->"
END = "<!-- /bench:cli-export -->"


def ratios(results: Results) -> dict[int, float]:
    """Return, per number of payments, the command line's whole walk over the pager's."""
    found: dict[int, float] = {}
    for records in sorted({e.records for e in results.exports}, reverse=True):
        walks = {e.label: e for e in results.exports if e.records == records}
        cli, sdk = walks.get(CLI_LABEL), walks.get(_SDK_LABEL)
        if cli is not None and sdk is not None and sdk.seconds > 0:
            found[records] = cli.seconds / sdk.seconds
    return found


def _startup_text(results: Results) -> str:
    startup, libraries = results.startup_ms, results.libraries_ms
    text = (
        f"`payments --help` starts in {startup[HELP]:.0f} ms (the interpreter alone: "
        f"{startup[INTERPRETER]:.0f} ms; importing `openai` takes {startup[OPENAI]:.0f} ms, "
        f"`stripe` {startup[STRIPE]:.0f} ms). Import time over the interpreter alone: "
    )
    return text + ", ".join(f"{label} {ms:+.0f} ms" for label, ms in libraries.items()) + "."


def cli_page(page: str, results: Results, machine: str) -> str:
    """Return docs/cli.md with the figures just measured between its markers."""
    start, end = page.index(BEGIN) + len(BEGIN), page.index(END)
    walks = {(e.label, e.records): e for e in results.exports}
    parts = []
    for records, ratio in ratios(results).items():
        cli, sdk = walks[(CLI_LABEL, records)], walks[(_SDK_LABEL, records)]
        parts.append(
            f"{records:,} payments: {cli.seconds:.1f} s against {sdk.seconds:.1f} s, "
            f"{ratio:.2f} times as long, peaking at {cli.peak_mib:.0f} MiB"
        )
    text = (
        f"\nMeasured by `make bench` ({machine}). {_startup_text(results)} An export by "
        "`payments payments list --all --format csv`, against the SDK's pager walking the "
        "same pages (100 a page, 4 in flight) without writing anything, from a sandbox "
        "served on loopback: "
        + "; ".join(parts)
        + ". The sandbox, one process on one core, sets the pace of both.\n"
    )
    return page[:start] + text + page[end:]


def run() -> Results:
    """Measure the start-up, the libraries and the exports."""
    return Results(_startup(), _libraries(), _exports())


def section(results: Results) -> list[str]:
    """Return the report's section on the command line."""
    lines = [
        "## 7. The command line",
        "",
        "`examples/bench/cli.py`. Start-up: a fresh process each time, the best of "
        f"{ROUNDS} interleaved rounds. The peers: openai-python 2 and later ship no `openai` "
        "command (openai 1.x did; it is measured when installed), and stripe-python has "
        "none (the Stripe CLI is a Go program), so their import is the floor of a Python "
        "command line built on them.",
        "",
        "| command | best of the rounds |",
        "|---|---|",
    ]
    lines += [f"| {label} | {ms:.0f} ms |" for label, ms in results.startup_ms.items()]
    lines += [
        "",
        "Import time of the libraries a command line could be built on, over the interpreter "
        "alone (`payments` uses the standard library only):",
        "",
        "| library | import |",
        "|---|---|",
    ]
    lines += [f"| {label} | {ms:+.0f} ms |" for label, ms in results.libraries_ms.items()]
    lines += [
        "",
        "Export: every payment of a `payments-sandbox --seed-payments N` served on loopback, "
        "by a child process, after a request warmed the sandbox up; the faster of "
        f"{WALK_ROUNDS} interleaved rounds. The sandbox (one process, one core) sets the pace "
        "of both. Peak memory is the child's maximum resident set: the same for 10,000 and "
        "100,000 payments when memory is constant.",
        "",
        "| walk | payments | rows | first row | whole walk | peak memory |",
        "|---|---|---|---|---|---|",
    ]
    lines += [
        f"| {e.label} | {e.records:,} | {e.rows:,} | {e.first_row * 1000:.0f} ms | "
        f"{e.seconds:.1f} s | {e.peak_mib:.0f} MiB |"
        for e in results.exports
    ]
    lines.append("")
    return lines
