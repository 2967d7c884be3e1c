"""The command line, run as a user runs it: ``python -m payments_sdk.sandbox`` and its script.

Every server here binds 127.0.0.1; the tests of other hosts check the refusal (nothing is bound)
or call the functions behind it.
"""

from __future__ import annotations

import base64
import json
import os
import queue
import re
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

import httpx
import pytest

from payments_sdk.sandbox._auth import REPRODUCIBLE_EXPIRES_AT, REPRODUCIBLE_ISSUED_AT
from payments_sdk.sandbox._cli import export_lines, is_loopback
from payments_sdk.sandbox._sandbox import base_url_of

MODULE = [sys.executable, "-m", "payments_sdk.sandbox"]
SCRIPT = Path(sys.executable).parent / "payments-sandbox"
EXPORT = re.compile(r"export (PAYMENTS_BASE_URL|PAYMENTS_API_KEY)='([^']*)'")


@dataclass
class Run:
    """A running sandbox: its process, the variables it printed, and what it wrote to stderr."""

    process: subprocess.Popen[str]
    stdout: list[str]
    variables: dict[str, str]
    stderr: str = ""


def _read_lines(process: subprocess.Popen[str], count: int, seconds: float) -> list[str]:
    """Read ``count`` lines of stdout, waiting at most ``seconds`` (it prints when ready)."""
    assert process.stdout is not None
    stdout = process.stdout
    lines: queue.Queue[str] = queue.Queue()

    def reader() -> None:
        for _ in range(count):
            line = stdout.readline()
            lines.put(line)
            if not line:
                return

    threading.Thread(target=reader, daemon=True).start()
    read: list[str] = []
    deadline = time.monotonic() + seconds
    while len(read) < count:
        try:
            line = lines.get(timeout=max(0.0, deadline - time.monotonic()))
        except queue.Empty:
            break
        if not line:
            break
        read.append(line)
    return read


@contextmanager
def running(*args: str, command: list[str] | None = None) -> Iterator[Run]:
    """Start the sandbox, wait for its two lines, yield; then stop it with SIGTERM."""
    process = subprocess.Popen(
        [*(command or MODULE), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    run = Run(process, [], {})
    try:
        run.stdout = _read_lines(process, 2, 60)
        for line in run.stdout:
            match = EXPORT.fullmatch(line.rstrip("\n"))
            assert match, line
            run.variables[match.group(1)] = match.group(2)
        assert len(run.variables) == 2, (run.stdout, process.poll())
        yield run
    finally:
        process.send_signal(signal.SIGTERM)
        try:
            _, run.stderr = process.communicate(timeout=30)
        except subprocess.TimeoutExpired:
            # Fail here, and leave no process or open pipe to warn in a later test.
            process.kill()
            process.communicate()
            raise


def _claims(key: str) -> dict[str, object]:
    payload = key.split(".")[1]
    claims: dict[str, object] = json.loads(base64.urlsafe_b64decode(payload + "=" * 4))
    return claims


@pytest.mark.parametrize("command", [MODULE, [str(SCRIPT)]], ids=["python -m", "script"])
def test_help_is_plain_text(command: list[str]) -> None:
    """``--help`` shows the options and examples, with no reST markup."""
    out = subprocess.run([*command, "--help"], capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    for option in ("--host", "--port", "--seed", "--key-secret", "--env-file"):
        assert option in out.stdout
    assert "--allow-non-loopback" in out.stdout
    for markup in ("::", "``", ":class:", ":func:", ".. "):
        assert markup not in out.stdout.replace("[::1]", "").replace("::1", ""), markup


@pytest.mark.integration
def test_the_same_seed_prints_the_same_key_and_it_works(tmp_path: Path) -> None:
    """Two runs with --seed 1 print one key (fixed iat, valid until 9999); it authenticates."""
    keys = []
    for _ in range(2):
        with running("--seed", "1", "--port", "0") as run:
            key = run.variables["PAYMENTS_API_KEY"]
            response = httpx.get(
                run.variables["PAYMENTS_BASE_URL"] + "/payments",
                headers={"Authorization": f"Bearer {key}"},
            )
            assert response.status_code == 200, response.text
            keys.append((key, [p["id"] for p in response.json()["data"]]))
    assert keys[0] == keys[1]  # the same key, and the same data
    claims = _claims(keys[0][0])
    assert (claims["iat"], claims["exp"]) == (REPRODUCIBLE_ISSUED_AT, REPRODUCIBLE_EXPIRES_AT)
    with running("--seed", "2") as other, running("--key-secret", "s3cret") as secret:
        assert other.variables["PAYMENTS_API_KEY"] != keys[0][0]
        others = (keys[0][0], other.variables["PAYMENTS_API_KEY"])
        assert secret.variables["PAYMENTS_API_KEY"] not in others


@pytest.mark.integration
def test_without_a_seed_the_key_is_new_and_valid_for_a_day() -> None:
    """The default stays as before: a fresh key per run, valid 24 hours."""
    with running() as first, running() as second:
        assert first.variables["PAYMENTS_API_KEY"] != second.variables["PAYMENTS_API_KEY"]
    claims = _claims(first.variables["PAYMENTS_API_KEY"])
    assert isinstance(claims["exp"], int) and isinstance(claims["iat"], int)
    assert claims["exp"] - claims["iat"] == 24 * 3600


@pytest.mark.integration
def test_stdout_is_only_the_variables_and_a_shell_can_source_them(tmp_path: Path) -> None:
    """Two ``export`` lines on stdout, the banner on stderr; ``sh`` sources them as they are."""
    with running("--seed", "3") as run:
        script = tmp_path / "vars.sh"
        script.write_text("".join(run.stdout), encoding="utf-8")
        shell = subprocess.run(
            [
                "sh",
                "-c",
                '. "$1" && printf "%s\\n%s" "$PAYMENTS_BASE_URL" "$PAYMENTS_API_KEY"',
                "sh",
                str(script),
            ],
            capture_output=True,
            text=True,
            timeout=30,
            env={"PATH": os.environ.get("PATH", "")},
        )
        assert shell.stdout.splitlines() == [
            run.variables["PAYMENTS_BASE_URL"],
            run.variables["PAYMENTS_API_KEY"],
        ]
        assert re.fullmatch(r"http://127\.0\.0\.1:\d+/v1", run.variables["PAYMENTS_BASE_URL"])
    assert run.process.returncode == 0
    assert "payments sandbox serving at http://127.0.0.1:" in run.stderr
    assert "reproducible" in run.stderr
    assert "PAYMENTS_API_KEY" not in run.stderr  # the key is printed once, where asked


@pytest.mark.integration
def test_the_env_file_is_complete_once_it_exists_and_goes_away_on_stop(tmp_path: Path) -> None:
    """The file holds the stdout lines while the sandbox serves, and is removed on SIGTERM."""
    env_file = tmp_path / "sandbox.env"
    with running("--seed", "1", "--env-file", str(env_file), command=[str(SCRIPT)]) as run:
        assert env_file.read_text(encoding="utf-8") == "".join(run.stdout)
        assert [p.name for p in tmp_path.iterdir()] == ["sandbox.env"]  # no temporary left
        response = httpx.get(
            run.variables["PAYMENTS_BASE_URL"] + "/balances",
            headers={"Authorization": f"Bearer {run.variables['PAYMENTS_API_KEY']}"},
        )
        assert response.status_code == 200
    assert run.process.returncode == 0
    assert not env_file.exists()


@pytest.mark.parametrize("host", ["0.0.0.0", "::", "192.0.2.1", "example.com"])
def test_a_non_loopback_host_is_refused_without_the_flag(host: str) -> None:
    """Exit 2 naming the flag; nothing on stdout (nothing is bound)."""
    out = subprocess.run(
        [*MODULE, "--host", host, "--port", "0"], capture_output=True, text=True, timeout=60
    )
    assert out.returncode == 2
    assert out.stdout == ""
    assert "--allow-non-loopback" in out.stderr and "not a loopback address" in out.stderr
    assert "Traceback" not in out.stderr


def test_the_flag_lifts_the_refusal() -> None:
    """With --allow-non-loopback the host is tried: 192.0.2.1 (TEST-NET) is not ours to bind.

    (Nothing is exposed: the bind fails, which shows the refusal was lifted.)
    """
    out = subprocess.run(
        [*MODULE, "--host", "192.0.2.1", "--allow-non-loopback"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert out.returncode == 1, out.stderr
    assert "cannot serve on 192.0.2.1" in out.stderr and "Traceback" not in out.stderr


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--port", "70000"], "65535"),
        (["--port", "x"], "port"),
        (["--seed", "one"], "--seed"),
        (["--key-secret", ""], "empty"),
        (["--seed-payments", "-1"], "--seed-payments"),
    ],
)
def test_bad_arguments_exit_2_with_a_message(args: list[str], words: str) -> None:
    out = subprocess.run([*MODULE, *args], capture_output=True, text=True, timeout=60)
    assert out.returncode == 2
    assert words in out.stderr and "Traceback" not in out.stderr


@pytest.mark.integration
def test_a_port_in_use_is_an_error_not_a_traceback() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        out = subprocess.run([*MODULE, "--port", port], capture_output=True, text=True, timeout=60)
    assert out.returncode == 1
    assert f"cannot serve on 127.0.0.1 port {port}" in out.stderr
    assert "Traceback" not in out.stderr and out.stdout == ""


def test_loopback_hosts() -> None:
    """127.0.0.0/8, ::1 and localhost are loopback; the wildcard and other names are not."""
    assert all(map(is_loopback, ["127.0.0.1", "127.1.2.3", "::1", "localhost"]))
    assert not any(map(is_loopback, ["0.0.0.0", "::", "10.0.0.1", "localhost.evil", ""]))


@pytest.mark.parametrize(("family", "host"), [(socket.AF_INET, "0.0.0.0"), (socket.AF_INET6, "::")])
def test_a_wildcard_bind_prints_a_loopback_url_the_sdk_accepts(family: int, host: str) -> None:
    """Bound (not listening) to every address, the URL printed is the loopback one."""
    from payments_sdk._options import check_base_url

    with socket.socket(family, socket.SOCK_STREAM) as sock:
        try:
            sock.bind((host, 0))
        except OSError as exc:  # no IPv6 on this machine
            pytest.skip(f"cannot bind {host}: {exc}")
        url = base_url_of(sock)
    assert url.startswith(("http://127.0.0.1:", "http://[::1]:"))
    assert check_base_url(url) == url


def test_export_lines_quote_for_the_shell() -> None:
    """Each value is single-quoted; a quote inside would be closed, escaped and reopened."""
    assert export_lines("http://127.0.0.1:1/v1", "a.b.c") == (
        "export PAYMENTS_BASE_URL='http://127.0.0.1:1/v1'\nexport PAYMENTS_API_KEY='a.b.c'\n"
    )
    assert export_lines("x", "it's")[-len("'it'\\''s'\n") :] == "'it'\\''s'\n"


_SIGNAL_TO_THE_SERVER_THREAD = """
import signal, sys, threading, time
from payments_sdk.sandbox._cli import main

def deliver():
    # The kernel may hand a process's SIGTERM to any of its threads: here, the server's.
    while True:
        others = [t for t in threading.enumerate() if t not in (threading.main_thread(), me)]
        if others:
            break
        time.sleep(0.01)
    time.sleep(1.0)  # the banner is out and the main thread waits
    signal.pthread_kill(others[0].ident, signal.SIGTERM)

me = threading.Thread(target=deliver, daemon=True)
me.start()
sys.exit(main(["--seed", "3"]))
"""


@pytest.mark.integration
def test_sigterm_stops_the_sandbox_whichever_thread_receives_it() -> None:
    """A SIGTERM the server's thread receives still stops the sandbox, at once.

    Python runs a signal's handler in the main thread, when that thread next wakes; the
    sandbox's main thread waited without a timeout, so a SIGTERM delivered to the server's
    thread (as the kernel may) left it serving until killed.
    """
    process = subprocess.Popen(
        [sys.executable, "-c", _SIGNAL_TO_THE_SERVER_THREAD],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    try:
        _, stderr = process.communicate(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        raise AssertionError("the sandbox kept serving after SIGTERM") from None
    assert process.returncode == 0, stderr
    assert "payments sandbox stopped" in stderr
