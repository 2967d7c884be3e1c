"""Pagination: walk 10,000 and 100,000 payments with 20 ms of latency per request.

Each walk runs in its own process (peak RSS is per process) against the sandbox, also in its
own process, sequentially and with ``prefetch=8``.
"""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass

from ._server import serving

LATENCY_MS = 20.0
PREFETCH = 8


@dataclass(frozen=True)
class Walk:
    """One measured walk."""

    records: int
    prefetch: int
    seconds: float
    rss_before: float
    rss_peak: float


def run(records_counts: tuple[int, ...] = (10_000, 100_000)) -> list[Walk]:
    """Walk each record count sequentially and with prefetch; return the measurements."""
    walks = []
    for records in records_counts:
        with serving("sandbox", seed_payments=records, latency_ms=LATENCY_MS) as (url, key):
            for prefetch in (0, PREFETCH):
                command = [sys.executable, "-m", "bench._walk", url, key, str(prefetch)]
                out = subprocess.run(
                    [*command, str(records)], capture_output=True, text=True, check=True
                )
                data = json.loads(out.stdout)
                walks.append(
                    Walk(records, prefetch, data["seconds"], data["rss_before"], data["rss_peak"])
                )
    return walks
