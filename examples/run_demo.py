"""``make demo``: start the sandbox on a free loopback port, run the quickstart, then stop it."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> int:
    """Run the quickstart against a freshly started sandbox; return its exit code."""
    sandbox = subprocess.Popen(
        [sys.executable, "-m", "payments_sdk.sandbox", "--host", "127.0.0.1", "--port", "0"],
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert sandbox.stdout is not None
        env = dict(os.environ)
        deadline = time.monotonic() + 30
        while "PAYMENTS_API_KEY" not in env or env.get("_SANDBOX_READY") != "1":
            line = sandbox.stdout.readline()
            if not line or time.monotonic() > deadline:
                print("the sandbox did not start", file=sys.stderr)
                return 1
            name, _, value = line.strip().partition("=")
            if name in ("PAYMENTS_BASE_URL", "PAYMENTS_API_KEY"):
                env[name] = value
            elif line.startswith("serving"):
                env["_SANDBOX_READY"] = "1"
        print(f"sandbox listening at {env['PAYMENTS_BASE_URL']}\n", flush=True)
        return subprocess.run([sys.executable, str(HERE / "quickstart.py")], env=env).returncode
    finally:
        sandbox.terminate()
        sandbox.wait(timeout=10)


if __name__ == "__main__":
    sys.exit(main())
