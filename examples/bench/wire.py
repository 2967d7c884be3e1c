"""The wire: the SDK against the fastest raw asyncio clients and openai, on our own payloads.

One static loopback server (a separate process, ``_server.py``) answers ``GET /v1/balances``,
a 100-item ``GET /v1/payments`` and openai's payloads. Every client runs with its defaults:

- **raw aiohttp**: ``aiohttp.ClientSession()``, ``raise_for_status()``, ``await json()``: the
  limit the issue measures the SDK against;
- **raw httpx2** and **raw httpx**: ``AsyncClient()``, ``raise_for_status()``, ``json()``;
- **SDK**: ``AsyncPaymentsClient()``, typed models (its default wire, aiohttp);
- **SDK on httpx**: ``AsyncPaymentsClient(http_client=httpx.AsyncClient())``;
- **openai**: ``AsyncOpenAI()`` on its own payloads (``models.retrieve``, ``files.list``),
  next to raw aiohttp on those same payloads, so that each SDK is judged against the same limit;
- the other candidates for the SDK's default wire: **raw pyreqwest** (Rust, reqwest) and the
  **SDK on httpx-aiohttp** (``http_client=httpx_aiohttp.HttpxAiohttpClient()``).

Issue 47's goal rows (the small call's throughput and client CPU against raw aiohttp) are
judged on :data:`~.pairs.BENCH_ROUNDS` short paired rounds at each concurrency
(``pairs.py``): on a noisy machine, the median of many short pairs moves far less than seven
long rounds do, and the report gives its quartiles.

Rounds interleave every client (medians of :data:`ROUNDS`); each measurement is sized to last
about :data:`TARGET_SECONDS`, after a short batch that is not measured, so that every client
starts it with its connections open: a round is longer than the 4 s the SDK keeps an idle
connection (``KEEPALIVE_EXPIRY``, before the common 5 s server idle timeout; aiohttp keeps one
15 s), and reopening 64 connections each time cost the SDK about a tenth more CPU per call.
Client CPU is ``time.process_time()`` of this process over the run. The SDK is measured back
to back with raw aiohttp and with raw aiohttp on the SDK's timeouts, in the order A B C, then
C B A the next round (so a machine that speeds up or slows down during a round weighs on both
sides alike): its ratios to them are the medians of each round's own ratio, not ratios of
medians taken seconds apart. Then bursts of 1,000 and 10,000 concurrent
``balances.retrieve()`` calls, SDK and raw aiohttp, each on a fresh client. Last, the work of
one small call, counted (``work.py``), which does not move with the machine's noise.
"""

from __future__ import annotations

import asyncio
import contextlib
import statistics
from collections.abc import AsyncIterator, Awaitable, Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import aiohttp
import httpx
import httpx2
import httpx_aiohttp
import openai
from pyreqwest.client import Client as ReqwestClient
from pyreqwest.client import ClientBuilder

from payments_sdk import AsyncPaymentsClient
from payments_sdk._aiohttp_wire import KEEPALIVE_EXPIRY
from payments_sdk._options import DEFAULT_TIMEOUT as TIMEOUT
from payments_sdk._options import MAX_CONNECTIONS

from ._payloads import OPENAI_KEY, OPENAI_MODEL_ID, PAGE_SIZE
from ._server import serving
from .concurrency import _timed
from .pairs import BENCH_ROUNDS, CALLS, Paired
from .pairs import measure as measure_pairs
from .peers import _run
from .work import Work
from .work import run as count_work
from .work import section as work_section

ROUNDS = 7
TARGET_SECONDS = 0.6
BURSTS = (1_000, 10_000)

Call = Callable[[], Awaitable[object]]

# (key, label, concurrency)
ROWS = (
    ("small", "GET /balances, sequential", 1),
    ("small", "GET /balances, 64 concurrent", 64),
    ("page", "100-item page, sequential", 1),
    ("page", "100-item page, 64 concurrent", 64),
)
CLIENTS = (
    "raw aiohttp",
    "raw pyreqwest",
    "raw httpx2",
    "raw httpx",
    "SDK",
    "SDK on httpx-aiohttp",
    "SDK on httpx",
)
OPENAI_CLIENTS = ("raw aiohttp (openai payload)", "openai")
LIKE_FOR_LIKE = "raw aiohttp, the SDK's timeouts"
"""Raw aiohttp with what the SDK's client sets (its read and connect timeouts, its connection
limit, its keep-alive expiry): aiohttp's read timeout reschedules a timer on every read, which
its defaults skip."""


@dataclass
class Cell:
    """Medians for one client on one row."""

    calls_per_s: float
    cpu_us: float


@dataclass
class WireResults:
    """Everything this section measured."""

    cells: dict[tuple[str, str], Cell] = field(default_factory=dict)  # (row label, client)
    paired: dict[tuple[str, str], Cell] = field(default_factory=dict)
    """(row label, the other client): the SDK's throughput and CPU over its, per round, median."""
    pairs: list[Paired] = field(default_factory=list)
    """The small call in many short paired rounds (``pairs.py``), at 1 and at 64 concurrent."""
    bursts: list[tuple[str, int, float, dict[str, int]]] = field(default_factory=list)
    work: Work = field(default_factory=Work)
    """The work of one small call, counted (``work.py``)."""
    openai_version: str = openai.__version__
    measured: str = ""
    """When the run started (UTC): ``--only wire --write`` rewrites this section alone."""


def _aiohttp_calls(session: aiohttp.ClientSession, small: str, page: str, params: Any) -> Any:
    async def get_small() -> object:
        async with session.get(small) as response:
            response.raise_for_status()
            return await response.json()

    async def get_page() -> object:
        async with session.get(page, params=params) as response:
            response.raise_for_status()
            return await response.json()

    return get_small, get_page


def _reqwest_calls(client: ReqwestClient, small: str, page: str) -> Any:
    async def get_small() -> object:
        response = await client.get(small).build().send()
        response.error_for_status()
        return await response.json()

    async def get_page() -> object:
        response = await client.get(page).build().send()
        response.error_for_status()
        return await response.json()

    return get_small, get_page


def _httpx_calls(client: Any, small: str, page: str, params: Any) -> Any:
    async def get_small() -> object:
        response = await client.get(small)
        response.raise_for_status()
        return response.json()

    async def get_page() -> object:
        response = await client.get(page, params=params)
        response.raise_for_status()
        return response.json()

    return get_small, get_page


@contextlib.asynccontextmanager
async def _clients(base_url: str, key: str) -> AsyncIterator[dict[str, tuple[Call, Call]]]:
    auth = {"Authorization": f"Bearer {key}"}
    small, page, params = f"{base_url}/balances", f"{base_url}/payments", {"per_page": PAGE_SIZE}
    o_small, o_page = f"{base_url}/models/{OPENAI_MODEL_ID}", f"{base_url}/files"
    o_params = {"limit": PAGE_SIZE}
    async with contextlib.AsyncExitStack() as stack:
        session = await stack.enter_async_context(aiohttp.ClientSession(headers=auth))
        like_sdk = await stack.enter_async_context(
            aiohttp.ClientSession(
                headers=auth,
                connector=aiohttp.TCPConnector(
                    limit=MAX_CONNECTIONS, keepalive_timeout=KEEPALIVE_EXPIRY
                ),
                timeout=aiohttp.ClientTimeout(
                    total=None, sock_connect=TIMEOUT.connect, sock_read=TIMEOUT.read
                ),
            )
        )
        o_session = await stack.enter_async_context(
            aiohttp.ClientSession(headers={"Authorization": f"Bearer {OPENAI_KEY}"})
        )
        raw2 = await stack.enter_async_context(httpx2.AsyncClient(headers=auth))
        raw = await stack.enter_async_context(httpx.AsyncClient(headers=auth))
        sdk = await stack.enter_async_context(AsyncPaymentsClient(api_key=key, base_url=base_url))
        pool = await stack.enter_async_context(httpx.AsyncClient())
        sdk_httpx = await stack.enter_async_context(
            AsyncPaymentsClient(api_key=key, base_url=base_url, http_client=pool)
        )
        bridge = await stack.enter_async_context(httpx_aiohttp.HttpxAiohttpClient())
        sdk_bridge = await stack.enter_async_context(
            AsyncPaymentsClient(api_key=key, base_url=base_url, http_client=bridge)
        )
        reqwest = await stack.enter_async_context(ClientBuilder().default_headers(auth).build())
        ai = await stack.enter_async_context(
            openai.AsyncOpenAI(base_url=base_url, api_key=OPENAI_KEY)
        )

        def typed(client: AsyncPaymentsClient) -> tuple[Call, Call]:
            async def get_small() -> object:
                return await client.balances.retrieve()

            async def get_page() -> object:
                return await client.payments.list(per_page=PAGE_SIZE)

            return get_small, get_page

        async def ai_small() -> object:
            return await ai.models.retrieve(OPENAI_MODEL_ID)

        async def ai_page() -> object:
            return await ai.files.list(limit=PAGE_SIZE)

        yield {
            "raw aiohttp": _aiohttp_calls(session, small, page, params),
            LIKE_FOR_LIKE: _aiohttp_calls(like_sdk, small, page, params),
            "raw pyreqwest": _reqwest_calls(reqwest, small, f"{page}?per_page={PAGE_SIZE}"),
            "raw httpx2": _httpx_calls(raw2, small, page, params),
            "raw httpx": _httpx_calls(raw, small, page, params),
            "SDK": typed(sdk),
            "SDK on httpx-aiohttp": typed(sdk_bridge),
            "SDK on httpx": typed(sdk_httpx),
            "raw aiohttp (openai payload)": _aiohttp_calls(o_session, o_small, o_page, o_params),
            "openai": (ai_small, ai_page),
        }


async def _measure(results: WireResults) -> None:
    samples: dict[tuple[str, str], list[tuple[float, float]]] = {}
    sizes: dict[tuple[str, str], int] = {}
    with serving("static") as (base_url, key):
        async with _clients(base_url, key) as clients:
            for label_key, label, concurrency in ROWS:
                for name in (*CLIENTS, *OPENAI_CLIENTS, LIKE_FOR_LIKE):
                    call = clients[name][0 if label_key == "small" else 1]
                    await _run(call, concurrency * 4, concurrency)  # warm up
                    rate, _ = await _run(call, concurrency * 4, concurrency)
                    sizes[(label, name)] = max(concurrency, int(rate * TARGET_SECONDS))
            for turn in range(ROUNDS):
                trio = (LIKE_FOR_LIKE, "SDK", "raw aiohttp")  # back to back, A B C / C B A
                order = (*(trio if turn % 2 else trio[::-1]), *_others())
                for label_key, label, concurrency in ROWS:
                    for name in order:
                        call = clients[name][0 if label_key == "small" else 1]
                        await _run(call, concurrency * 2, concurrency)  # its connections open
                        got = await _run(call, sizes[(label, name)], concurrency)
                        samples.setdefault((label, name), []).append(got)
        results.pairs = await measure_pairs(base_url, key, BENCH_ROUNDS)
    for where, runs in samples.items():
        results.cells[where] = Cell(
            statistics.median(r[0] for r in runs), statistics.median(r[1] for r in runs)
        )
    for _, label, _ in ROWS:
        sdk = samples[(label, "SDK")]
        for other in ("raw aiohttp", LIKE_FOR_LIKE):
            theirs = samples[(label, other)]
            results.paired[(label, other)] = Cell(
                statistics.median(s[0] / t[0] for s, t in zip(sdk, theirs, strict=True)),
                statistics.median(s[1] / t[1] for s, t in zip(sdk, theirs, strict=True)),
            )


def _others() -> tuple[str, ...]:
    """Every client but the three measured back to back."""
    trio = {LIKE_FOR_LIKE, "SDK", "raw aiohttp"}
    return tuple(n for n in (*CLIENTS, *OPENAI_CLIENTS) if n not in trio)


async def _burst(base_url: str, key: str, calls: int, who: str) -> tuple[float, dict[str, int]]:
    if who == "SDK":
        async with AsyncPaymentsClient(api_key=key, base_url=base_url) as sdk:
            await sdk.balances.retrieve()  # one-time set-up out of the burst
            return await _timed([sdk.balances.retrieve() for _ in range(calls)])
    async with aiohttp.ClientSession(headers={"Authorization": f"Bearer {key}"}) as session:
        small, _ = _aiohttp_calls(session, f"{base_url}/balances", "", None)
        await small()
        return await _timed([small() for _ in range(calls)])


def run() -> WireResults:
    """Measure every row, then the bursts."""
    results = WireResults(measured=datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC"))
    asyncio.run(_measure(results))
    with serving("static") as (base_url, key):
        for calls in BURSTS:
            for who in ("SDK", "raw aiohttp"):
                seconds, failures = asyncio.run(_burst(base_url, key, calls, who))
                results.bursts.append((who, calls, seconds, failures))
    results.work = count_work()
    return results


def section(results: WireResults) -> list[str]:
    """Render the report section: the table, the client CPU, the bursts, the work counted."""
    cells = results.cells
    lines = [
        "## The wire: against raw aiohttp, httpx2, httpx and openai",
        "",
        "Calls per second against one static loopback server (`make bench`, `bench/wire.py`),",
        "each client with its defaults; in brackets, throughput relative to raw aiohttp",
        "(`aiohttp.ClientSession()`, `raise_for_status()`, `json()`) on the same payload.",
        f"openai {results.openai_version} is measured on its own payloads against raw aiohttp",
        f"on those. Measured {results.measured}.",
        "",
        "| row | " + " | ".join(CLIENTS) + " | openai |",
        "|---|" + "---|" * (len(CLIENTS) + 1),
    ]
    for _, label, _ in ROWS:
        limit = cells[(label, "raw aiohttp")].calls_per_s
        row = [
            f"{cells[(label, n)].calls_per_s:,.0f} ({cells[(label, n)].calls_per_s / limit:.2f}x)"
            for n in CLIENTS
        ]
        ai_limit = cells[(label, "raw aiohttp (openai payload)")].calls_per_s
        ai = cells[(label, "openai")].calls_per_s
        row.append(f"{ai:,.0f} ({ai / ai_limit:.2f}x)")
        lines.append(f"| {label} | " + " | ".join(row) + " |")
    lines += ["", "Client CPU per call (µs, this process only, medians), and raw aiohttp with the"]
    most = MAX_CONNECTIONS
    lines += [f"SDK's timeouts and limit (`sock_read`, `sock_connect`, {most} connections, idle"]
    lines += [f"connections closed after {KEEPALIVE_EXPIRY:g} s). The ratios are the medians of"]
    lines += ["each round's own ratio, the SDK measured back to back with each"]
    lines += [f"({ROUNDS} rounds, in the order A B C, then C B A). Each measurement starts with"]
    lines += ["its client's connections open (a short batch before it is not measured):", ""]
    lines += [
        "| row | raw aiohttp | SDK | SDK / raw aiohttp | raw aiohttp, the SDK's timeouts "
        "| SDK / it, throughput | SDK / it, CPU |",
        "|---|---|---|---|---|---|---|",
    ]
    paired = results.paired
    for _, label, _ in ROWS:
        raw, sdk = cells[(label, "raw aiohttp")].cpu_us, cells[(label, "SDK")].cpu_us
        vs_raw, vs_like = paired[(label, "raw aiohttp")], paired[(label, LIKE_FOR_LIKE)]
        lines.append(
            f"| {label} | {raw:,.0f} | {sdk:,.0f} | {vs_raw.cpu_us:.2f}x "
            f"| {cells[(label, LIKE_FOR_LIKE)].cpu_us:,.0f} "
            f"| {vs_like.calls_per_s:.2f}x | {vs_like.cpu_us:.2f}x |"
        )
    lines += ["", f"The small call in {BENCH_ROUNDS} short paired rounds of {CALLS} calls at each"]
    lines += ["concurrency (`bench/pairs.py`, in the order A B, then B A): the median of each"]
    lines += ["round's own ratio of the SDK to raw aiohttp, and its quartiles. Issue 47's goal"]
    lines += ["rows are judged on these: many short pairs move far less with a noisy machine than"]
    lines += [f"the {ROUNDS} long rounds above.", ""]
    lines += ["| `GET /balances` | throughput | quartiles | client CPU | quartiles |"]
    lines += ["|---|---|---|---|---|"]
    for pair in results.pairs:
        t, c = pair.throughput, pair.cpu
        lines.append(
            f"| {_at(pair.concurrency)} | {t.median:.3f}x | {t.low:.2f} to {t.high:.2f} "
            f"| {c.median:.3f}x | {c.low:.2f} to {c.high:.2f} |"
        )
    lines += ["", "Bursts of concurrent `balances.retrieve()` on a fresh client:", ""]
    lines += ["| client | calls | seconds | failures |", "|---|---|---|---|"]
    for who, calls, seconds, failures in results.bursts:
        failed = ", ".join(f"{k}: {v}" for k, v in failures.items()) or "0"
        lines.append(f"| {who} | {calls:,} | {seconds:.2f} | {failed} |")
    return [*lines, "", *work_section(results.work)]


def _at(concurrency: int) -> str:
    return "sequential" if concurrency == 1 else f"{concurrency} concurrent"


def goals(results: WireResults) -> list[tuple[str, str, bool]]:
    """(goal, result, met) for issue 17's goal rows."""
    cells = results.cells
    out = []
    paired = results.paired  # the SDK against raw aiohttp measured back to back, per round
    worst = min((paired[(label, "raw aiohttp")].calls_per_s, label) for _, label, _ in ROWS)
    out.append(
        (
            "SDK >= 0.8x raw aiohttp, each of the four rows",
            f"worst {worst[0]:.2f}x ({worst[1]})",
            worst[0] >= 0.8,
        )
    )
    behind = [
        label
        for _, label, _ in ROWS
        if cells[(label, "SDK")].calls_per_s / cells[(label, "raw aiohttp")].calls_per_s
        <= cells[(label, "openai")].calls_per_s
        / cells[(label, "raw aiohttp (openai payload)")].calls_per_s
    ]
    out.append(
        (
            "SDK ahead of openai on every row",
            "behind on: " + ", ".join(behind) if behind else "ahead on all four",
            not behind,
        )
    )
    cpu = max(paired[(label, "raw aiohttp")].cpu_us for _, label, c in ROWS if c == 64)
    out.append(
        ("client CPU at 64 concurrent <= 1.5x raw aiohttp", f"at most {cpu:.2f}x", cpu <= 1.5)
    )
    rounds = f"medians of {BENCH_ROUNDS} paired rounds each"
    pace = ", ".join(f"{_at(p.concurrency)} {p.throughput.median:.2f}x" for p in results.pairs)
    out.append(
        (
            "small call >= 0.95x raw aiohttp, sequential and 64 concurrent (issue 47)",
            f"{pace} ({rounds})",
            min(p.throughput.median for p in results.pairs) >= 0.95,
        )
    )
    spent = ", ".join(f"{_at(p.concurrency)} {p.cpu.median:.2f}x" for p in results.pairs)
    out.append(
        (
            "client CPU per small call <= 1.1x raw aiohttp (issue 47)",
            f"{spent} ({rounds})",
            max(p.cpu.median for p in results.pairs) <= 1.1,
        )
    )
    for who, calls, seconds, failures in results.bursts:
        if who != "SDK":
            continue
        failed = sum(failures.values())
        if calls == 1_000:
            out.append(
                (
                    "1,000 concurrent calls <= 1 s, 0 failures",
                    f"{seconds:.2f} s, {failed} failures",
                    seconds <= 1 and not failed,
                )
            )
        else:
            out.append(
                (
                    f"{calls:,} concurrent calls, 0 failures",
                    f"{seconds:.2f} s, {failed} failures",
                    not failed,
                )
            )
    return out
