"""Peers: payments-sdk, openai-python and stripe-python, each against raw httpx on its own payload.

One static loopback server (a separate process) serves every SDK's payload: ours
``GET /v1/balances`` and a 100-item ``GET /v1/payments``; OpenAI's ``GET /v1/models/{id}`` and
a 100-item ``GET /v1/files``; Stripe's ``GET /v1/balance`` and a 100-item ``GET /v1/charges``
(``_payloads``). For each SDK, raw ``httpx.AsyncClient`` (request, ``raise_for_status()``,
``json()``) fetches the same bytes with the connection limits of that SDK's own pool. Every SDK
runs with its default settings.

Rounds interleave the SDKs and, within each, raw httpx and the SDK; medians of 5. CPU per call
is ``time.process_time()`` in this (the client's) process over the sequential loopback calls,
so the server's CPU is not in it. Then a burst of 1,000 small-object calls per SDK, each against
a static server of its own with 20 ms of latency per request, and import time of each client
class.

openai and stripe come with the ``bench`` extra only: nothing but this module imports them.
"""

from __future__ import annotations

import asyncio
import contextlib
import importlib
import statistics
import time
from collections.abc import AsyncIterator
from dataclasses import dataclass, field
from importlib.metadata import version
from types import ModuleType
from typing import Any

import httpx
import openai
import stripe

from payments_sdk import AsyncPaymentsClient

from ._payloads import OPENAI_KEY, OPENAI_MODEL_ID, PAGE_SIZE, STRIPE_KEY
from ._server import serving
from .concurrency import CALLS, Burst, _timed
from .concurrency import RAW_HTTPX_LIMITS as LIMITS
from .imports import RUNS, _once
from .overhead import ROUNDS, Call, Pair

SDKS = ("payments-sdk", "openai", "stripe")
BURST_LATENCY_MS = 20.0

# Each measurement makes as many calls as fit in about a second (at least one per worker), up to
# the count given here: stripe spends over 100 ms of CPU on a page of 100 charges.
TARGET_SECONDS = 1.0
# (key, label, most calls per measurement, concurrency)
SCENARIOS = (
    ("small", "small object, sequential", 640, 1),
    ("list", "100-item list, sequential", 192, 1),
    ("list", "100-item list, 64 concurrent", 192, 64),
)

IMPORT_FLOOR = "import httpx"
IMPORTS = {
    "payments-sdk": "from payments_sdk import AsyncPaymentsClient",
    "openai": "from openai import AsyncOpenAI",
    "stripe": "from stripe import StripeClient",
}


@dataclass(frozen=True)
class Raw:
    """Raw httpx fetching one SDK's two payloads: request, ``raise_for_status()``, ``json()``."""

    client: httpx.AsyncClient
    small_url: str
    list_url: str
    list_params: dict[str, int]

    async def get(self, url: str, params: dict[str, int] | None = None) -> httpx.Response:
        """Send one GET; raise on an error status."""
        response = await self.client.get(url, params=params)
        response.raise_for_status()
        return response

    async def small(self) -> object:
        """Fetch and parse the small object."""
        return (await self.get(self.small_url)).json()

    async def page(self) -> object:
        """Fetch and parse the 100-item list."""
        return (await self.get(self.list_url, self.list_params)).json()


@dataclass(frozen=True)
class Calls:
    """One SDK's two calls, and raw httpx fetching the same two payloads."""

    sdk_small: Call
    sdk_list: Call
    raw: Raw
    transport_list: Call | None = None  # raw, through the SDK's HTTP library if not httpx
    transport: ModuleType | None = None  # that library


@dataclass
class Peer:
    """Everything measured for one SDK."""

    name: str
    version: str
    small_bytes: int = 0
    list_bytes: int = 0
    throughput: list[Pair] = field(default_factory=list)
    cpu: dict[str, Pair] = field(default_factory=dict)
    transport: Pair | None = None  # raw through the SDK's HTTP library, if not httpx
    transport_name: str = "httpx"
    import_ms: float = 0.0
    burst: Burst | None = None

    @property
    def cpu_per_item(self) -> float:
        """CPU µs the SDK adds per list item over raw httpx: (SDK list - raw list) / 100."""
        pair = self.cpu["list"]
        return (pair.sdk - pair.raw) / PAGE_SIZE


def _openai_transport() -> ModuleType | None:
    """Return the HTTP library openai sends through when it is not httpx (openai 3: httpx2)."""
    name = type(openai.DEFAULT_CONNECTION_LIMITS).__module__.partition(".")[0]
    return None if name == "httpx" else importlib.import_module(name)


def _raw_limits(limits: Any) -> httpx.Limits:
    """Return openai's pool limits (possibly httpx2's ``Limits``) as ``httpx.Limits``."""
    return httpx.Limits(
        max_connections=limits.max_connections,
        max_keepalive_connections=limits.max_keepalive_connections,
        keepalive_expiry=limits.keepalive_expiry,
    )


@contextlib.asynccontextmanager
async def _ours(base_url: str, key: str) -> AsyncIterator[Calls]:
    async with (
        httpx.AsyncClient(headers={"Authorization": f"Bearer {key}"}, limits=LIMITS) as raw,
        AsyncPaymentsClient(api_key=key, base_url=base_url) as sdk,
    ):

        async def sdk_small() -> object:
            return await sdk.balances.retrieve()

        async def sdk_list() -> object:
            return await sdk.payments.list(per_page=PAGE_SIZE)

        params = {"per_page": PAGE_SIZE}
        yield Calls(
            sdk_small, sdk_list, Raw(raw, f"{base_url}/balances", f"{base_url}/payments", params)
        )


@contextlib.asynccontextmanager
async def _openai(base_url: str) -> AsyncIterator[Calls]:
    headers = {"Authorization": f"Bearer {OPENAI_KEY}"}
    limits = openai.DEFAULT_CONNECTION_LIMITS
    small_url, list_url = f"{base_url}/models/{OPENAI_MODEL_ID}", f"{base_url}/files"
    params = {"limit": PAGE_SIZE}
    async with contextlib.AsyncExitStack() as stack:
        raw = await stack.enter_async_context(
            httpx.AsyncClient(headers=headers, limits=_raw_limits(limits))
        )
        sdk = await stack.enter_async_context(
            openai.AsyncOpenAI(base_url=base_url, api_key=OPENAI_KEY)
        )

        async def sdk_small() -> object:
            return await sdk.models.retrieve(OPENAI_MODEL_ID)

        async def sdk_list() -> object:
            return await sdk.files.list(limit=PAGE_SIZE)

        transport = _openai_transport()
        transport_list: Call | None = None
        if transport is not None:  # raw, the same way, through openai's own HTTP library
            own = transport.AsyncClient(headers=headers, limits=limits)
            own = await stack.enter_async_context(own)
            transport_list = Raw(own, small_url, list_url, params).page
        raw_calls = Raw(raw, small_url, list_url, params)
        yield Calls(sdk_small, sdk_list, raw_calls, transport_list, transport)


@contextlib.asynccontextmanager
async def _stripe(base_url: str) -> AsyncIterator[Calls]:
    root = base_url.removesuffix("/v1")  # Stripe's paths carry /v1 themselves
    # stripe's HTTPXClient builds a plain httpx.AsyncClient(), so httpx's default limits.
    # Typed Any: its close_async() is unannotated, which mypy --strict will not call.
    http: Any = stripe.HTTPXClient()
    sdk = stripe.StripeClient(api_key=STRIPE_KEY, base_addresses={"api": root}, http_client=http)
    try:
        async with httpx.AsyncClient(headers={"Authorization": f"Bearer {STRIPE_KEY}"}) as raw:

            async def sdk_small() -> object:
                return await sdk.v1.balance.retrieve_async()

            async def sdk_list() -> object:
                return await sdk.v1.charges.list_async(params={"limit": PAGE_SIZE})

            params = {"limit": PAGE_SIZE}
            raw_calls = Raw(raw, f"{root}/v1/balance", f"{root}/v1/charges", params)
            yield Calls(sdk_small, sdk_list, raw_calls)
    finally:
        await http.close_async()


def _clients(name: str, base_url: str, key: str) -> contextlib.AbstractAsyncContextManager[Calls]:
    if name == "openai":
        return _openai(base_url)
    if name == "stripe":
        return _stripe(base_url)
    return _ours(base_url, key)


async def _run(call: Call, total: int, concurrency: int) -> tuple[float, float]:
    """Return calls per second and client CPU µs per call for ``total`` calls."""
    per_worker = total // concurrency

    async def worker() -> None:
        for _ in range(per_worker):
            await call()

    wall, cpu = time.perf_counter(), time.process_time()
    await asyncio.gather(*(worker() for _ in range(concurrency)))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    calls = per_worker * concurrency
    return calls / wall, cpu / calls * 1e6


async def _payload_sizes(raw: Raw) -> tuple[int, int]:
    small = await raw.get(raw.small_url)
    page = await raw.get(raw.list_url, raw.list_params)
    if len(page.json()["data"]) != PAGE_SIZE:
        raise RuntimeError(f"{raw.list_url} did not answer {PAGE_SIZE} items")
    return len(small.content), len(page.content)


# Keyed by (SDK, scenario index, client): the calls each round makes, and what each round got
# (calls/s, client CPU µs/call).
Sizes = dict[tuple[str, int, str], int]
Samples = dict[tuple[str, int, str], list[tuple[float, float]]]


def _plan(calls: Calls) -> list[tuple[int, str, Call]]:
    """Each (scenario index, client, call) of one SDK, in the order a round runs them."""
    plan: list[tuple[int, str, Call]] = []
    for i, (what, _, _, concurrency) in enumerate(SCENARIOS):
        small = what == "small"
        plan.append((i, "raw", calls.raw.small if small else calls.raw.page))
        plan.append((i, "sdk", calls.sdk_small if small else calls.sdk_list))
        if calls.transport_list is not None and not small and concurrency == 1:
            plan.append((i, "transport", calls.transport_list))
    return plan


async def _sizes(calls: dict[str, Calls]) -> Sizes:
    """Warm every client up, and size each measurement to last about ``TARGET_SECONDS``."""
    sizes: Sizes = {}
    for name, c in calls.items():
        for i, who, call in _plan(c):
            _, _, cap, concurrency = SCENARIOS[i]
            await call()  # one-time set-up out of the timing
            rate, _ = await _run(call, max(8, concurrency), concurrency)
            n = round(rate * TARGET_SECONDS / concurrency) * concurrency
            sizes[(name, i, who)] = min(cap, max(concurrency, n))
    return sizes


async def _round(calls: dict[str, Calls], sizes: Sizes, samples: Samples) -> None:
    """One round over every SDK and client."""
    for name, c in calls.items():
        for i, who, call in _plan(c):
            key = (name, i, who)
            samples.setdefault(key, []).append(await _run(call, sizes[key], SCENARIOS[i][3]))


async def _loopback(peers: dict[str, Peer]) -> None:
    """Throughput and CPU of every SDK and its raw httpx, rounds interleaved across all."""
    samples: Samples = {}
    with serving("static") as (base_url, key):
        async with contextlib.AsyncExitStack() as stack:
            calls = {n: await stack.enter_async_context(_clients(n, base_url, key)) for n in SDKS}
            for name, c in calls.items():
                peers[name].small_bytes, peers[name].list_bytes = await _payload_sizes(c.raw)
                if c.transport is not None:
                    peers[name].transport_name = c.transport.__name__
            sizes = await _sizes(calls)
            for _ in range(ROUNDS):
                await _round(calls, sizes, samples)

    def median(name: str, i: int, who: str, cpu: bool) -> float:
        return statistics.median(s[1] if cpu else s[0] for s in samples[(name, i, who)])

    for name, peer in peers.items():
        for i, (what, label, _, concurrency) in enumerate(SCENARIOS):
            raw, sdk = median(name, i, "raw", False), median(name, i, "sdk", False)
            peer.throughput.append(Pair(label, raw, sdk, "calls/s"))
            if concurrency == 1:
                cpu = (median(name, i, "raw", True), median(name, i, "sdk", True))
                peer.cpu[what] = Pair(label, *cpu, "CPU µs/call")
                if (name, i, "transport") in samples:
                    transport = median(name, i, "transport", False)
                    peer.transport = Pair(label, raw, transport, "calls/s")


async def _burst(name: str, base_url: str, key: str) -> Burst:
    async with _clients(name, base_url, key) as c:
        await c.sdk_small()  # one-time set-up (headers, user agent) out of the burst
        seconds, failures = await _timed([c.sdk_small() for _ in range(CALLS)])
    return Burst(name, BURST_LATENCY_MS, CALLS, seconds, failures)


def _bursts(peers: dict[str, Peer]) -> None:
    """1,000 gathered small-object calls per SDK with its default settings, each on a new server."""
    for name, peer in peers.items():
        with serving("static", latency_ms=BURST_LATENCY_MS) as (base_url, key):
            peer.burst = asyncio.run(_burst(name, base_url, key))


def _imports(peers: dict[str, Peer]) -> None:
    """Best of 15 fresh interpreters per statement, interleaved; minus ``import httpx``."""
    statements = {IMPORT_FLOOR: IMPORT_FLOOR, **IMPORTS}
    best = dict.fromkeys(statements, float("inf"))
    for _ in range(RUNS):
        for label, statement in statements.items():
            best[label] = min(best[label], _once(statement) * 1000)
    for name, peer in peers.items():
        peer.import_ms = best[name] - best[IMPORT_FLOOR]


def run() -> list[Peer]:
    """Measure every SDK; return one ``Peer`` each, in ``SDKS`` order."""
    peers = {name: Peer(name, version(name)) for name in SDKS}
    asyncio.run(_loopback(peers))
    _bursts(peers)
    _imports(peers)
    return list(peers.values())
