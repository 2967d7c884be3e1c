"""Sandbox credentials: HS256 JWT-form test keys with an expiry."""

from __future__ import annotations

import secrets
import time

import jwt

from ._errors import ApiError

__all__ = ["KeyIssuer", "Unauthorized"]


class Unauthorized(ApiError):
    """A request's bearer token is missing, malformed or expired: a 401 with that message."""

    def __init__(self, message: str) -> None:
        super().__init__(401, message)


class KeyIssuer:
    """Issues and verifies the sandbox's secret test keys."""

    def __init__(self, secret: str | None = None, lifetime: int = 24 * 3600) -> None:
        self._secret = secret or secrets.token_urlsafe(32)
        self.lifetime = lifetime

    def issue(self, *, lifetime: int | None = None, subject: str = "merchant_sandbox") -> str:
        """Return a new secret test key valid for ``lifetime`` seconds (negative: expired)."""
        now = int(time.time())
        claims = {
            "sub": subject,
            "kind": "secret",
            "env": "test",
            "iat": now,
            "exp": now + (self.lifetime if lifetime is None else lifetime),
        }
        return jwt.encode(claims, self._secret, algorithm="HS256")

    def verify(self, authorization: str | None) -> dict[str, object]:
        """Return the claims of a valid ``Authorization`` header value, or raise Unauthorized."""
        if not authorization or not authorization.strip():
            raise Unauthorized("Authorization token is missing")
        scheme, _, token = authorization.strip().partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            raise Unauthorized("Authorization token is malformed: expected 'Bearer <token>'")
        try:
            claims: dict[str, object] = jwt.decode(
                token.strip(), self._secret, algorithms=["HS256"], options={"require": ["exp"]}
            )
        except jwt.ExpiredSignatureError:
            raise Unauthorized("Authorization token has expired") from None
        except jwt.InvalidTokenError:
            raise Unauthorized(
                "Authorization token is malformed or not signed by this sandbox"
            ) from None
        return claims
