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
import socket
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import httpx

from payments_sdk.sandbox import Sandbox

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


async def canned_bodies(sandbox: Sandbox) -> dict[str, bytes]:
    """Ask the sandbox, in process, for GET /v1/balances and a 100-item /v1/payments page."""
    transport = httpx.ASGITransport(app=sandbox.app)
    headers = {"Authorization": f"Bearer {sandbox.api_key}"}
    async with httpx.AsyncClient(transport=transport, base_url="http://sandbox") as http:
        balances = await http.get("/v1/balances", headers=headers)
        page = await http.get("/v1/payments", params={"per_page": PAGE_SIZE}, headers=headers)
    for answer in (balances, page):
        answer.raise_for_status()
    return {"/v1/balances": balances.content, "/v1/payments": page.content}


def loopback_socket() -> socket.socket:
    """Listen on a free loopback port, with TCP_NODELAY (no Nagle delay on split writes)."""
    sock = socket.create_server(("127.0.0.1", 0), backlog=128)
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    return sock


def static_app(sandbox: Sandbox) -> Any:
    """Return a bare ASGI app answering those two GETs, and the peers' GETs, with fixed bodies."""
    bodies = asyncio.run(canned_bodies(sandbox)) | peer_bodies()
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
    sock = loopback_socket()
    host, port = sock.getsockname()[:2]
    print(f"http://{host}:{port}/v1", sandbox.api_key, flush=True)
    # uvicorn closes a connection idle for 5 s by default; on a busy machine a client's pooled
    # connection can sit that long between rounds and meet the close mid-reuse. The benchmark
    # measures clients, not idle timeouts, so keep connections open for the whole run.
    config = uvicorn.Config(
        app, log_level="warning", lifespan="off", access_log=False, timeout_keep_alive=3600
    )
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
