"""``make demo``: start the sandbox on a free loopback port, run the quickstart, then stop it."""

from __future__ import annotations

import os
import shlex
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
        # Standard output carries only `export NAME='value'` lines, printed once the sandbox
        # accepts connections; the banner goes to standard error.
        found: dict[str, str] = {}
        deadline = time.monotonic() + 30
        while len(found) < 2:
            line = sandbox.stdout.readline()
            if not line or time.monotonic() > deadline:
                print("the sandbox did not start", file=sys.stderr)
                return 1
            words = shlex.split(line)
            if len(words) == 2 and words[0] == "export":
                name, _, value = words[1].partition("=")
                found[name] = value
        env = {**os.environ, **found}
        print(f"sandbox listening at {env['PAYMENTS_BASE_URL']}\n", flush=True)
        return subprocess.run([sys.executable, str(HERE / "quickstart.py")], env=env).returncode
    finally:
        sandbox.terminate()
        sandbox.wait(timeout=10)


if __name__ == "__main__":
    sys.exit(main())
