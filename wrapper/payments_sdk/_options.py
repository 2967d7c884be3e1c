"""The client's options: their defaults, their checks, and the immutable ``ClientOptions``.

``AsyncPaymentsClient(...)`` checks every option once, here, and keeps them in a frozen
:class:`ClientOptions`; ``with_options`` makes a changed copy with :meth:`ClientOptions.replace`.
"""

from __future__ import annotations

import ipaddress
import os
import platform
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Final
from urllib.parse import urlsplit

import httpx

from ._secret import SecretKey
from ._version import __version__
from .errors import InvalidParameterError

if TYPE_CHECKING:  # the observer machinery is imported when a client is made, not at import
    from ._observe import Observer

__all__ = [
    "DEFAULT_CONNECTION_LIMITS",
    "DEFAULT_MAX_RETRIES",
    "DEFAULT_TIMEOUT",
    "MAX_CONNECTIONS",
    "NOT_GIVEN",
    "PACED_CONNECTIONS",
    "ClientOptions",
    "NotGiven",
    "check_base_url",
]

DEFAULT_TIMEOUT: Final = httpx.Timeout(30.0, connect=5.0)
"""30 s to read, write or wait for a pooled connection; 5 s to connect."""
DEFAULT_MAX_RETRIES: Final = 2
MAX_CONNECTIONS: Final = 100
"""The most connections the SDK's own pool opens per event loop (aiohttp's and httpx's default)."""
PACED_CONNECTIONS: Final = 20
"""The connections the SDK's own pool opens per event loop on any client. More, up to
:data:`MAX_CONNECTIONS`, only while the retries the client's recent calls have earned could
retry every call on the wire at once (``_pool.RetryBudget.covers``; openapi/DECISIONS.md, "The
default wire's connection limit"): a burst on a fresh client is paced by these 20."""
DEFAULT_CONNECTION_LIMITS: Final = httpx.Limits(
    max_connections=MAX_CONNECTIONS, max_keepalive_connections=MAX_CONNECTIONS
)
"""The SDK's own pool: at most :data:`MAX_CONNECTIONS` per event loop, kept alive between calls.

More calls wait for a free one, in order, under the pool timeout. Idle connections close after
4 s (``_aiohttp_wire.KEEPALIVE_EXPIRY``), before the common 5 s server idle timeout. Pass your
own ``http_client`` for other limits.
"""
MAX_RETRIES_LIMIT: Final = 10


class NotGiven:
    """Sentinel: an option that was not passed (as opposed to one passed as ``None``)."""

    def __repr__(self) -> str:
        return "NOT_GIVEN"

    def __bool__(self) -> bool:
        return False


NOT_GIVEN: Final = NotGiven()


def check_timeout(value: object) -> httpx.Timeout:
    """Return an :class:`httpx.Timeout` from a Timeout or a number of seconds > 0."""
    if isinstance(value, httpx.Timeout):
        return value
    if isinstance(value, int | float) and not isinstance(value, bool) and 0 < value < 1e9:
        seconds = float(value)
        return httpx.Timeout(seconds, connect=min(seconds, DEFAULT_TIMEOUT.connect or 5.0))
    raise InvalidParameterError(
        "timeout", f"must be an httpx.Timeout or seconds > 0, got {value!r}"
    )


def check_total_timeout(value: object) -> float | None:
    """Return seconds > 0 as a float, or None (no bound on a whole call)."""
    if value is None:
        return None
    if isinstance(value, int | float) and not isinstance(value, bool) and 0 < value < 1e9:
        return float(value)
    raise InvalidParameterError(
        "total_timeout", f"must be seconds > 0 (and below 1e9) or None, got {value!r}"
    )


def check_opentelemetry(value: object) -> bool:
    """Return whether to trace: ``None`` means when opentelemetry-api is installed."""
    if value is None:
        from ._instrument import otel_installed

        return otel_installed()
    if not isinstance(value, bool):
        raise InvalidParameterError("opentelemetry", f"must be True, False or None, got {value!r}")
    if value:
        from ._instrument import otel_installed

        if not otel_installed():
            raise InvalidParameterError(
                "opentelemetry", 'needs opentelemetry-api: pip install "payments-sdk[otel]"'
            )
    return value


def check_max_retries(value: object) -> int:
    """Return ``value`` if it is an int from 0 to 10."""
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidParameterError("max_retries", f"must be an int, got {type(value).__name__}")
    if not 0 <= value <= MAX_RETRIES_LIMIT:
        raise InvalidParameterError(
            "max_retries", f"must be from 0 to {MAX_RETRIES_LIMIT}, got {value}"
        )
    return value


# Headers that frame the message or steer the connection: the wire writes them from the body it
# sends; a caller's value would desync the body from its length (a smuggled second request on a
# kept-alive connection) or stall the call, and escape as the HTTP library's own exception.
_FRAMING = frozenset(
    {"content-length", "transfer-encoding", "host", "connection", "expect", "te", "upgrade"}
)


def _is_header_text(text: str) -> bool:
    # RFC 9110 field values: visible ASCII, space and tab; never CR, LF or NUL (header injection).
    return all(ch == "\t" or " " <= ch <= "~" for ch in text)


# RFC 9110 §5.1: a field name is a token (1*tchar): ``X:Y`` would reach the server as a header
# ``X`` with the value ``Y: ...``, and ``:authority`` is HTTP/2's, never a field.
_TOKEN = re.compile(r"[!#$%&'*+\-.^_`|~0-9A-Za-z]+")


def check_headers(value: object, field: str = "default_headers") -> dict[str, str]:
    """Return the headers as a dict, refusing names or values that cannot be sent as they are."""
    if not isinstance(value, Mapping):
        raise InvalidParameterError(field, "must be a mapping of str to str")
    headers: dict[str, str] = {}
    for name, text in value.items():
        if not isinstance(name, str):
            raise InvalidParameterError(field, f"has a header name that is not a str: {name!r}")
        if _TOKEN.fullmatch(name) is None:
            raise InvalidParameterError(
                f"{field}[{name!r}]", "is not a header name (an RFC 9110 token)"
            )
        where = f"{field}[{name!r}]"
        if not isinstance(text, str) or not _is_header_text(text):
            raise InvalidParameterError(
                where, "must be a string of printable ASCII (no CR, LF or control characters)"
            )
        if name.lower() == "authorization":
            raise InvalidParameterError(where, "is set by the SDK from api_key")
        if name.lower() in _FRAMING:
            raise InvalidParameterError(where, "is set by the HTTP client for each request")
        headers[name] = text
    return headers


def _is_loopback(host: str) -> bool:
    if host == "localhost" or host.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def check_base_url(value: object) -> str:
    """Return the base URL without a trailing slash, or raise if it is unusable.

    It must be absolute, end in ``/v1``, and use HTTPS unless the host is a loopback address
    (127.0.0.0/8, ::1, localhost), where the local sandbox runs on plain HTTP.
    """
    if not isinstance(value, str) or not value:
        raise InvalidParameterError(
            "base_url",
            "is required: pass base_url= or set PAYMENTS_BASE_URL (there is no public default)",
        )
    url = value.rstrip("/")
    try:
        parts = urlsplit(url)
        hostname = parts.hostname
        parts.port  # noqa: B018 - raises ValueError for a port out of range
    except ValueError:
        raise InvalidParameterError("base_url", "is not a valid URL") from None
    if parts.scheme not in ("http", "https") or not hostname or not _is_header_text(url):
        raise InvalidParameterError("base_url", f"must be an absolute http(s) URL, got {url!r}")
    if parts.query or parts.fragment or parts.username or parts.password:
        raise InvalidParameterError("base_url", "must not carry credentials, a query or a fragment")
    if parts.scheme == "http" and not _is_loopback(hostname):
        raise InvalidParameterError(
            "base_url", "must use https:// (plain http is only allowed for loopback sandboxes)"
        )
    if not parts.path.endswith("/v1"):
        raise InvalidParameterError(
            "base_url", f"must end with the version segment /v1, got {url!r}"
        )
    return url


def _user_agent() -> str:
    return f"payments-sdk/{__version__} python/{platform.python_version()}"


@dataclass(frozen=True, kw_only=True, slots=True)
class ClientOptions:
    """Every option of a client, checked; immutable, so copies can share it safely."""

    api_key: SecretKey
    base_url: str
    """The versioned root, ending in ``/v1``."""
    timeout: httpx.Timeout
    max_retries: int
    default_headers: Mapping[str, str]
    total_timeout: float | None = None
    """The bound on a whole call, retries and waits included; None for none."""
    observers: tuple[Observer, ...] = ()
    """What watches every attempt and call (``_observe.py``)."""
    opentelemetry: bool = False
    """Whether calls make OpenTelemetry spans and metrics (``_otel.py``)."""

    @property
    def root_url(self) -> str:
        """The root address: ``base_url`` without its trailing ``/v1`` (beneficiaries live here)."""
        return self.base_url.removesuffix("/v1")

    @property
    def version_prefix(self) -> str:
        """The path of ``base_url`` relative to ``root_url`` (``/v1``)."""
        return self.base_url[len(self.root_url) :]

    @property
    def headers(self) -> dict[str, str]:
        """The headers of every request, except the Authorization header."""
        return {"User-Agent": _user_agent(), "Accept": "application/json", **self.default_headers}

    @classmethod
    def create(
        cls,
        *,
        api_key: str | None,
        base_url: str | None,
        timeout: httpx.Timeout | float,
        max_retries: int,
        default_headers: Mapping[str, str] | None,
        total_timeout: float | None = None,
        observers: Sequence[Observer] | None = None,
        opentelemetry: bool | None = None,
    ) -> ClientOptions:
        """Check every option (falling back to ``$PAYMENTS_API_KEY`` and ``$PAYMENTS_BASE_URL``)."""
        from ._observe import check_observers

        return cls(
            api_key=SecretKey(
                api_key if api_key is not None else os.environ.get("PAYMENTS_API_KEY")
            ),
            base_url=check_base_url(
                base_url if base_url is not None else os.environ.get("PAYMENTS_BASE_URL")
            ),
            timeout=check_timeout(timeout),
            max_retries=check_max_retries(max_retries),
            default_headers=check_headers(default_headers or {}),
            total_timeout=check_total_timeout(total_timeout),
            observers=check_observers(observers),
            opentelemetry=check_opentelemetry(opentelemetry),
        )

    def replace(
        self,
        *,
        timeout: httpx.Timeout | float | NotGiven = NOT_GIVEN,
        max_retries: int | NotGiven = NOT_GIVEN,
        default_headers: Mapping[str, str] | NotGiven = NOT_GIVEN,
        total_timeout: float | NotGiven | None = NOT_GIVEN,
    ) -> ClientOptions:
        """Return a copy with the given options changed, each checked as at construction.

        ``default_headers`` are merged into the current ones; the others replace them.
        """
        changes: dict[str, Any] = {}
        if not isinstance(timeout, NotGiven):
            changes["timeout"] = check_timeout(timeout)
        if not isinstance(max_retries, NotGiven):
            changes["max_retries"] = check_max_retries(max_retries)
        if not isinstance(default_headers, NotGiven):
            # Merged, as openai's with_options does: a header named again (in any case) is
            # replaced, the others are kept.
            given = check_headers(default_headers)
            named = {name.lower() for name in given}
            kept = {k: v for k, v in self.default_headers.items() if k.lower() not in named}
            changes["default_headers"] = {**kept, **given}
        if not isinstance(total_timeout, NotGiven):
            changes["total_timeout"] = check_total_timeout(total_timeout)
        return replace(self, **changes)
