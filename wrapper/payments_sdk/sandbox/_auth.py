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
from collections.abc import MutableMapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import jwt
from starlette.datastructures import Headers

from ._errors import ApiError

if TYPE_CHECKING:
    from ._operation_index import OperationShape

__all__ = [
    "REPRODUCIBLE_EXPIRES_AT",
    "REPRODUCIBLE_ISSUED_AT",
    "Caller",
    "KeyIssuer",
    "Unauthorized",
    "caller_of",
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


_KEYS_KEPT = 4096
"""Most verified keys a sandbox remembers (then it forgets them all and verifies again)."""

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
        self._verified: dict[str, tuple[dict[str, object], int]] = {}

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

    def claims(self, authorization: str | None) -> dict[str, object]:
        """Return the claims of a valid ``Authorization`` value as :meth:`verify` does, or raise.

        A key verified before is not verified again until it expires: the same text, signed
        with the same secret, gets the same verdict until then.
        """
        known = self._verified.get(authorization) if authorization is not None else None
        if known is not None and known[1] > time.time():
            return known[0]
        claims = self.verify(authorization)
        expires = claims.get("exp")
        if authorization is not None and isinstance(expires, int):
            if len(self._verified) >= _KEYS_KEPT:
                self._verified.clear()
            self._verified[authorization] = (claims, expires)
        return claims


@dataclass(frozen=True, slots=True)
class Caller:
    """Who sent a request, read once per request: its key's claims, or why it is refused.

    The sandbox's outermost layer reads it (:func:`caller_of`) and keeps it in the request's
    state, where the faults, the operation's endpoint and the controls find it.
    """

    operation: OperationShape | None
    """The operation it was read for (its key headers, whether it needs a key), or None."""
    claims: dict[str, object] | None
    """The verified key's claims; None with no key, on an operation that needs none."""
    refusal: Unauthorized | None
    """Why the request is refused a 401, or None."""
    keyed: bool
    """Whether its ``Authorization`` header holds a key this sandbox issued."""

    def checked(self) -> dict[str, object] | None:
        """Return the claims (None: a call that needs no key), or raise the 401."""
        if self.refusal is not None:
            raise self.refusal
        return self.claims


_CALLER = "payments_sdk.sandbox.caller"


def caller_of(
    scope: MutableMapping[str, Any], keys: KeyIssuer, operation: OperationShape | None = None
) -> Caller:
    """Return who sent the request of ``scope``: read and verified once, then kept in its state.

    The credential is the ``Authorization`` header, or, without one, the key an ``apiKey``
    header of the operation carries (taken as a bearer token: one the sandbox issued). An
    operation that needs no key takes a call without one; a credential sent is still checked.
    ``operation`` is None for a request to no operation (a control). A caller kept for another
    operation is read again for this one.
    """
    state = scope.setdefault("state", {})
    found = state.get(_CALLER)
    if isinstance(found, Caller) and found.operation is operation:
        return found
    headers = Headers(scope=scope)
    credential = authorization = headers.get("authorization")
    if credential is None:
        sent = (h for h in (operation.key_headers if operation else ()) if h in headers)
        credential = next((f"Bearer {headers[h]}" for h in sent), None)
    if credential is None and operation is not None and operation.anonymous:
        found = Caller(operation, None, None, keyed=False)
    else:
        try:
            claims = keys.claims(credential)
        except Unauthorized as exc:
            found = Caller(operation, None, exc, keyed=False)
        else:
            found = Caller(operation, claims, None, keyed=authorization is not None)
    state[_CALLER] = found
    return found
