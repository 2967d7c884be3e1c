"""``Sandbox``: the local service, in process (no socket) or served on a loopback port."""

from __future__ import annotations

import contextlib
import functools
import ipaddress
import os
import socket
import threading
import time
from collections.abc import Callable, Iterator, Mapping
from datetime import UTC, datetime, timedelta
from types import TracebackType
from typing import Any, Self

import httpx
from starlette.types import ASGIApp

from .._client import AsyncPaymentsClient
from ._app import build_app
from ._auth import KeyIssuer
from ._clock import TestClock
from ._controls import CONTROLS, Call, State, to_json
from ._errors import ApiError
from ._fault_layer import FaultLayer
from ._faults import Faults
from ._input import parse_json
from ._namespace_states import DEFAULT, IDLE_TIMEOUT, Spaces, check_name
from ._operation_index import bundle_operations
from ._payin import creation_time
from ._record_fields import RecordFields
from ._state_file import SnapshotInfo, StateFile
from ._store import Store, render
from ._transport import InProcessTransport

__all__ = ["Sandbox"]

IN_PROCESS_URL = "http://127.0.0.1/v1"


class Sandbox:
    """A stateful local copy of the service, built from the bundle.

    In process, for your own tests::

        async with Sandbox() as sandbox:
            client = sandbox.client()
            await client.balances.retrieve()

    Args:
        clock: Returns the current time (aware UTC); defaults to the wall clock.
        fx_ttl: How long a mid-market rate stays cached.
        seed: Seeds ids, rates and seeded payments, so runs are repeatable.
        seed_payments: How many payments exist at start: one minute apart, ending now.
        seed_span: ``(start, end)``, aware datetimes: the seeded payments are spread evenly
            from ``start`` (the first one is created at ``start`` exactly) to before ``end``
            instead, such as last month for a month-end test. ``end`` must not be later
            than the clock's time.
        state: An SQLite file that keeps every namespace's records across restarts (created
            when missing). Without it, the state lives in memory only.
        key_secret: Signs the sandbox's keys. Without it, a random secret: ``api_key`` differs
            from one sandbox to the next and is valid for 24 hours. With it, ``api_key`` is
            reproducible: the same secret always gives the same key, valid until the year 9999.
        namespace_idle: Seconds a namespace (other than ``default``) may stay untouched before
            it may be expired to make room for a new one: unloaded with a state file (its
            records stay on disk), deleted without. 0 never expires one.

    """

    def __init__(
        self,
        *,
        clock: Callable[[], datetime] | None = None,
        fx_ttl: timedelta = timedelta(minutes=5),
        seed: int = 7,
        seed_payments: int = 45,
        key_secret: str | None = None,
        state: str | os.PathLike[str] | None = None,
        namespace_idle: float = IDLE_TIMEOUT,
        seed_span: tuple[datetime, datetime] | None = None,
    ) -> None:
        if seed_span is not None:
            seed_span = _span(seed_span, (clock or (lambda: datetime.now(UTC)))())
        state_file = StateFile(state) if state is not None else None
        try:
            self.spaces = Spaces(
                seed=seed,
                seed_payments=seed_payments,
                fx_ttl=fx_ttl,
                clock=clock,
                state=state_file,
                idle_timeout=namespace_idle,
                seed_span=seed_span,
            )
            """Every namespace's state (``_namespace_states.py``); ``store``: the default one's."""
        except BaseException:
            if state_file is not None:
                state_file.close()
            raise
        self.keys = KeyIssuer(key_secret)
        self.app: ASGIApp = FaultLayer(
            build_app(self.spaces, self.keys), bundle_operations(), self.keys, self._faults_in
        )
        """The sandbox as an ASGI app, for ``httpx.ASGITransport`` or an ASGI server."""
        self.api_key: str = (
            self.keys.issue() if key_secret is None else self.keys.issue_reproducible()
        )
        """A secret test key for this sandbox: valid for 24 hours, or reproducible with
        ``key_secret``."""
        self.base_url: str = IN_PROCESS_URL
        """Where clients reach the sandbox: in process, or the served URL inside :meth:`serve`."""
        self._http_clients: list[httpx.AsyncClient] = []

    @property
    def faults(self) -> Faults:
        """The default namespace's faults on demand: failures, latency and dropped connections.

        Faults belong to a namespace, as records do: see :meth:`faults_of`.
        """
        return self.spaces.faults(DEFAULT)

    def faults_of(self, namespace: str) -> Faults:
        """Return the faults and call counts of ``namespace`` (its calls only)."""
        return self.spaces.faults(check_name_or_raise(namespace))

    def _faults_in(self, namespace: str) -> Faults | None:
        """Return the faults of a request's namespace (None: past the namespace limit)."""
        try:
            return self.spaces.faults(namespace)
        except ApiError:
            return None  # the app answers why

    @property
    def store(self) -> Store:
        """The default namespace's records and rules."""
        return self.spaces.store(DEFAULT)

    @property
    def clock(self) -> TestClock:
        """The default namespace's clock: ``sandbox.clock.freeze()``, ``.advance(seconds)``.

        Raises TypeError when the sandbox was given its own ``clock`` callable.
        """
        return self.clock_of(DEFAULT)

    def clock_of(self, namespace: str) -> TestClock:
        """Return the clock of ``namespace`` (each namespace's time moves on its own)."""
        clock = self.spaces.clock(check_name_or_raise(namespace))
        if not isinstance(clock, TestClock):
            raise TypeError("this sandbox runs on the clock it was given; move that one")
        return clock

    def issue_key(self, namespace: str = DEFAULT) -> str:
        """Return a key whose requests see ``namespace``'s state only (isolated from others)."""
        return self.keys.issue_for(None if namespace == DEFAULT else check_name_or_raise(namespace))

    def reset(self, *, seed: int | None = None, namespace: str = DEFAULT) -> None:
        """Start ``namespace`` again from its seeded state (or from ``seed``)."""
        self._control("reset", namespace, seed=seed)

    def snapshot(self, name: str, *, namespace: str = DEFAULT) -> SnapshotInfo:
        """Keep a named copy of ``namespace``'s state, to :meth:`restore` later.

        Returns the snapshot as :meth:`snapshots` lists it. A namespace keeps at most 100.
        """
        info: SnapshotInfo = self._control("snapshot", namespace, name=name)
        return info

    def snapshots(self, *, namespace: str = DEFAULT) -> list[SnapshotInfo]:
        """Return ``namespace``'s snapshots by name: ``{"name", "taken_at", "size"}`` each.

        ``taken_at`` is when it was taken (UTC, the wall clock); ``size`` the bytes it keeps.
        """
        rows: list[SnapshotInfo] = self._control("snapshots", namespace)
        return rows

    def delete_snapshot(self, name: str, *, namespace: str = DEFAULT) -> None:
        """Remove the snapshot ``name`` of ``namespace`` (KeyError if there is none)."""
        self._control("delete_snapshot", namespace, name=name)

    def delete_namespace(self, namespace: str) -> None:
        """Delete ``namespace``: its records, snapshots, clock and faults.

        Its ids are never issued again; a key that names it later starts it afresh.
        """
        self._control("delete_namespace", namespace)

    def restore(self, name: str, *, namespace: str = DEFAULT) -> None:
        """Put ``namespace`` back as it was when the snapshot ``name`` was taken."""
        self._control("restore", namespace, name=name)

    def client(self, namespace: str = DEFAULT, **options: Any) -> AsyncPaymentsClient:
        """Return an SDK client wired to this sandbox in process, through httpx.ASGITransport.

        The transport enforces the client's read timeout, as a socket would, and a dropped
        connection reaches the client as ``httpx.RemoteProtocolError`` (the SDK raises
        ``APIConnectionError``), as over a socket.
        """
        http = httpx.AsyncClient(transport=InProcessTransport(app=self.app))
        self._http_clients.append(http)
        options.setdefault(
            "api_key", self.api_key if namespace == DEFAULT else self.issue_key(namespace)
        )
        return AsyncPaymentsClient(base_url=IN_PROCESS_URL, http_client=http, **options)

    def simulate_payment(
        self,
        *,
        amount: int,
        currency: str = "USD",
        status: str = "success",
        held: bool = False,
        namespace: str = DEFAULT,
        created_at: datetime | str | None = None,
    ) -> dict[str, Any]:
        """Add a payment (sandbox-only); ``held=True`` puts it on a sanctions hold with an RFI.

        ``created_at`` (an aware datetime, or ISO 8601 with its offset) creates it in the
        past, such as on the last instant of last month; by default it is created now. It
        must not be later than the namespace's clock. Its id is new, as every id is.
        A three-decimal amount (KWD, BHD, OMR) must end in 0, as the service's do.
        Raises ValueError for what the HTTP control refuses with a 400.
        """
        arguments = {"amount": amount, "currency": currency, "status": status, "held": held}
        payment: dict[str, Any] = self._control(
            "simulate_payment", namespace, **arguments, created_at=created_at
        )
        return payment

    def set_fields(
        self,
        resource: str,
        record_id: str,
        fields: Mapping[str, Any],
        *,
        namespace: str = DEFAULT,
    ) -> dict[str, Any]:
        """Set fields of a record to any value the bundle allows (sandbox-only); return it.

        ``sandbox.set_fields("rfis", rfi_id, {"status": "expired"})`` makes the service's own
        operations answer an expired RFI. ``resource`` is the SDK's name of the resource
        (``client.rfis``); each value must match the field's schema in the bundle. No business
        rule runs and no other record changes. ``id`` and ``created_at`` cannot be set.

        Raises ValueError naming the field when the bundle does not allow a value, and
        KeyError when the resource keeps no records or has no record ``record_id``.
        """
        record: dict[str, Any] = self._control(
            "set_fields", namespace, resource=resource, id=record_id, fields=dict(fields)
        )
        return record

    def add_record(
        self,
        resource: str,
        fields: Mapping[str, Any] | None = None,
        *,
        namespace: str = DEFAULT,
    ) -> dict[str, Any]:
        """Add a record to a resource no business rule keeps (sandbox-only); return it.

        For a resource the bundle only lists and retrieves (the service makes its records):
        ``fields`` are checked as :meth:`set_fields` checks them; the record gets an id with its
        schema's prefix and ``created_at`` from the clock. Raises ValueError naming the field,
        and KeyError when the resource keeps no records.
        """
        record: dict[str, Any] = self._control(
            "add_record", namespace, resource=resource, fields=dict(fields or {})
        )
        return record

    def set_answer(
        self, resource: str, fields: Mapping[str, Any], *, namespace: str = DEFAULT
    ) -> dict[str, Any]:
        """Set fields on the answers of a resource no record backs (sandbox-only).

        ``sandbox.set_answer("fx_rates", {"mid_market_rate": 2})``: every later answer of the
        resource's reads (the FX rate, the balances, ``client`` for the ping) carries the
        fields, until a reset. Each value must match the answer's schema in the bundle. Returns
        every field set so far; raises ValueError naming the field, and KeyError when the
        resource is not one whose answers no record backs.
        """
        answer: dict[str, Any] = self._control(
            "set_answer", namespace, resource=resource, fields=dict(fields)
        )
        return answer

    def _control(self, name: str, namespace: str, /, **arguments: Any) -> Any:
        """Run the control ``name`` on ``namespace`` as its HTTP route does; return its result.

        The arguments travel as the route's JSON body and path would (so every check is the
        route's), and its refusal is raised as the Python API's: 404 a KeyError, else ValueError.
        """
        control = CONTROLS[name]
        namespace = check_name_or_raise(namespace)
        path = {key: str(arguments.pop(key)) for key in control.parameters()}
        body = arguments.pop(control.body) if control.body else arguments
        try:
            checked = {}
            if control.check is not None:
                raw = to_json(body, control.body or "arguments")
                where = f"{control.method} {control.path.format(**path)}"
                checked = control.check(Call(parse_json(raw), path, where))
            return control.run(self._state, namespace, **checked)
        except ApiError as exc:
            raise (KeyError if exc.status == 404 else ValueError)(exc.message) from None

    @functools.cached_property
    def _record_fields(self) -> RecordFields:
        return RecordFields(bundle_operations().document)

    @functools.cached_property
    def _state(self) -> State:
        return State(self.spaces, self.keys, lambda: self._record_fields)

    async def aclose(self) -> None:
        """Close the transports of the clients made by :meth:`client`, and the state file."""
        for http in self._http_clients:
            await http.aclose()
        self._http_clients.clear()
        self.spaces.close()

    async def __aenter__(self) -> Self:
        return self

    async def __aexit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        await self.aclose()

    @contextlib.contextmanager
    def serve(self, host: str = "127.0.0.1", port: int = 0) -> Iterator[str]:
        """Serve over HTTP on a loopback port in a background thread; yield the base URL."""
        import uvicorn

        sock = bind(host, port)
        config = uvicorn.Config(self.app, log_level="warning", lifespan="off")
        server = uvicorn.Server(config)
        thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
        thread.start()
        deadline = time.monotonic() + 10
        while not server.started:
            if not thread.is_alive() or time.monotonic() > deadline:
                raise RuntimeError("the sandbox server did not start")
            time.sleep(0.01)
        url = base_url_of(sock)
        previous, self.base_url = self.base_url, url
        try:
            yield url
        finally:
            self.base_url = previous
            server.should_exit = True
            thread.join(timeout=10)
            sock.close()


def _span(span: object, now: datetime) -> tuple[datetime, datetime]:
    """Return a seed span checked: two aware times, in order, the end not after ``now``."""
    if not (isinstance(span, tuple) and len(span) == 2):
        raise ValueError("seed_span must be a (start, end) pair of aware datetimes")
    try:
        start, end = (creation_time(value, "seed_span") for value in span)
    except ApiError as exc:
        raise ValueError(exc.message) from None
    if not start < end:
        raise ValueError(
            f"seed_span must start before it ends, got {render(start)} to {render(end)}"
        )
    if end > now:
        raise ValueError(
            f"seed_span must end no later than the clock's time ({render(now)}): records are "
            "created now or in the past"
        )
    return start, end


def check_name_or_raise(value: object) -> str:
    """Return a namespace or snapshot name, or raise ValueError (the Python API's refusal)."""
    try:
        return check_name(value, "name")
    except ApiError as exc:
        raise ValueError(exc.message) from None


def bind(host: str, port: int) -> socket.socket:
    """Bind and listen on a socket (``port=0`` picks a free one)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    # Accepted connections inherit TCP_NODELAY; without it, Nagle's algorithm and delayed ACKs
    # add ~40 ms to every response that is written in more than one piece.
    sock.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)
    sock.bind((host, port))
    sock.listen(128)  # connections queue from now on, before the server starts accepting
    return sock


def base_url_of(sock: socket.socket) -> str:
    """Return the ``/v1`` base URL of a bound socket.

    A socket bound to every address (``0.0.0.0``, ``::``) is reached on this machine through
    the loopback address, the one address for which the SDK accepts plain ``http://``.
    """
    host, port = sock.getsockname()[:2]
    if ipaddress.ip_address(host).is_unspecified:
        host = "::1" if ":" in host else "127.0.0.1"
    shown = f"[{host}]" if ":" in host else host
    return f"http://{shown}:{port}/v1"
