"""``make bench``: run every benchmark and write docs/benchmarks.md and docs/benchmarks.png.

Run from ``examples/`` as ``python -m bench``. Nothing here asserts a timing: benchmarks
report, tests decide. ``python -m bench --only peers`` measures the peer SDKs alone and prints
that section without writing anything.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import platform
import sys
from datetime import UTC, datetime
from pathlib import Path

from . import (
    cli,
    concurrency,
    decoding,
    imports,
    observe,
    overhead,
    pagination,
    peers,
    sandbox_state,
    storm,
    wire,
)
from .report import peers_section, render, splice, with_goals, write_plot

DOCS = Path(__file__).resolve().parents[2] / "docs"


def main() -> int:
    """Measure, then write the report and the plot."""
    parser = argparse.ArgumentParser(prog="python -m bench")
    parser.add_argument(
        "--only",
        choices=["peers", "wire", "cli", "storm"],
        help="run one section and print it; write nothing (cli: unless --write)",
    )
    parser.add_argument(
        "--write",
        action="store_true",
        help=(
            "with --only cli or wire: put the section (and, for wire, its goal rows) into "
            "docs/benchmarks.md in place of the last ones"
        ),
    )
    arguments = parser.parse_args()
    only = arguments.only
    if only == "cli":
        print("the command line (about two minutes) ...", flush=True)
        measured = cli.run()
        lines = cli.section(measured)
        print("\n".join(lines))
        if arguments.write:
            report = DOCS / "benchmarks.md"
            report.write_text(splice(report.read_text(encoding="utf-8"), lines), encoding="utf-8")
            _write_cli_page(measured)
        return 0
    if only == "peers":
        print("peers (about four minutes) ...", flush=True)
        print("\n".join(peers_section(peers.run())))
        return 0
    if only == "storm":
        print("bursts under 429s (about half a minute) ...", flush=True)
        print("\n".join(storm.section(storm.run())))
        return 0
    if only == "wire":
        print("the wire (about five minutes) ...", flush=True)
        results = wire.run()
        lines = wire.section(results)
        print("\n".join(lines))
        if arguments.write:
            report = DOCS / "benchmarks.md"
            text = splice(report.read_text(encoding="utf-8"), lines)
            report.write_text(with_goals(text, wire.goals(results)), encoding="utf-8")
        return 0
    print("the wire (about five minutes) ...", flush=True)
    wire_results = wire.run()
    print("observers and OpenTelemetry ...", flush=True)
    watched = observe.run()
    print("the sandbox with a state file ...", flush=True)
    durable = sandbox_state.run()
    print("per-call overhead ...", flush=True)
    pairs = asyncio.run(overhead.cpu_per_call())
    for mode in ("static", "sandbox"):
        pairs += asyncio.run(overhead.loopback(mode))
    print("import time ...", flush=True)
    import_results = imports.run()
    print("pagination (about a minute) ...", flush=True)
    walks = pagination.run()
    print("concurrency ...", flush=True)
    bursts = concurrency.run()
    print("bursts under 429s (about half a minute) ...", flush=True)
    storms = storm.run()
    print("peers (about four minutes) ...", flush=True)
    peer_results = peers.run()
    print("decoding ...", flush=True)
    decoded = decoding.run()
    print("the command line (about two minutes) ...", flush=True)
    command_line = cli.run()
    machine = (
        f"{os.cpu_count()} cores, {platform.machine()}, Python {platform.python_version()}, "
        f"{datetime.now(UTC):%Y-%m-%d %H:%M} UTC"
    )
    write_plot(DOCS / "benchmarks.png", pairs, walks)
    text = render(
        machine,
        wire_results,
        watched,
        durable,
        pairs,
        import_results,
        walks,
        bursts,
        storms,
        peer_results,
        decoded,
        command_line,
    )
    (DOCS / "benchmarks.md").write_text(text, encoding="utf-8")
    _write_cli_page(command_line)
    print(text)
    return 0


def _machine() -> str:
    """Describe the machine, with its load: a shared machine slows every figure alike."""
    return (
        f"{os.cpu_count()} cores, {platform.machine()}, Python {platform.python_version()}, "
        f"{datetime.now(UTC):%Y-%m-%d}, load average {os.getloadavg()[0]:.1f}"
    )


def _write_cli_page(measured: cli.Results) -> None:
    """Put the export figures just measured into docs/cli.md."""
    page = DOCS / "cli.md"
    page.write_text(
        cli.cli_page(page.read_text(encoding="utf-8"), measured, _machine()), encoding="utf-8"
    )


if __name__ == "__main__":
    sys.exit(main())
