"""Import time: ``import payments_sdk`` and its client class against the floor, ``import httpx``.

Every statement runs in a fresh interpreter; the rounds interleave the statements and the best
run of each counts (the least disturbed by the rest of the machine).

:func:`importtime_over_httpx` measures the class with ``python -X importtime`` instead: the
cumulative time of what ``from payments_sdk import AsyncPaymentsClient`` imports after ``import
httpx``, with bytecode (as a wheel is installed) and from source (every module compiled, as under
``PYTHONDONTWRITEBYTECODE`` with no ``__pycache__``). ``python -m bench.imports`` prints both.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import time
from typing import NamedTuple

RUNS = 15

STATEMENTS = {
    "interpreter alone (`pass`)": "pass",
    "floor: `import httpx`": "import httpx",
    "async floor: `import asyncio, httpx`": "import asyncio, httpx",
    "`import payments_sdk`": "import payments_sdk",
    "`import payments_sdk; from payments_sdk import AsyncPaymentsClient`": (
        "import payments_sdk; from payments_sdk import AsyncPaymentsClient"
    ),
    "... and build a client": (
        "from payments_sdk import AsyncPaymentsClient; "
        "AsyncPaymentsClient(api_key='a.b.c', base_url='https://api.example.com/v1')"
    ),
}


def _once(statement: str) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-c", statement], check=True)
    return time.perf_counter() - started


class Imports(NamedTuple):
    """What the import benchmark measured, in ms."""

    wall: dict[str, float]
    """The best wall time of each statement of :data:`STATEMENTS`."""
    importtime: dict[str, float]
    """:func:`importtime_over_httpx`: compiled and from source."""


def run() -> Imports:
    """Measure both yardsticks."""
    return Imports(wall_times(), importtime_over_httpx())


def wall_times() -> dict[str, float]:
    """Return the best wall time, in ms, of each statement."""
    best = {label: float("inf") for label in STATEMENTS}
    for _ in range(RUNS):
        for label, statement in STATEMENTS.items():
            best[label] = min(best[label], _once(statement) * 1000)
    return best


CLASS_AFTER_HTTPX = "import httpx; from payments_sdk import AsyncPaymentsClient"


def _importtime_once(pycache: str | None) -> float:
    """Return ms of top-level imports after ``import httpx`` in one ``-X importtime`` run.

    ``pycache``: an empty ``pycache_prefix`` so that every module compiles from source, or None
    to use (and write) the usual bytecode.
    """
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    flags = ["-X", "importtime"]
    if pycache is not None:
        flags += ["-B", "-X", f"pycache_prefix={pycache}"]
    done = subprocess.run(
        [sys.executable, *flags, "-c", CLASS_AFTER_HTTPX],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    rows = [
        line.split("|")
        for line in done.stderr.splitlines()
        if line.startswith("import time:") and "cumulative" not in line
    ]
    names = [row[2].rstrip() for row in rows]
    after = names.index(" httpx") + 1
    top = [row for row in rows[after:] if row[2].startswith(" ") and not row[2].startswith("  ")]
    return sum(int(row[1]) for row in top) / 1000


def importtime_over_httpx(runs: int = 21) -> dict[str, float]:
    """Return the best ``-X importtime`` cost, in ms, of the client class over ``import httpx``."""
    with tempfile.TemporaryDirectory() as empty:
        _importtime_once(None)  # writes the bytecode the compiled runs read
        best = {"compiled": float("inf"), "from source": float("inf")}
        for _ in range(runs):
            best["compiled"] = min(best["compiled"], _importtime_once(None))
            best["from source"] = min(best["from source"], _importtime_once(empty))
    return best


if __name__ == "__main__":
    for mode, ms in importtime_over_httpx().items():
        print(f"{CLASS_AFTER_HTTPX!r} over `import httpx`, {mode}: {ms:.2f} ms")
