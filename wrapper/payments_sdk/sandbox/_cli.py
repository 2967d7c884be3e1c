"""The command line: ``payments-sandbox``, also run as ``python -m payments_sdk.sandbox``.

Standard output carries only the two settings a client reads, as ``export NAME='value'`` lines
that a POSIX shell can source; the banner, notes and errors go to standard error. ``--env-file``
writes the same lines to a file once the sandbox accepts connections. ``--seed`` (or
``--key-secret``) makes the key reproducible. Only loopback addresses are served unless
``--allow-non-loopback`` is given.
"""

from __future__ import annotations

import argparse
import contextlib
import ipaddress
import os
import signal
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from datetime import UTC, datetime
from pathlib import Path
from types import FrameType
from urllib.parse import urlsplit

from . import _require_extra

__all__ = ["StopRequest", "export_lines", "is_loopback", "main", "wait_for_stop"]

_DESCRIPTION = """\
Serve the payments sandbox (a stateful local copy of the service) over HTTP.

Standard output carries only the two settings a client reads, as lines a POSIX
shell can source, printed once the sandbox accepts connections:

  export PAYMENTS_BASE_URL='http://127.0.0.1:8080/v1'
  export PAYMENTS_API_KEY='eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9...'

Everything else (the banner, notes, errors) goes to standard error. The sandbox
serves until interrupted (Ctrl+C or SIGTERM).

The key is new on every run and valid for 24 hours, unless --seed or
--key-secret makes it reproducible: the same seed (or secret) prints the same
key on every run, valid until the year 9999.
"""

_EXAMPLES = """\
examples:
  payments-sandbox --port 8080
      serve on 127.0.0.1:8080 with a new key
  payments-sandbox --seed 1 --port 8080
      the same key and the same data on every run
  payments-sandbox --seed-payments 20000 --seed-from 2026-09-01 --seed-until 2026-11-01
      20,000 payments spread over September and October (UTC), for month-end jobs
  rm -f sandbox.env; payments-sandbox --seed 1 --env-file sandbox.env &
  until [ -f sandbox.env ]; do sleep 0.1; done; . ./sandbox.env
      in CI: serve in the background, wait for the file, then source it
"""


def is_loopback(host: str) -> bool:
    """Whether ``host`` is a loopback address (127.0.0.0/8, ::1) or ``localhost``."""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _quote(value: str) -> str:
    """Quote a value for a POSIX shell: in single quotes, each ``'`` closed, escaped, reopened."""
    return "'" + value.replace("'", "'\\''") + "'"


def export_lines(base_url: str, api_key: str) -> str:
    """Return the two ``export NAME='value'`` lines a shell sources to reach the sandbox."""
    settings = {"PAYMENTS_BASE_URL": base_url, "PAYMENTS_API_KEY": api_key}
    return "".join(f"export {name}={_quote(value)}\n" for name, value in settings.items())


def _port(text: str) -> int:
    try:
        port = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a port number: {text!r}") from None
    if not 0 <= port <= 65535:
        raise argparse.ArgumentTypeError(f"a port is from 0 to 65535, got {port}")
    return port


def _count(text: str) -> int:
    try:
        count = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if not 0 <= count <= 100_000:
        raise argparse.ArgumentTypeError(f"must be from 0 to 100000, got {count}")
    return count


def _time(text: str) -> datetime:
    """Return a time from ``2026-09-01`` (midnight UTC) or ISO 8601 with its offset."""
    value = text.strip()
    if len(value) == 10:
        value += "T00:00:00+00:00"
    try:
        parsed = datetime.fromisoformat(value.replace("Z", "+00:00"))
    except ValueError:
        parsed = None
    if parsed is None or parsed.tzinfo is None:
        raise argparse.ArgumentTypeError(
            f"not a date (2026-09-01, midnight UTC) or a time with its offset "
            f"(2026-09-01T00:00:00Z): {text!r}"
        )
    return parsed.astimezone(UTC)


def _seconds(text: str) -> int:
    try:
        seconds = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number of seconds: {text!r}") from None
    if not 0 <= seconds <= 365 * 24 * 3600:
        raise argparse.ArgumentTypeError(f"must be from 0 to 31536000 (a year), got {seconds}")
    return seconds


def _parser(prog: str) -> argparse.ArgumentParser:
    from ._controls_cli import usage_lines

    commands = "".join(f"  {line}\n" for line in usage_lines("payments-sandbox"))
    parser = argparse.ArgumentParser(
        prog=prog,
        description=_DESCRIPTION,
        epilog="control commands (for a running sandbox; PAYMENTS_BASE_URL, PAYMENTS_API_KEY):\n"
        f"{commands}\n{_EXAMPLES}",
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "--host",
        default="127.0.0.1",
        help="address to bind (default 127.0.0.1); only loopback addresses "
        "(127.0.0.1, ::1, localhost) unless --allow-non-loopback is given",
    )
    parser.add_argument(
        "--port", type=_port, default=0, help="port to bind (default 0: a free port)"
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=None,
        help="seed the data (ids, rates, payments) and the key: the same seed prints the "
        "same key on every run (default: data seed 7 and a new key each run)",
    )
    parser.add_argument(
        "--key-secret",
        metavar="TEXT",
        default=None,
        help="sign the key with TEXT: the same text prints the same key on every run "
        "(takes precedence over the key from --seed); a short TEXT such as team-dev is "
        "hashed to a 256-bit key",
    )
    parser.add_argument(
        "--seed-payments",
        type=_count,
        default=45,
        metavar="N",
        help="how many payments exist at start (default 45): one minute apart ending now, "
        "or spread over --seed-from to --seed-until",
    )
    parser.add_argument(
        "--seed-from",
        type=_time,
        default=None,
        metavar="TIME",
        help="create the seeded payments from TIME (inclusive: the first one is created at "
        "TIME exactly), such as 2026-09-01 (midnight UTC) or 2026-09-01T00:00:00+02:00; "
        "with --seed-until",
    )
    parser.add_argument(
        "--seed-until",
        type=_time,
        default=None,
        metavar="TIME",
        help="with --seed-from: spread them to before TIME (exclusive), no later than now, "
        "such as 2026-11-01",
    )
    parser.add_argument(
        "--env-file",
        metavar="PATH",
        type=Path,
        default=None,
        help="also write the export lines to PATH once the sandbox accepts connections "
        "(the file appears complete, at once); it is removed when the sandbox stops",
    )
    parser.add_argument(
        "--state",
        metavar="FILE",
        type=Path,
        default=None,
        help="keep every record in the SQLite database FILE (created if missing), so the "
        "state survives a restart; without it, the state lives in memory only",
    )
    parser.add_argument(
        "--namespace-idle",
        type=_seconds,
        default=3600,
        metavar="SECONDS",
        help="a namespace untouched this long may be expired to make room for a new one "
        "(at 1000 loaded): unloaded with --state (its records stay on disk), deleted "
        "without; 0 never expires one (default 3600)",
    )
    parser.add_argument(
        "--workers",
        type=int,
        default=1,
        metavar="N",
        help="server processes; only 1: the sandbox holds its state in one process (use "
        "namespaces to share one server between test workers)",
    )
    parser.add_argument(
        "--allow-non-loopback",
        action="store_true",
        help="allow a --host that is not a loopback address, such as 0.0.0.0 in a "
        "container; see the note printed about the base URL",
    )
    return parser


def _write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that the file never exists incomplete."""
    directory = path.parent if str(path.parent) else Path()
    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=directory)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as file:
            file.write(text)
        os.replace(temporary, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(temporary)
        raise


@contextlib.contextmanager
def _env_file(path: Path | None, text: str) -> Iterator[None]:
    """Write the env file for the duration of the block, then remove it."""
    if path is None:
        yield
        return
    _write_atomically(path, text)
    try:
        yield
    finally:
        with contextlib.suppress(OSError):
            path.unlink()


def _note(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


class StopRequest:
    """What SIGTERM's handler sets: one plain attribute, so the handler takes no lock.

    A handler runs in the main thread between any two of its bytecodes. Had it set a
    ``threading.Event``, it could run while that same thread held the event's lock inside
    ``Event.wait`` and wait on it forever: the sandbox then ignored SIGTERM, under load.
    """

    __slots__ = ("requested",)

    def __init__(self) -> None:
        self.requested = False

    def request(self, signum: int, frame: FrameType | None) -> None:
        """Ask the serving loop to stop (the SIGTERM handler)."""
        self.requested = True


def wait_for_stop(stop: StopRequest, interval: float = 0.2) -> None:
    """Return once ``stop`` is requested, looking every ``interval`` seconds.

    Woken often: a signal the kernel hands to the server's thread runs its handler only when
    the main thread next wakes, and a wait without a timeout might never wake.
    """
    while not stop.requested:
        time.sleep(interval)


def main(argv: list[str] | None = None, prog: str = "payments-sandbox") -> int:
    """Parse the arguments, serve the sandbox, and print how to reach it; return the exit code.

    ``snapshots ...`` and ``namespace ...`` drive a running sandbox's controls instead
    (``_controls_cli.py``).
    """
    from ._controls_cli import controls_main, groups

    words = sys.argv[1:] if argv is None else argv
    if words and words[0] in groups():
        return controls_main(words, prog)
    parser = _parser(prog)
    args = parser.parse_args(argv)
    if not args.allow_non_loopback and not is_loopback(args.host):
        parser.error(
            f"--host {args.host} is not a loopback address: the sandbox serves only on "
            "loopback (127.0.0.1, ::1, localhost) unless you pass --allow-non-loopback"
        )
    if args.key_secret == "":
        parser.error("--key-secret must not be empty")
    if args.workers != 1:
        parser.error(
            f"--workers {args.workers}: the sandbox runs in one process, which holds the state "
            "(and writes it to --state FILE); several processes would each keep their own copy "
            "and could refund one payment twice. One process serves hundreds of requests a "
            "second; to share it between test workers, give each worker its own namespace "
            "(POST /_sandbox/keys)"
        )
    if (args.seed_from is None) != (args.seed_until is None):
        parser.error("--seed-from and --seed-until go together: give both, or neither")
    span = None if args.seed_from is None else (args.seed_from, args.seed_until)
    try:
        _require_extra()
    except ModuleNotFoundError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1

    from ._auth import secret_for_seed
    from ._sandbox import Sandbox
    from ._state_file import StateFileInUse

    secret = args.key_secret
    if secret is None and args.seed is not None:
        secret = secret_for_seed(args.seed)
    try:
        sandbox = Sandbox(
            seed=7 if args.seed is None else args.seed,
            seed_payments=args.seed_payments,
            key_secret=secret,
            state=args.state,
            namespace_idle=args.namespace_idle,
            seed_span=span,
        )
    except ValueError as exc:
        if span is not None and "seed_span" in str(exc):
            parser.error(str(exc).replace("seed_span", "--seed-from/--seed-until"))
        print(f"error: cannot use the state file {args.state}: {exc}", file=sys.stderr)
        return 1
    except (StateFileInUse, OSError) as exc:
        print(f"error: cannot use the state file {args.state}: {exc}", file=sys.stderr)
        return 1
    stop = StopRequest()
    in_main_thread = threading.current_thread() is threading.main_thread()
    previous = signal.signal(signal.SIGTERM, stop.request) if in_main_thread else None
    try:
        with sandbox.serve(args.host, args.port) as base_url:
            lines = export_lines(base_url, sandbox.api_key)
            with _env_file(args.env_file, lines):
                sys.stdout.write(lines)
                sys.stdout.flush()
                _banner(args, base_url, reproducible=secret is not None)
                with contextlib.suppress(KeyboardInterrupt):
                    wait_for_stop(stop)
    except (OSError, RuntimeError) as exc:  # cannot bind; the server did not start
        print(f"error: cannot serve on {args.host} port {args.port}: {exc}", file=sys.stderr)
        return 1
    finally:
        if in_main_thread:
            signal.signal(signal.SIGTERM, previous)
        sandbox.spaces.close()
    _note("payments sandbox stopped")
    return 0


def _banner(args: argparse.Namespace, base_url: str, *, reproducible: bool) -> None:
    key = "reproducible, valid until 9999" if reproducible else "new for this run, valid 24 h"
    _note(f"payments sandbox serving at {base_url} (key: {key})")
    if is_loopback(args.host):
        pass  # the usual case: nothing to add
    elif is_loopback(urlsplit(base_url).hostname or ""):
        _note(
            f"note: bound to {args.host}, so other machines can reach it too. The SDK sends "
            "plain http:// only to loopback hosts: on this machine use the PAYMENTS_BASE_URL "
            "above; from another machine, put an HTTPS proxy in front and use https://<host>/v1"
        )
    else:
        _note(
            f"note: the SDK refuses {base_url}, as it sends plain http:// only to loopback "
            "hosts (other HTTP clients can use it). For the SDK, bind 0.0.0.0 and use the "
            "loopback address on this machine, or put an HTTPS proxy in front"
        )
    if args.state is not None:
        _note(f"state kept in {args.state}: a restart with --state {args.state} resumes it")
    if args.env_file is not None:
        _note(f"wrote {args.env_file}; it is removed when the sandbox stops")
    _note("press Ctrl+C to stop")
