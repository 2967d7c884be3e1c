"""``make demo``: start the sandbox on a free loopback port, run the quickstart, export, stop it.

The export is the command line's: every payment to CSV with ``payments payments list --all``.
"""

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
        code = subprocess.run([sys.executable, str(HERE / "quickstart.py")], env=env).returncode
        return code or export(env)
    finally:
        sandbox.terminate()
        sandbox.wait(timeout=10)


EXPORT = [
    "payments", "list", "--all", "--format", "csv",
    "--columns", "id,status,amount,currency,fx_fee.amount,created_at",
]  # fmt: skip


def export(env: dict[str, str]) -> int:
    """Export every payment to CSV with the command line; show its first lines and its count."""
    print(f"\n$ payments {' '.join(EXPORT)} > payments.csv", flush=True)
    done = subprocess.run(
        [sys.executable, "-m", "payments_sdk.cli", *EXPORT],
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode != 0:
        print(done.stderr, file=sys.stderr, end="")
        return done.returncode
    lines = done.stdout.splitlines()
    print("\n".join(lines[:6]))
    print(f"... {len(lines) - 1} payments exported, amounts with their currency's decimals")
    return 0


if __name__ == "__main__":
    sys.exit(main())
