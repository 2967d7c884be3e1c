"""A loopback server for the benchmarks, run as its own process so it never shares our GIL.

``python -m bench._server sandbox --seed-payments N --latency-ms L`` serves the sandbox;
``static`` serves fixed bodies (the sandbox's own answers, rendered once, and the peer SDKs'
payloads from ``_payloads``) from a bare ASGI app, so that almost all the time measured is the
client's. Prints the base URL and a key, then serves.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

from payments_sdk.sandbox import Sandbox
from payments_sdk.sandbox._sandbox import base_url_of, bind
from payments_sdk.sandbox._store import paginate, render

from ._payloads import peer_bodies

PAGE_SIZE = 100


class Latency:
    """ASGI middleware that holds every request for a while, standing in for a network."""

    def __init__(self, app: Any, seconds: float) -> None:
        self.app, self.seconds = app, seconds

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        """Wait, then pass the request on."""
        if scope["type"] == "http":
            await asyncio.sleep(self.seconds)
        await self.app(scope, receive, send)


def canned_bodies(sandbox: Sandbox) -> dict[str, bytes]:
    """Render the sandbox's answers to GET /v1/balances and a 100-item /v1/payments page."""
    store = sandbox.store
    balances = {"data": [{"currency": c, "amount": a} for c, a in sorted(store.balances.items())]}
    page = paginate(list(store.payments.values()), {"per_page": PAGE_SIZE})
    return {
        "/v1/balances": json.dumps(balances).encode(),
        "/v1/payments": json.dumps(render(page)).encode(),
    }


def static_app(sandbox: Sandbox) -> Any:
    """Return a bare ASGI app answering those two GETs, and the peers' GETs, with fixed bodies."""
    bodies = canned_bodies(sandbox) | peer_bodies()
    headers = [(b"content-type", b"application/json")]

    async def app(scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] != "http":
            return
        body = bodies.get(scope["path"])
        status = 200 if body is not None else 404
        body = body if body is not None else b'{"error":"not_found","message":"no such path"}'
        length = [(b"content-length", str(len(body)).encode())]
        await send({"type": "http.response.start", "status": status, "headers": headers + length})
        await send({"type": "http.response.body", "body": body})

    return app


def main() -> None:
    """Parse arguments, print how to connect, serve until killed."""
    import uvicorn

    parser = argparse.ArgumentParser()
    parser.add_argument("mode", choices=["sandbox", "static"])
    parser.add_argument("--seed-payments", type=int, default=PAGE_SIZE)
    parser.add_argument("--latency-ms", type=float, default=0.0)
    args = parser.parse_args()
    sandbox = Sandbox(seed_payments=args.seed_payments)
    app = sandbox.app if args.mode == "sandbox" else static_app(sandbox)
    if args.latency_ms:
        app = Latency(app, args.latency_ms / 1000)
    sock = bind("127.0.0.1", 0)
    print(base_url_of(sock), sandbox.api_key, flush=True)
    config = uvicorn.Config(app, log_level="warning", lifespan="off", access_log=False)
    uvicorn.Server(config).run(sockets=[sock])


@contextlib.contextmanager
def serving(
    mode: str, *, seed_payments: int = PAGE_SIZE, latency_ms: float = 0.0
) -> Iterator[tuple[str, str]]:
    """Run the server in a child process; yield ``(base_url, api_key)``; stop it."""
    command = [sys.executable, "-m", "bench._server", mode]
    command += ["--seed-payments", str(seed_payments), "--latency-ms", str(latency_ms)]
    child = subprocess.Popen(command, stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout is not None
        line = child.stdout.readline().split()
        if len(line) != 2:
            raise RuntimeError(f"the {mode} server did not start")
        yield line[0], line[1]
    finally:
        child.terminate()
        child.wait(timeout=30)


if __name__ == "__main__":
    main()
