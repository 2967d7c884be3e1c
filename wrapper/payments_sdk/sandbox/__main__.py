"""``python -m payments_sdk.sandbox [--host 127.0.0.1] [--port 0]``: serve the sandbox.

Prints the base URL and a secret test key, then serves until interrupted.
"""

from __future__ import annotations

import argparse
import contextlib
import sys

from . import _require_extra


def main(argv: list[str] | None = None) -> int:
    """Parse arguments, print how to connect, and serve."""
    try:
        _require_extra()
    except ModuleNotFoundError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    parser = argparse.ArgumentParser(prog="python -m payments_sdk.sandbox", description=__doc__)
    parser.add_argument("--host", default="127.0.0.1", help="loopback address to bind")
    parser.add_argument("--port", type=int, default=0, help="port (0 picks a free one)")
    args = parser.parse_args(argv)

    import uvicorn

    from ._sandbox import Sandbox, base_url_of, bind

    sandbox = Sandbox()
    sock = bind(args.host, args.port)
    print(f"PAYMENTS_BASE_URL={base_url_of(sock)}")
    print(f"PAYMENTS_API_KEY={sandbox.api_key}")
    print("serving the payments sandbox; press Ctrl+C to stop", flush=True)
    server = uvicorn.Server(uvicorn.Config(sandbox.app, log_level="warning", lifespan="off"))
    with contextlib.suppress(KeyboardInterrupt):
        server.run(sockets=[sock])
    return 0


if __name__ == "__main__":
    sys.exit(main())
