"""Construction-time checks of the API key and base URL."""

from __future__ import annotations

import ipaddress
import re
from urllib.parse import urlsplit

from .errors import InvalidParameterError

__all__ = ["SecretKey", "check_base_url", "root_url_of"]

_B64URL_SEGMENT = r"[A-Za-z0-9_-]+"
_JWT_FORM = re.compile(rf"{_B64URL_SEGMENT}\.{_B64URL_SEGMENT}\.{_B64URL_SEGMENT}")


class SecretKey:
    """The API key. Its repr and str never show it; only :meth:`header_value` does."""

    __slots__ = ("_value",)

    def __init__(self, value: object) -> None:
        if not isinstance(value, str) or not value:
            raise InvalidParameterError(
                "api_key", "is required: pass api_key= or set PAYMENTS_API_KEY"
            )
        if value.lower().startswith("bearer"):
            raise InvalidParameterError(
                "api_key", "must be the bare key, without a 'Bearer ' prefix; the SDK adds it"
            )
        if any(ch.isspace() for ch in value):
            raise InvalidParameterError("api_key", "contains whitespace; copy the key exactly")
        if not _JWT_FORM.fullmatch(value):
            raise InvalidParameterError(
                "api_key", "is not a JWT-form key (three base64url segments separated by dots)"
            )
        self._value = value

    def header_value(self) -> str:
        """Return the Authorization header value."""
        return f"Bearer {self._value}"

    def redact(self, text: str) -> str:
        """Return ``text`` with every occurrence of the key replaced by ``***``."""
        return text.replace(self._value, "***")

    def __repr__(self) -> str:
        return "SecretKey('***')"

    __str__ = __repr__


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
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise InvalidParameterError("base_url", f"must be an absolute http(s) URL, got {url!r}")
    if parts.query or parts.fragment or parts.username or parts.password:
        raise InvalidParameterError("base_url", "must not carry credentials, a query or a fragment")
    if parts.scheme == "http" and not _is_loopback(parts.hostname):
        raise InvalidParameterError(
            "base_url", "must use https:// (plain http is only allowed for loopback sandboxes)"
        )
    if not parts.path.endswith("/v1"):
        raise InvalidParameterError(
            "base_url", f"must end with the version segment /v1, got {url!r}"
        )
    return url


def root_url_of(base_url: str) -> str:
    """Return ``{root_url}``: the base URL without its trailing ``/v1``."""
    return base_url.removesuffix("/v1")
