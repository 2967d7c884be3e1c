"""Running ``payments`` in the test process or as a real process, against a served sandbox."""

from __future__ import annotations

import contextlib
import io
import os
import signal
import subprocess
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass

from payments_sdk.cli import run
from payments_sdk.sandbox import Sandbox

__all__ = ["Result", "as_at_a_terminal", "cli", "cli_process", "key_fragments", "served_sandbox"]


@dataclass(frozen=True)
class Result:
    """What one run of ``payments`` did."""

    code: int
    out: str
    err: str


def cli(*args: str, env: Mapping[str, str] | None = None) -> Result:
    """Run ``payments ARGS`` in this process (standard output is not a terminal)."""
    out, err = io.StringIO(), io.StringIO()
    saved = dict(os.environ)
    try:
        if env is not None:
            os.environ.clear()
            os.environ.update(env)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = run(list(args))
    finally:
        os.environ.clear()
        os.environ.update(saved)
    return Result(code, out.getvalue(), err.getvalue())


def as_at_a_terminal() -> None:
    """In the child, before exec: Ctrl-C interrupts, as at a terminal.

    A command a shell starts in the background (``make test &``, CI runners) inherits SIGINT
    ignored, and Python then keeps ignoring it; a test that sends SIGINT wants the user's case.
    """
    signal.signal(signal.SIGINT, signal.SIG_DFL)


def cli_process(*args: str, env: Mapping[str, str]) -> subprocess.Popen[str]:
    """Start ``payments ARGS`` as a real process, with pipes for its output."""
    return subprocess.Popen(
        [sys.executable, "-m", "payments_sdk.cli", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env={**os.environ, **env},
        preexec_fn=as_at_a_terminal,
    )


@contextlib.contextmanager
def served_sandbox(**options: object) -> Iterator[tuple[Sandbox, dict[str, str]]]:
    """Serve a sandbox on loopback; yield it and the environment that reaches it."""
    sandbox = Sandbox(**options)  # type: ignore[arg-type]
    with sandbox.serve() as url:
        yield sandbox, {"PAYMENTS_BASE_URL": url, "PAYMENTS_API_KEY": sandbox.api_key}


def key_fragments(key: str, size: int = 8) -> frozenset[str]:
    """Every run of ``size`` characters of ``key``: one in an output is a leak."""
    return frozenset(key[i : i + size] for i in range(len(key) - size + 1))
