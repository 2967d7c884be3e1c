"""Sandbox credentials: HS256 JWT-form test keys with an expiry.

A sandbox signs its keys with a random secret, so each sandbox has its own key, valid for 24
hours. Given a secret, it issues a *reproducible* key instead
(:meth:`KeyIssuer.issue_reproducible`): the same secret always gives the same key, issued at a
fixed time and valid until 9999, so that a key written into a CI configuration or a ``.env``
file keeps working. A sandbox key guards nothing but a local copy of the service, and anyone
who knows the secret (or the seed it was derived from, :func:`secret_for_seed`) can make the
key anyway: an expiry would protect nothing, and a key that expired between runs would not be
reproducible.
"""

from __future__ import annotations

import hashlib
import secrets
import time

import jwt

from ._errors import ApiError

__all__ = [
    "REPRODUCIBLE_EXPIRES_AT",
    "REPRODUCIBLE_ISSUED_AT",
    "KeyIssuer",
    "Unauthorized",
    "secret_for_seed",
    "signing_key",
]

REPRODUCIBLE_ISSUED_AT = 1_767_225_600
"""``iat`` of every reproducible key: 2026-01-01T00:00:00Z."""
REPRODUCIBLE_EXPIRES_AT = 253_402_300_799
"""``exp`` of every reproducible key: 9999-12-31T23:59:59Z, the last second of a 4-digit year."""


def secret_for_seed(seed: int) -> str:
    """Return the signing secret that ``--seed`` stands for (a SHA-256 of the seed, in hex)."""
    return hashlib.sha256(f"payments-sdk sandbox key, seed {seed}".encode()).hexdigest()


MIN_SECRET_BYTES = 32
"""HS256 wants a key of at least 32 bytes (RFC 7518 3.2); shorter secrets are hashed to one."""


def signing_key(secret: str) -> str:
    """Return the HS256 key a secret signs with: itself, or its SHA-256 when it is short.

    A team's ``--key-secret team-dev`` is a shared password for a local sandbox, not a
    cryptographic key: it is accepted, hashed to 256 bits (so PyJWT has no short-key warning to
    give), and the same text still gives the same key on every run.
    """
    if len(secret.encode()) >= MIN_SECRET_BYTES:
        return secret
    return hashlib.sha256(f"payments-sdk sandbox key, secret {secret}".encode()).hexdigest()


class Unauthorized(ApiError):
    """A request's bearer token is missing, malformed or expired: a 401 with that message."""

    def __init__(self, message: str) -> None:
        super().__init__(401, message)


class KeyIssuer:
    """Issues and verifies the sandbox's secret test keys."""

    def __init__(self, secret: str | None = None, lifetime: int = 24 * 3600) -> None:
        self._secret = signing_key(secret) if secret else secrets.token_urlsafe(32)
        self.lifetime = lifetime
        self.reproducible = secret is not None
        """Whether keys issued on request are reproducible (the sandbox was given a secret)."""

    def issue(
        self,
        *,
        lifetime: int | None = None,
        subject: str = "merchant_sandbox",
        namespace: str | None = None,
    ) -> str:
        """Return a new secret test key valid for ``lifetime`` seconds (negative: expired).

        With ``namespace``, requests made with the key see that namespace's state only.
        """
        now = int(time.time())
        expires = now + (self.lifetime if lifetime is None else lifetime)
        return self._sign(subject, now, expires, namespace)

    def issue_reproducible(
        self, *, subject: str = "merchant_sandbox", namespace: str | None = None
    ) -> str:
        """Return the key this secret always gives (per namespace): fixed ``iat``, until 9999."""
        return self._sign(subject, REPRODUCIBLE_ISSUED_AT, REPRODUCIBLE_EXPIRES_AT, namespace)

    def issue_for(self, namespace: str | None) -> str:
        """Return a key for ``namespace``: reproducible when the sandbox has a fixed secret."""
        if self.reproducible:
            return self.issue_reproducible(namespace=namespace)
        return self.issue(namespace=namespace)

    def _sign(self, subject: str, issued_at: int, expires_at: int, namespace: str | None) -> str:
        claims: dict[str, object] = {
            "sub": subject,
            "kind": "secret",
            "env": "test",
            "iat": issued_at,
            "exp": expires_at,
        }
        if namespace is not None:
            claims["ns"] = namespace
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
