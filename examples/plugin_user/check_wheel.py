"""``make check-wheel``: what a new user does with the built wheel, in a clean environment.

Run by the Python of a fresh virtual environment that has only the wheel with its ``sandbox``
extra, pytest, pytest-asyncio and mypy installed (the Makefile makes it). In an empty directory
outside the repository (so that no configuration of ours applies), it checks that:

1. ``payments-sandbox --seed 1 --env-file ...`` serves; the file appears, a POSIX shell sources
   it, and its key authenticates a request; a second run prints the same key;
2. ``pytest`` passes on a user's test file (``test_billing.py``) that uses the plugin's fixtures
   and fault injection, with no conftest and no configuration;
3. ``mypy --strict`` passes on that file.

Exits 0 when all pass; otherwise prints what failed and exits 1.
"""

from __future__ import annotations

import shutil
import signal
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

HERE = Path(__file__).resolve().parent
BIN = Path(sys.executable).parent
USER_FILE = HERE / "test_billing.py"


def _fail(message: str) -> None:
    print(f"check-wheel: FAILED: {message}", file=sys.stderr)
    sys.exit(1)


def _serve_once(workdir: Path) -> str:
    """Run payments-sandbox in the background as CI would; return the key it printed."""
    env_file = workdir / "sandbox.env"
    process = subprocess.Popen(
        [str(BIN / "payments-sandbox"), "--seed", "1", "--port", "0", "--env-file", str(env_file)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        deadline = time.monotonic() + 60
        while not env_file.exists():  # the file appears, complete, once the server listens
            if process.poll() is not None or time.monotonic() > deadline:
                _fail("payments-sandbox did not write its env file")
            time.sleep(0.05)
        source = '. "$1" && printf "%s\\n%s\\n" "$PAYMENTS_BASE_URL" "$PAYMENTS_API_KEY"'
        shell = subprocess.run(
            ["sh", "-c", source, "sh", str(env_file)],
            capture_output=True,
            text=True,
            timeout=30,
        )
        base_url, key = shell.stdout.split()
        if not base_url.startswith("http://127.0.0.1:"):
            _fail(f"unexpected base URL {base_url}")
        request = urllib.request.Request(
            f"{base_url}/balances", headers={"Authorization": f"Bearer {key}"}
        )
        with urllib.request.urlopen(request, timeout=30) as response:  # 127.0.0.1 only
            if response.status != 200:
                _fail(f"GET /balances answered {response.status}")
    finally:
        process.send_signal(signal.SIGTERM)
        _, stderr = process.communicate(timeout=30)
    if process.returncode != 0 or env_file.exists():
        _fail(f"payments-sandbox did not stop cleanly:\n{stderr}")
    return key


def main() -> int:
    """Run the three checks in a fresh directory outside the repository."""
    with tempfile.TemporaryDirectory(prefix="payments-check-wheel-") as name:
        workdir = Path(name)
        first, second = _serve_once(workdir), _serve_once(workdir)
        if first != second:
            _fail("--seed 1 printed two different keys")
        print("check-wheel: payments-sandbox --seed 1 serves, with the same key on every run")

        shutil.copy(USER_FILE, workdir / USER_FILE.name)
        if any(workdir.glob("conftest.py")) or any(workdir.glob("*.ini")):
            _fail("the user's directory must hold no conftest or configuration")
        for what, command in [
            ("pytest", [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"]),
            ("mypy --strict", [sys.executable, "-m", "mypy", "--strict", USER_FILE.name]),
        ]:
            out = subprocess.run(command, cwd=workdir, capture_output=True, text=True, timeout=600)
            if out.returncode != 0:
                _fail(f"{what} on {USER_FILE.name}:\n{out.stdout}\n{out.stderr}")
            print(f"check-wheel: {what} passes on {USER_FILE.name}: {out.stdout.splitlines()[-1]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
