"""Turn the measurements into docs/benchmarks.md and a matplotlib plot."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from . import cli
from .concurrency import Burst
from .imports import CLASS_AFTER_HTTPX, Imports
from .overhead import Pair
from .pagination import PREFETCH, Walk
from .storm import Storm

if TYPE_CHECKING:  # peers and wire import the peer SDKs, which only the bench group installs
    from .peers import Peer
    from .wire import WireResults

IMPORT_GOAL_MS = 25.0
PREFETCH_GOAL = 5.0


def _met(ok: bool) -> str:
    return "met" if ok else "**missed**"


def _overhead_section(pairs: list[Pair]) -> list[str]:
    lines = [
        "## 1. Per-call overhead",
        "",
        "Raw `httpx.AsyncClient` (request, `raise_for_status()`, `json()`) against",
        "`AsyncPaymentsClient` (validation, auth, retries, error mapping, typed models), with the",
        "same connection limits, against the same server in its own process, interleaved over 5",
        "rounds (medians). *static* is a bare ASGI app serving fixed bytes, so the time is",
        "nearly all the client's; *sandbox* does real work per request. The last rows are CPU",
        "time per call with an in-process transport (no sockets).",
        "",
        "| scenario | raw httpx | SDK | SDK vs raw |",
        "|---|---|---|---|",
    ]
    for p in pairs:
        lines.append(
            f"| {p.scenario} | {p.raw:,.0f} {p.unit} | {p.sdk:,.0f} {p.unit} | {p.ratio:.2f}x |"
        )
    return [*lines, ""]


def _imports_section(measured: Imports) -> list[str]:
    ms = measured.wall
    lines = [
        "## 2. Import time",
        "",
        "Best of 15 fresh interpreters per statement, interleaved. `import payments_sdk` loads",
        "no httpx, no generated code and no iso4217 until they are used. The class loads httpx;",
        "a client loads asyncio and the call layer; the first request loads aiohttp, msgspec and",
        "the models. An asyncio application has asyncio loaded already.",
        "",
        "| statement | best | over the floor |",
        "|---|---|---|",
    ]
    floor = ms["floor: `import httpx`"]
    for label, value in ms.items():
        lines.append(f"| {label} | {value:.0f} ms | {value - floor:+.0f} ms |")
    lines += [
        "",
        "With `python -X importtime` (best of 21): the cumulative time of what",
        f"`{CLASS_AFTER_HTTPX}` imports after `import httpx`, with bytecode (as pip",
        "installs a wheel) and from source (every module compiled, as with",
        "`PYTHONDONTWRITEBYTECODE` and no `__pycache__`).",
        "",
        "| bytecode | over `import httpx` |",
        "|---|---|",
        *(f"| {mode} | {value:.1f} ms |" for mode, value in measured.importtime.items()),
    ]
    return [*lines, ""]


def _pagination_section(walks: list[Walk]) -> list[str]:
    lines = [
        "## 3. Pagination",
        "",
        "Every payment walked with `async for`, 100 per page, against the sandbox with 20 ms",
        "of latency per request; each walk in a fresh process. RSS growth is the peak during",
        "the walk minus the RSS after connecting (MiB): zero means the walk never raised the",
        "process's high-water mark, whatever the record count.",
        "",
        "| records | walk | time | peak RSS | RSS growth | prefetch speed-up |",
        "|---|---|---|---|---|---|",
    ]
    for records in sorted({w.records for w in walks}):
        seq, pre = _pair_of(walks, records)
        for w in (seq, pre):
            how = "sequential" if w.prefetch == 0 else f"prefetch={w.prefetch}"
            speed = f"{seq.seconds / pre.seconds:.1f}x" if w is pre else ""
            lines.append(
                f"| {records:,} | {how} | {w.seconds:.2f} s | {w.rss_peak:.1f} MiB "
                f"| {w.rss_peak - w.rss_before:+.1f} | {speed} |"
            )
    return [*lines, ""]


def _pair_of(walks: list[Walk], records: int) -> tuple[Walk, Walk]:
    seq = next(w for w in walks if w.records == records and w.prefetch == 0)
    pre = next(w for w in walks if w.records == records and w.prefetch == PREFETCH)
    return seq, pre


def _concurrency_section(bursts: list[Burst]) -> list[str]:
    lines = [
        "## 4. Concurrency",
        "",
        "1,000 concurrent `retrieve` calls (`GET /orders/{id}`) on one client, against the",
        "sandbox. Raw httpx makes the same burst with the same limits.",
        "",
        "| latency | client | time | throughput | failures |",
        "|---|---|---|---|---|",
    ]
    for b in bursts:
        failures = ", ".join(f"{k}: {v}" for k, v in b.failures.items()) or "none"
        lines.append(
            f"| {b.latency_ms:.0f} ms | {b.client} | {b.seconds:.2f} s "
            f"| {b.throughput:,.0f} calls/s | {failures} |"
        )
    return [*lines, ""]


CALLS_MEASURED = {
    "payments-sdk": "`GET /v1/balances`, `GET /v1/payments`",
    "openai": "`GET /v1/models/{id}`, `GET /v1/files`",
    "stripe": "`GET /v1/balance`, `GET /v1/charges`",
}


def _bytes(n: int) -> str:
    return f"{n:,} B" if n < 1000 else f"{n / 1000:,.1f} kB"


def peers_section(peers: list[Peer]) -> list[str]:
    """Return the "Peers" section: one column per SDK, one row per figure."""
    lines = [
        "## 5. Peers",
        "",
        "openai-python and stripe-python side by side with payments-sdk, each with its default",
        "settings, and each against raw `httpx.AsyncClient` (request, `raise_for_status()`,",
        "`json()`) fetching that SDK's own payload from the same static loopback server (its own",
        "process; realistic bodies from `examples/bench/_payloads.py`: 100 `FileObject`s, 100",
        "full `Charge`s with billing details, outcome and card details). Raw httpx gets the",
        "connection limits of that SDK's pool: ours 20; openai 1,000 with 100 kept alive; stripe's",
        "`HTTPXClient` builds a plain `httpx.AsyncClient`, so httpx's defaults. 5 rounds, the",
        "SDKs and clients interleaved within each, medians; each measurement makes as many calls",
        "as fit in about a second (at least one per worker). Client CPU is `time.process_time()`",
        "in the client's process around the sequential loopback calls (the server's CPU is not in",
        "it, the client's socket work is); CPU added per list item is (SDK - raw) / 100. Import:",
        "the client class (`AsyncPaymentsClient`, `AsyncOpenAI`, `StripeClient`) against",
        "`import httpx`, best of 15 fresh interpreters, interleaved. Burst: 1,000 small-object",
        "calls in one `asyncio.gather` on one client with default settings (after one call),",
        "20 ms of latency per request, a new server per SDK. openai 3 sends through httpx2, a",
        "fork of httpx, not httpx itself: the last row compares the two raw on openai's list.",
        "",
    ]
    header = " | ".join(f"{p.name} {p.version}" for p in peers)
    lines += [f"| | {header} |", "|---" * (len(peers) + 1) + "|"]

    def row(label: str, cells: list[str]) -> None:
        lines.append(f"| {label} | " + " | ".join(cells) + " |")

    row("calls: small object, 100-item list", [CALLS_MEASURED.get(p.name, "") for p in peers])
    row(
        "payload: small object, 100-item list",
        [f"{_bytes(p.small_bytes)}, {_bytes(p.list_bytes)}" for p in peers],
    )
    for i, pair in enumerate(peers[0].throughput):
        row(
            f"throughput vs raw httpx: {pair.scenario}",
            [f"{p.throughput[i].ratio:.2f}x" for p in peers],
        )
    for what, label in (("small", "small object"), ("list", "100-item list")):
        row(
            f"client CPU per call, {label} (raw httpx)",
            [f"{p.cpu[what].sdk:,.0f} µs ({p.cpu[what].raw:,.0f})" for p in peers],
        )
    row("CPU added per list item", [f"{p.cpu_per_item:+,.1f} µs" for p in peers])
    row(
        "import of the client class, over `import httpx`", [f"{p.import_ms:+.0f} ms" for p in peers]
    )
    row(
        "1,000-call burst (20 ms latency): wall time",
        [f"{p.burst.seconds:.2f} s" if p.burst else "" for p in peers],
    )
    row(
        "1,000-call burst: failures",
        [
            (", ".join(f"{k}: {v}" for k, v in p.burst.failures.items()) or "none")
            if p.burst
            else ""
            for p in peers
        ],
    )
    row(
        "raw transport the SDK sends through, vs raw httpx (100-item list, sequential)",
        [
            f"{p.transport_name}: {p.transport.ratio:.2f}x" if p.transport else "httpx itself"
            for p in peers
        ],
    )
    return [*lines, ""]


FINDINGS = """\
## What profiling found, and what changed

Profiled with cProfile on the scenarios above (2026-11-22).

1. **Two httpx clients per call.** The SDK used to send through an httpx client whose
   transport sent through a second httpx client (the pool), so every call paid for two URL
   merges, two cookie passes and two `Response` objects. The generated client now holds the
   SDK's `Sender`, which builds the request on the pool and sends it once. In-process CPU per
   `GET /balances` went from 281 µs to 198 µs (raw httpx: 157 µs).
2. **A failed import on every pool operation.** httpcore 1.0.9 imports `sniffio` inside
   `current_async_library()`, which runs for every lock and event it sets up. anyio 4.11
   stopped depending on sniffio, so that import fails, and failed imports are not cached: each
   one scans `sys.path` (45,000 `find_spec` calls for 640 requests). This is
   encode/httpcore#1103. The SDK now depends on `sniffio`; sequential loopback throughput of
   raw httpx and the SDK alike rose about 1.3x.
3. **httpcore's pool cost grows with connections and with queued requests.** Whenever a
   request starts or ends, the pool rescans every queued request against every connection,
   and checks every idle connection's socket. 64 concurrent calls ran about 2.5x faster over
   20 connections than over httpx's default 100, with or without 20 ms of latency; a burst
   of 1,000 calls costs it O(N²) (encode/httpx#3215; the fix, encode/httpcore#1035, is not
   merged). A gate in front of httpcore helped, but not enough: finding 7.
4. **Typed parsing was the cost of the 100-item page; the models are now msgspec Structs.**
   The stock generator's `Payment.from_dict` ran Python code per field, with function-local
   imports and a dateutil parse per timestamp, so a typed page cost over three times the CPU
   of `json()`. Section 6 measures the candidates on the same page: our templates
   (`openapi/templates`) emit msgspec Structs, decoded straight from the bytes by a cached
   decoder that checks every type and names the JSON path of a mismatch. It beats `json.loads`
   alone, which is why the typed page now runs at or above raw httpx. msgspec can decode into
   attrs classes too, but slower, and it cannot tell an undeclared field from a missing one
   there; Structs forbid undeclared fields, so a body that carries one stops the fast decoder
   and takes the lenient path, which keeps those fields in `additional_properties`.
5. **Prefetch on 100,000 records.** With 8 pages in flight the walk stops waiting on the
   network and becomes CPU-bound: the sandbox serving pages and the SDK parsing them share
   the two cores, so the speed-up is bounded by the sandbox's own cost per page.
6. **The sandbox sorted every table on every page.** A page of 100 from 100,000 payments
   took a full sort and filter. The tables are append-only in creation order, so pages are
   now found by binary search (O(log n + per_page)); the benchmark above would otherwise be
   measuring the sandbox.
7. **The wire moved to aiohttp.** The wire table measures every candidate side by side: raw
   aiohttp and raw pyreqwest (Rust) lead, httpx2 (whose pool openai 3 uses) is 2-3x slower
   than them under concurrency and httpx slower still; the httpx-aiohttp bridge keeps
   httpx's per-request objects and lands in between. The SDK's default wire now drives
   aiohttp directly (one session per event loop, 20 connections, up to 100 once its calls have
   earned the retries for them, the SDK's gate in front), and
   builds an `httpx.Response` only for errors and `with_raw_response`; msgspec's decoding makes
   the typed page faster than raw aiohttp's `json()`. aiohttp over pyreqwest: a mature,
   widely deployed asyncio library whose per-call cost is within a few percent, and whose
   exceptions, proxies and TLS map one to one onto httpx's. `http_client=` keeps the httpx
   path for tests (respx, `MockTransport`) and special set-ups.
"""


def decoding_section(rows: list[tuple[str, float, str]]) -> list[str]:
    """Section 6: the same 100-item page decoded five ways, in process."""
    floor = next(micros for name, micros, _ in rows if name.startswith("`json.loads`"))
    lines = [
        "## 6. Decoding the 100-item page",
        "",
        "The same `GET /payments` page (bytes), decoded in process, interleaved over 7 rounds",
        "(medians). This is the measurement behind the model templates (finding 4).",
        "",
        "| way | µs per page | vs `json.loads` | types checked |",
        "|---|---|---|---|",
    ]
    for name, micros, checked in rows:
        lines.append(f"| {name} | {micros:,.0f} | {floor / micros:.2f}x | {checked} |")
    return [*lines, ""]


def render(
    machine: str,
    wire: WireResults,
    watched: dict[str, tuple[float, float]],
    durable: list[tuple[str, float, float]],
    pairs: list[Pair],
    imports: Imports,
    walks: list[Walk],
    bursts: list[Burst],
    storms: list[Storm],
    peers: list[Peer],
    decoding: list[tuple[str, float, str]],
    command_line: cli.Results,
) -> str:
    """Return the whole Markdown report."""
    from . import observe, sandbox_state, storm
    from .wire import goals, section

    floor = imports.wall["floor: `import httpx`"]
    both = imports.wall["`import payments_sdk; from payments_sdk import AsyncPaymentsClient`"]
    speedups = {r: s.seconds / p.seconds for r, (s, p) in _by_records(walks).items()}
    growth = max(w.rss_peak - w.rss_before for w in walks)
    failed = sum(sum(b.failures.values()) for b in bursts if b.client.startswith("SDK"))
    summary = ["| goal | result | |", "|---|---|---|"]
    summary += [f"| {goal} | {result} | {_met(ok)} |" for goal, result, ok in goals(wire)]
    goal, result, ok = observe.goal(watched)
    summary.append(f"| {goal} | {result} | {_met(ok)} |")
    goal, result, ok = storm.goal(storms)
    summary.append(f"| {goal} | {result} | {_met(ok)} |")
    summary += [
        f"| `import payments_sdk; from payments_sdk import AsyncPaymentsClient` within "
        f"{IMPORT_GOAL_MS:.0f} ms of `import httpx` | {both - floor:+.0f} ms | "
        f"{_met(both - floor <= IMPORT_GOAL_MS)} |",
        f"| prefetch={PREFETCH} >= {PREFETCH_GOAL:.0f}x faster | "
        + ", ".join(f"{r:,}: {s:.1f}x" for r, s in speedups.items())
        + f" | {_met(all(s >= PREFETCH_GOAL for s in speedups.values()))} (finding 5) |",
        f"| memory flat in the record count | largest RSS growth during a walk "
        f"{growth:+.1f} MiB | {_met(growth < 16)} |",
        f"| 1,000 concurrent retrieves against the sandbox: no error | {failed} failures | "
        f"{_met(failed == 0)} |",
    ]
    lines = [
        "# Benchmarks",
        "",
        "Written by `make bench` (`examples/bench/`), which is not part of `make test`. Every",
        "figure is a ratio or a comparison measured side by side in the same run; absolute",
        "times depend on the machine.",
        "",
        f"Machine: {machine}. Plot: [benchmarks.png](benchmarks.png).",
        "",
        *summary,
        "",
        *section(wire),
        "",
        *observe.section(watched),
        "",
        *sandbox_state.section(durable),
        "",
        *_overhead_section(pairs),
        *_imports_section(imports),
        *_pagination_section(walks),
        *_concurrency_section(bursts),
        *storm.section(storms),
        "",
        *peers_section(peers),
        *decoding_section(decoding),
        *cli.section(command_line),
        FINDINGS,
    ]
    return "\n".join(lines)


def splice(report: str, section: list[str]) -> str:
    """Return ``report`` with its command-line section replaced by ``section`` (or added).

    The section goes before the findings (or at the end), as a whole run would write it.
    """
    heading = section[0]
    lines = report.split("\n")
    if heading in lines:
        start = lines.index(heading)
        end = next(
            (i for i in range(start + 1, len(lines)) if lines[i].startswith("## ")), len(lines)
        )
        lines[start:end] = section
        return "\n".join(lines)
    findings = next(
        (i for i, line in enumerate(lines) if line.startswith("## What profiling found")),
        len(lines),
    )
    lines[findings:findings] = section
    return "\n".join(lines)


def with_goals(report: str, goals: list[tuple[str, str, bool]]) -> str:
    """Return ``report`` with the rows of these goals in its goal table measured again."""
    lines = report.split("\n")
    for goal, result, ok in goals:
        row = f"| {goal} | {result} | {_met(ok)} |"
        lines = [row if line.startswith(f"| {goal} |") else line for line in lines]
    return "\n".join(lines)


def _by_records(walks: list[Walk]) -> dict[int, tuple[Walk, Walk]]:
    return {r: _pair_of(walks, r) for r in sorted({w.records for w in walks})}


def write_plot(path: Path, pairs: list[Pair], walks: list[Walk]) -> None:
    """Two panels: SDK/raw throughput per scenario, and walk times with and without prefetch."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    loopback = [p for p in pairs if p.unit == "calls/s"]
    fig, (left, right) = plt.subplots(1, 2, figsize=(13, 5.5), width_ratios=[1.6, 1])
    labels = [p.scenario.replace(" (100 items)", "").replace(", dicts", "") for p in loopback]
    ratios = [p.ratio for p in loopback]
    colors = ["tab:green" if r >= 1.0 else "tab:orange" for r in ratios]
    left.barh(range(len(loopback)), ratios, color=colors)
    left.set_yticks(range(len(loopback)), labels, fontsize=7)
    left.invert_yaxis()
    left.axvline(1.0, color="black", linestyle="--", linewidth=1)
    left.set_xlabel("SDK throughput / raw httpx throughput (goal: 0.9)")
    left.set_title("Per-call overhead over loopback")
    records = sorted({w.records for w in walks})
    seq = [_pair_of(walks, r)[0].seconds for r in records]
    pre = [_pair_of(walks, r)[1].seconds for r in records]
    x = range(len(records))
    right.bar([i - 0.2 for i in x], seq, width=0.4, label="sequential")
    right.bar([i + 0.2 for i in x], pre, width=0.4, label=f"prefetch={PREFETCH}")
    right.set_xticks(list(x), [f"{r:,} records" for r in records])
    right.set_yscale("log")
    right.set_ylabel("seconds to walk (log scale)")
    right.set_title("Pagination, 20 ms latency per request")
    right.legend()
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
