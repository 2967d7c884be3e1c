"""Where a command's client comes from: the key, the service, a sandbox, or a dry run.

**The key** is read from ``--api-key-file`` (the key alone, or the ``export`` lines that
``payments-sandbox --env-file`` writes), else from ``$PAYMENTS_API_KEY``; with ``--sandbox``, the
in-process sandbox's own key is used. There is no ``--api-key VALUE`` option: a key on the
command line would stay in the shell's history and in ``ps``. The key is handed to the SDK,
which never shows it; the command line never prints it, and removes it from any message.

**The service** is ``--base-url``, else the file's ``PAYMENTS_BASE_URL``, else
``$PAYMENTS_BASE_URL``. ``--sandbox`` starts an in-process sandbox
(:class:`payments_sdk.sandbox.Sandbox`) for the one command.

**A dry run** sends nothing: the client's transport keeps the first request and stops the call.
"""

from __future__ import annotations

import contextlib
import os
import shlex
import sys
from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

from .._redact import redact_text
from ..errors import InvalidParameterError

if TYPE_CHECKING:
    import httpx

    from .._client import AsyncPaymentsClient
    from .._observe import AttemptEvent, CallEvent

__all__ = ["Credentials", "DryRun", "Service", "TraceObserver", "read_credentials"]

_PLACEHOLDER_KEY = "dry-run.no-key.sent"
_SANDBOX_URL = "http://127.0.0.1/v1"


@dataclass(frozen=True)
class Credentials:
    """The key and base URL found, and where the key came from (never the key in a repr)."""

    key: str | None
    base_url: str | None
    source: str

    def __repr__(self) -> str:
        return f"Credentials(source={self.source!r}, base_url={self.base_url!r})"

    def redact(self, text: str) -> str:
        """Return ``text`` without the key (nor any run of 8 of its characters)."""
        return redact_text(text, self.key) if self.key else text


def _parse_file(text: str) -> tuple[str | None, str | None]:
    """Return (key, base URL) of a key file: the key alone, or ``export NAME=value`` lines."""
    settings: dict[str, str] = {}
    for line in text.splitlines():
        words = line.strip()
        if not words or words.startswith("#"):
            continue
        words = words.removeprefix("export ").strip()
        name, equals, value = words.partition("=")
        if equals and name.strip() in ("PAYMENTS_API_KEY", "PAYMENTS_BASE_URL"):
            try:
                parsed = shlex.split(value)
            except ValueError:
                parsed = []
            settings[name.strip()] = parsed[0] if len(parsed) == 1 else ""
    if settings:
        return settings.get("PAYMENTS_API_KEY") or None, settings.get("PAYMENTS_BASE_URL")
    return text.strip() or None, None


def read_credentials(key_file: str | None, base_url: str | None) -> Credentials:
    """Return the key and base URL from ``--api-key-file``, the options and the environment."""
    file_url = None
    if key_file is not None:
        try:
            text = Path(key_file).read_text(encoding="utf-8")
        except OSError as exc:
            raise InvalidParameterError(
                "api_key_file", f"cannot read {key_file}: {exc.strerror}"
            ) from None
        except UnicodeDecodeError:
            raise InvalidParameterError("api_key_file", f"{key_file} is not UTF-8 text") from None
        key, file_url = _parse_file(text)
        if key is None:
            raise InvalidParameterError("api_key_file", f"{key_file} holds no key")
        source = f"--api-key-file {key_file}"
    else:
        key = os.environ.get("PAYMENTS_API_KEY") or None
        source = "PAYMENTS_API_KEY" if key else "none"
    url = base_url or file_url or os.environ.get("PAYMENTS_BASE_URL") or None
    return Credentials(key, url, source)


class DryRun(Exception):
    """Raised by the dry run's transport with the request the call would have sent."""

    def __init__(self, request: httpx.Request) -> None:
        super().__init__("dry run")
        self.request = request


class TraceObserver:
    """``--verbose``: one line per attempt and per call on standard error.

    The SDK's events name the operation by its id and path template, never the ids, the query,
    the body or the key.
    """

    def __init__(self, stream: TextIO) -> None:
        self._stream = stream

    def on_attempt(self, event: AttemptEvent) -> None:
        """Trace one attempt: method, template, status or error, duration."""
        outcome = event.status_code if event.error_type is None else event.error_type
        wait = f" after {event.wait:.2f} s" if event.wait else ""
        self._stream.write(
            f"payments: {event.method} {event.path_template or '(request)'} "
            f"[{event.operation_id}] attempt {event.attempt}{wait}: {outcome} "
            f"in {event.duration * 1000:.1f} ms\n"
        )

    def on_call(self, event: CallEvent) -> None:
        """Trace the end of a call."""
        outcome = event.error_type or event.status_code
        self._stream.write(
            f"payments: {event.operation_id}: {outcome} after {event.attempts} attempt(s), "
            f"{event.duration * 1000:.1f} ms\n"
        )


@dataclass
class Service:
    """How to reach the service for one command."""

    credentials: Credentials
    sandbox: bool = False
    dry_run: bool = False
    verbose: bool = False
    timeout: float | None = None
    max_retries: int | None = None

    @contextlib.asynccontextmanager
    async def client(self) -> AsyncIterator[AsyncPaymentsClient]:
        """Yield a client for the command, closed (with its sandbox) when the command ends."""
        from .._client import AsyncPaymentsClient

        options: dict[str, Any] = {}
        if self.verbose:
            options["observers"] = [TraceObserver(sys.stderr)]
        if self.timeout is not None:
            options["timeout"] = self.timeout
        if self.max_retries is not None:
            options["max_retries"] = self.max_retries
        if self.dry_run:
            async with self._dry_run_client(options) as client:
                yield client
            return
        if self.sandbox:
            from ..sandbox import Sandbox

            async with Sandbox() as sandbox, sandbox.client(**options) as client:
                yield client
            return
        if not self.credentials.key:
            raise InvalidParameterError(
                "api_key",
                "is not set: export PAYMENTS_API_KEY, pass --api-key-file FILE, or use --sandbox",
            )
        if not self.credentials.base_url:
            raise InvalidParameterError(
                "base_url", "is not set: export PAYMENTS_BASE_URL or pass --base-url URL"
            )
        async with AsyncPaymentsClient(
            api_key=self.credentials.key, base_url=self.credentials.base_url, **options
        ) as client:
            yield client

    @contextlib.asynccontextmanager
    async def _dry_run_client(self, options: dict[str, Any]) -> AsyncIterator[AsyncPaymentsClient]:
        import httpx

        from .._client import AsyncPaymentsClient

        def capture(request: httpx.Request) -> httpx.Response:
            raise DryRun(request)

        base_url = _SANDBOX_URL if self.sandbox else self.credentials.base_url
        if not base_url:
            raise InvalidParameterError(
                "base_url", "is not set: export PAYMENTS_BASE_URL, pass --base-url or --sandbox"
            )
        key = self.credentials.key if self.credentials.key and not self.sandbox else None
        async with (
            httpx.AsyncClient(transport=httpx.MockTransport(capture)) as http,
            AsyncPaymentsClient(
                api_key=key or _PLACEHOLDER_KEY,
                base_url=base_url,
                http_client=http,
                **{**options, "max_retries": 0},
            ) as client,
        ):
            yield client
