"""``SandboxNamespace``: one namespace of a sandbox server, driven over its HTTP controls.

What ``payments_shared_sandbox`` yields, and what a test on a shared server (another process,
another machine's CI job) uses instead of a :class:`~payments_sdk.sandbox.Sandbox`: the same
test helpers, each a call to a ``/_sandbox/*`` control with the namespace's own key, so it acts
on that namespace only (its records, clock, snapshots, faults and call counts).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from urllib.parse import quote

__all__ = ["SandboxControlError", "SandboxNamespace"]


class SandboxControlError(Exception):
    """A sandbox control refused a call: ``status`` and the sandbox's own ``message``."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(f"{status}: {message}")
        self.status = status
        """The HTTP status the control answered (400, 404, ...)."""
        self.message = message
        """The sandbox's message, naming what was wrong."""


class SandboxNamespace:
    """One namespace on a sandbox server: its URL and key, and its controls over HTTP.

    ``PAYMENTS_BASE_URL`` and ``PAYMENTS_API_KEY`` point at it during a
    ``payments_shared_sandbox`` test. Every method acts on this namespace only; a refusal raises
    :class:`SandboxControlError` with the sandbox's message.
    """

    def __init__(self, base_url: str, api_key: str, namespace: str) -> None:
        self.base_url = base_url
        """The server's base URL (``.../v1``); ``PAYMENTS_BASE_URL`` during the test."""
        self.api_key = api_key
        """The namespace's key; ``PAYMENTS_API_KEY`` during the test."""
        self.namespace = namespace
        """The namespace's name: ``<xdist worker>-<random>`` for the fixture's."""

    def __repr__(self) -> str:
        return f"SandboxNamespace({self.namespace!r}, base_url={self.base_url!r})"

    def _call(self, method: str, path: str, body: dict[str, Any] | None = None) -> Any:
        import httpx  # imported on use: the pytest plugin imports this module at start

        answer = httpx.request(
            method,
            self.base_url.removesuffix("/v1") + path,
            json=body if body is not None or method == "POST" else None,
            headers={"Authorization": f"Bearer {self.api_key}"},
            timeout=30,
        )
        if answer.status_code >= 400:
            try:
                found = answer.json()
                message = str(found.get("message") or found.get("error") or answer.text)
            except (ValueError, AttributeError):
                message = answer.text
            raise SandboxControlError(answer.status_code, message)
        return None if answer.status_code == 204 else answer.json()

    # -- state ----------------------------------------------------------------------------

    def reset(self, seed: int | None = None) -> None:
        """Start this namespace again from its seeded state (or from ``seed``), with new ids."""
        self._call("POST", "/_sandbox/reset", {} if seed is None else {"seed": seed})

    def snapshot(self, name: str) -> dict[str, Any]:
        """Keep a named copy of this namespace's state; return it as :meth:`snapshots` lists it."""
        answer: dict[str, Any] = self._call("POST", "/_sandbox/snapshots", {"name": name})
        return answer

    def snapshots(self) -> list[dict[str, Any]]:
        """Return this namespace's snapshots by name: ``{"name", "taken_at", "size"}`` each."""
        data: list[dict[str, Any]] = self._call("GET", "/_sandbox/snapshots")["data"]
        return data

    def restore(self, name: str) -> None:
        """Put this namespace back as it was at the snapshot ``name``."""
        self._call("POST", f"/_sandbox/snapshots/{quote(name, safe='')}/restore")

    def delete_snapshot(self, name: str) -> None:
        """Remove the snapshot ``name`` (SandboxControlError 404 if there is none)."""
        self._call("DELETE", f"/_sandbox/snapshots/{quote(name, safe='')}")

    def delete(self) -> None:
        """Delete this namespace: records, snapshots, clock, faults (its ids are never reused)."""
        self._call("DELETE", "/_sandbox/namespace")

    def simulate_payment(
        self,
        *,
        amount: int,
        currency: str = "USD",
        status: str = "success",
        held: bool = False,
        created_at: datetime | str | None = None,
    ) -> dict[str, Any]:
        """Add a payment (sandbox-only); ``held=True`` puts it on a sanctions hold with an RFI.

        ``created_at`` (an aware datetime, or ISO 8601 with its offset) creates it in the
        past; it must not be later than this namespace's clock.
        """
        body: dict[str, Any] = {"amount": amount, "currency": currency, "status": status}
        body["held"] = held
        if created_at is not None:
            body["created_at"] = (
                created_at.isoformat() if isinstance(created_at, datetime) else created_at
            )
        payment: dict[str, Any] = self._call("POST", "/_sandbox/payments", body)
        return payment

    def set_fields(self, resource: str, record_id: str, fields: dict[str, Any]) -> dict[str, Any]:
        """Set fields of a record to any value the bundle allows (sandbox-only); return it.

        ``set_fields("rfis", rfi_id, {"status": "expired"})``, as :meth:`Sandbox.set_fields
        <payments_sdk.sandbox.Sandbox.set_fields>`: a value the bundle does not allow is a
        SandboxControlError 400 naming the field; no such record, a 404.
        """
        where = f"/_sandbox/records/{quote(resource, safe='')}/{quote(record_id, safe='')}"
        record: dict[str, Any] = self._call("PATCH", where, fields)
        return record

    def add_record(self, resource: str, fields: dict[str, Any] | None = None) -> dict[str, Any]:
        """Add a record to a resource no business rule keeps (sandbox-only); return it.

        As :meth:`Sandbox.add_record <payments_sdk.sandbox.Sandbox.add_record>`; a refusal is a
        SandboxControlError naming the field.
        """
        where = f"/_sandbox/records/{quote(resource, safe='')}"
        record: dict[str, Any] = self._call("POST", where, fields or {})
        return record

    # -- the clock ------------------------------------------------------------------------

    def now(self) -> str:
        """Return this namespace's time (ISO 8601, UTC)."""
        return str(self._call("GET", "/_sandbox/clock")["now"])

    def freeze(self, at: str | None = None) -> str:
        """Stop this namespace's clock (at an ISO 8601 time, optionally); return the time."""
        body: dict[str, Any] = {"freeze": True, **({"at": at} if at else {})}
        return str(self._call("POST", "/_sandbox/clock", body)["now"])

    def advance(self, seconds: int) -> str:
        """Move this namespace's clock forward; return the new time."""
        return str(self._call("POST", "/_sandbox/clock", {"advance": seconds})["now"])

    def resume(self) -> str:
        """Let this namespace's clock run again from where it stands; return the time."""
        return str(self._call("POST", "/_sandbox/clock", {"resume": True})["now"])

    # -- faults ---------------------------------------------------------------------------

    def fail(
        self,
        operation: str,
        *,
        status: int,
        times: int | None = 1,
        retry_after: int | None = None,
    ) -> dict[str, Any]:
        """Make this namespace's next ``times`` calls of ``operation`` answer ``status``."""
        body: dict[str, Any] = {"operation": operation, "kind": "fail", "status": status}
        body["times"] = times
        if retry_after is not None:
            body["retry_after"] = retry_after
        return self._fault(body)

    def latency(self, operation: str, seconds: int, *, times: int | None = None) -> dict[str, Any]:
        """Delay the answers of ``operation`` by ``seconds`` (every call until cleared)."""
        body = {"operation": operation, "kind": "latency", "seconds": seconds, "times": times}
        return self._fault(body)

    def drop(self, operation: str, *, when: str, times: int | None = 1) -> dict[str, Any]:
        """Close the connection of ``operation``'s next calls, ``before`` or ``after`` it runs."""
        body = {"operation": operation, "kind": "drop", "when": when, "times": times}
        return self._fault(body)

    def _fault(self, body: dict[str, Any]) -> dict[str, Any]:
        fault: dict[str, Any] = self._call("POST", "/_sandbox/faults", body)
        return fault

    def faults(self) -> list[dict[str, Any]]:
        """Return this namespace's pending faults, oldest first."""
        data: list[dict[str, Any]] = self._call("GET", "/_sandbox/faults")["data"]
        return data

    def calls(self, operation: str | None = None) -> Any:
        """Return how often ``operation`` was called here, or every count (by operationId).

        ``operation`` is named as for :meth:`fail`: ``"refunds.create"``, an operationId or
        ``"METHOD /path"``.
        """
        counts: dict[str, int] = self._call("GET", "/_sandbox/faults")["calls"]
        if operation is None:
            return counts
        from ._operations import bundle_operations  # imported on use, as httpx is

        return counts.get(bundle_operations().resolve(operation) or operation, 0)

    def clear_faults(self) -> None:
        """Remove this namespace's faults and reset its call counts (others' stay)."""
        self._call("DELETE", "/_sandbox/faults")
