"""Import time: ``import payments_sdk`` and its client class against the floor, ``import httpx``.

Every statement runs in a fresh interpreter; the rounds interleave the statements and the best
run of each counts (the least disturbed by the rest of the machine).
"""

from __future__ import annotations

import subprocess
import sys
import time

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


def run() -> dict[str, float]:
    """Return the best wall time, in ms, of each statement."""
    best = {label: float("inf") for label in STATEMENTS}
    for _ in range(RUNS):
        for label, statement in STATEMENTS.items():
            best[label] = min(best[label], _once(statement) * 1000)
    return best
