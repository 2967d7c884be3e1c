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

from ._controls import CONTROLS, to_json

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

    def _control(self, name: str, /, **arguments: Any) -> Any:
        """Call the control ``name`` over HTTP with ``arguments``; return its answer's body.

        The request is the one :data:`~payments_sdk.sandbox._controls.CONTROLS` describes: path
        parameters in the path, the other arguments (or the one that is the body) as JSON.
        """
        import httpx  # imported on use: the pytest plugin imports this module at start

        control = CONTROLS[name]
        path = {key: quote(str(arguments.pop(key)), safe="") for key in control.parameters()}
        body = arguments.pop(control.body) if control.body else arguments
        headers = {"Authorization": f"Bearer {self.api_key}"}
        if body:
            headers["Content-Type"] = "application/json"
        answer = httpx.request(
            control.method,
            self.base_url.removesuffix("/v1") + control.path.format(**path),
            content=to_json(body, control.body or "arguments") if body else None,
            headers=headers,
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
        self._control("reset", seed=seed)

    def snapshot(self, name: str) -> dict[str, Any]:
        """Keep a named copy of this namespace's state; return it as :meth:`snapshots` lists it."""
        answer: dict[str, Any] = self._control("snapshot", name=name)
        return answer

    def snapshots(self) -> list[dict[str, Any]]:
        """Return this namespace's snapshots by name: ``{"name", "taken_at", "size"}`` each."""
        data: list[dict[str, Any]] = self._control("snapshots")["data"]
        return data

    def restore(self, name: str) -> None:
        """Put this namespace back as it was at the snapshot ``name``."""
        self._control("restore", name=name)

    def delete_snapshot(self, name: str) -> None:
        """Remove the snapshot ``name`` (SandboxControlError 404 if there is none)."""
        self._control("delete_snapshot", name=name)

    def delete(self) -> None:
        """Delete this namespace: records, snapshots, clock, faults (its ids are never reused)."""
        self._control("delete_namespace")

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
        arguments = {"amount": amount, "currency": currency, "status": status, "held": held}
        payment: dict[str, Any] = self._control(
            "simulate_payment", **arguments, created_at=created_at
        )
        return payment

    def set_fields(self, resource: str, record_id: str, fields: dict[str, Any]) -> dict[str, Any]:
        """Set fields of a record to any value the bundle allows (sandbox-only); return it.

        ``set_fields("rfis", rfi_id, {"status": "expired"})``, as :meth:`Sandbox.set_fields
        <payments_sdk.sandbox.Sandbox.set_fields>`: a value the bundle does not allow is a
        SandboxControlError 400 naming the field; no such record, a 404.
        """
        record: dict[str, Any] = self._control(
            "set_fields", resource=resource, id=record_id, fields=fields
        )
        return record

    def add_record(self, resource: str, fields: dict[str, Any] | None = None) -> dict[str, Any]:
        """Add a record to a resource no business rule keeps (sandbox-only); return it.

        As :meth:`Sandbox.add_record <payments_sdk.sandbox.Sandbox.add_record>`; a refusal is a
        SandboxControlError naming the field.
        """
        record: dict[str, Any] = self._control("add_record", resource=resource, fields=fields or {})
        return record

    def set_answer(self, resource: str, fields: dict[str, Any]) -> dict[str, Any]:
        """Set fields on the answers of a resource no record backs (sandbox-only).

        As :meth:`Sandbox.set_answer <payments_sdk.sandbox.Sandbox.set_answer>`; a refusal is a
        SandboxControlError naming the field.
        """
        answer: dict[str, Any] = self._control("set_answer", resource=resource, fields=fields)
        return answer

    # -- the clock ------------------------------------------------------------------------

    def now(self) -> str:
        """Return this namespace's time (ISO 8601, UTC)."""
        return str(self._control("clock")["now"])

    def freeze(self, at: str | None = None) -> str:
        """Stop this namespace's clock (at an ISO 8601 time, optionally); return the time."""
        moved = self._control("move_clock", freeze=True, **({"at": at} if at else {}))
        return str(moved["now"])

    def advance(self, seconds: int) -> str:
        """Move this namespace's clock forward; return the new time."""
        return str(self._control("move_clock", advance=seconds)["now"])

    def resume(self) -> str:
        """Let this namespace's clock run again from where it stands; return the time."""
        return str(self._control("move_clock", resume=True)["now"])

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
        return self._fault(
            operation=operation, kind="fail", status=status, times=times, retry_after=retry_after
        )

    def latency(self, operation: str, seconds: int, *, times: int | None = None) -> dict[str, Any]:
        """Delay the answers of ``operation`` by ``seconds`` (every call until cleared)."""
        return self._fault(operation=operation, kind="latency", seconds=seconds, times=times)

    def drop(self, operation: str, *, when: str, times: int | None = 1) -> dict[str, Any]:
        """Close the connection of ``operation``'s next calls, ``before`` or ``after`` it runs."""
        return self._fault(operation=operation, kind="drop", when=when, times=times)

    def _fault(self, **arguments: Any) -> dict[str, Any]:
        fault: dict[str, Any] = self._control("add_fault", **arguments)
        return fault

    def faults(self) -> list[dict[str, Any]]:
        """Return this namespace's pending faults, oldest first."""
        data: list[dict[str, Any]] = self._control("faults")["data"]
        return data

    def calls(self, operation: str | None = None) -> Any:
        """Return how often ``operation`` was called here, or every count (by operationId).

        ``operation`` is named as for :meth:`fail`: ``"refunds.create"``, an operationId or
        ``"METHOD /path"``.
        """
        counts: dict[str, int] = self._control("faults")["calls"]
        if operation is None:
            return counts
        from ._operation_index import bundle_operations  # imported on use, as httpx is

        return counts.get(bundle_operations().resolve(operation) or operation, 0)

    def clear_faults(self) -> None:
        """Remove this namespace's faults and reset its call counts (others' stay)."""
        self._control("clear_faults")
