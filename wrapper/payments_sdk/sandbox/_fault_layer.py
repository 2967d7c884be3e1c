"""Carrying faults out: the sandbox's outermost ASGI layer.

It wraps the whole Starlette app, outside Starlette's error handling, so that a dropped
connection is never turned into a 500. For each request it finds the operation in the one
table (:mod:`._operation_index`), reads and verifies the credential once (:func:`caller_of`,
kept in the request's state for the endpoint and the controls), asks the :class:`Faults` of
the key's namespace what the call meets, then:

- a failure is answered at once, and the app never sees the request;
- latency holds the app's answer (the request is processed first, as a slow service would);
- a drop closes the connection with no answer, before the app sees the request or after it
  has answered (the answer is thrown away).

Dropping depends on where the sandbox runs:

- **Served by uvicorn** (``Sandbox.serve()``, the command line): the connection's socket is
  closed after the rest of the request body is read (so the client sees the connection close,
  not reset), and the layer waits for uvicorn to notice, so uvicorn answers nothing either. The
  client's HTTP library reports a server that disconnected without a response
  (``httpx.RemoteProtocolError``).
- **In process** (``httpx.ASGITransport``, ``sandbox.client()``): there is no socket, so the
  layer raises that same ``httpx.RemoteProtocolError``, which the transport hands to the client.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, MutableMapping
from typing import Any, Protocol

import anyio
import httpx
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from ._auth import KeyIssuer, caller_of
from ._errors import ApiError
from ._faults import Fault, FaultPlan, Faults
from ._input import MAX_MULTIPART_BYTES
from ._json_answer import JSONAnswer
from ._namespace_states import namespace_of
from ._operation_index import OperationIndex

__all__ = ["DROPPED", "FaultLayer", "FaultsOf"]

log = logging.getLogger("payments_sdk.sandbox")

DROPPED = "Server disconnected without sending a response."
"""What httpx (httpcore) says about a connection closed with no response; in process too."""

_DRAIN_LIMIT = MAX_MULTIPART_BYTES + 1024 * 1024
"""Most request bytes read before a drop; past it the socket closes anyway (the peer sees a
reset). No body the sandbox accepts is that large."""
_MAX_MESSAGES = 100_000
"""Most receive() calls while draining or waiting for the disconnect (a bound on the loops)."""
_DISCONNECT_WAIT = 5.0
"""Longest wait, in seconds, for uvicorn to notice a connection the layer closed."""


class _Transport(Protocol):
    def close(self) -> None: ...

    def is_closing(self) -> bool: ...


def _socket_of(send: Send) -> _Transport | None:
    """Return the asyncio transport of the connection that ``send`` answers, if there is one.

    ASGI has no message to abort a connection, so this reaches into the server: uvicorn's
    ``send`` (h11 and httptools alike) is a method of the request's cycle, which holds the
    connection's ``transport``. Under ``httpx.ASGITransport`` there is none. A test over a real
    socket (tests/sandbox/test_faults_on_demand.py) keeps this honest when uvicorn changes.
    """
    transport: Any = getattr(getattr(send, "__self__", None), "transport", None)
    if callable(getattr(transport, "close", None)) and callable(
        getattr(transport, "is_closing", None)
    ):
        found: _Transport = transport
        return found
    return None


class _Receiver:
    """Passes ``receive`` through, remembering whether the request body has been read to its end."""

    def __init__(self, receive: Receive) -> None:
        self._receive = receive
        self.complete = False
        self.read = 0

    async def __call__(self) -> Message:
        message = await self._receive()
        if message["type"] == "http.request":
            self.read += len(message.get("body", b""))
            self.complete = not message.get("more_body", False)
        else:  # http.disconnect
            self.complete = True
        return message


async def _drop(receiver: _Receiver, send: Send) -> None:
    """Close the connection without an answer (in process: raise what a client would see)."""
    transport = _socket_of(send)
    if transport is None:
        raise httpx.RemoteProtocolError(DROPPED)
    for _ in range(_MAX_MESSAGES):
        if receiver.complete or receiver.read > _DRAIN_LIMIT:
            break
        await receiver()
    transport.close()
    # Wait until uvicorn sees the connection lost; returning earlier would make it answer a 500.
    with anyio.move_on_after(_DISCONNECT_WAIT):
        for _ in range(_MAX_MESSAGES):
            message = await receiver._receive()
            if message["type"] == "http.disconnect":
                break


async def _hold(receiver: _Receiver, seconds: float) -> bool:
    """Wait ``seconds``, or until the client goes away; return whether it is still there.

    A client that timed out has closed its connection: the answer it will never read is not
    held any longer, so the server can stop at once.
    """
    gone = False
    async with anyio.create_task_group() as group:

        async def watch() -> None:
            nonlocal gone
            for _ in range(_MAX_MESSAGES):
                if (await receiver())["type"] == "http.disconnect":
                    gone = True
                    group.cancel_scope.cancel()
                    return

        group.start_soon(watch)
        await anyio.sleep(seconds)
        group.cancel_scope.cancel()
    return not gone


def _failure(fault: Fault) -> JSONAnswer:
    """Return the answer of a ``fail`` fault: the error body, and ``Retry-After`` if asked."""
    status = fault.status or 503
    error = ApiError(
        status, f"{fault.operation} failed with {status} because a test asked ({fault.id})"
    )
    headers = {} if fault.retry_after is None else {"Retry-After": str(fault.retry_after)}
    return JSONAnswer(error.body(), status_code=status, headers=headers)


FaultsOf = Callable[[str], "Faults | None"]
"""Returns the faults of a namespace (None: none, such as past the namespace limit)."""


class FaultLayer:
    """An ASGI app that carries out, around ``app``, the faults of each request's namespace.

    Faults belong to a namespace, as records do: a request whose ``Authorization`` holds a key
    this sandbox issued meets the faults of the key's namespace (``faults_of``); one without a
    valid key meets none (the app answers it 401).
    """

    def __init__(
        self, app: ASGIApp, operations: OperationIndex, keys: KeyIssuer, faults_of: FaultsOf
    ) -> None:
        self.app = app
        self.operations = operations
        self.keys = keys
        self.faults_of = faults_of

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve one request (or other ASGI connection), with the faults it meets."""
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        # A control, or no path of the bundle (operation None): neither counted nor faulted.
        operation = self.operations.match(scope["method"], scope["path"])
        caller = caller_of(scope, self.keys, operation)
        faults = None
        if caller.keyed and caller.claims is not None:
            faults = self.faults_of(namespace_of(caller.claims))
        plan = None
        if faults is not None and operation is not None:
            plan = faults._take_for(operation.operation_id)
        if plan is None:
            await self.app(scope, receive, send)
            return
        await self._faulted(plan, scope, _Receiver(receive), send)

    async def _faulted(
        self, plan: FaultPlan, scope: Scope, receiver: _Receiver, send: Send
    ) -> None:
        log.debug("fault for %s: %s", plan.operation, plan)
        if plan.fail is not None or plan.drop == "before":  # the app never sees the request
            if plan.delay and not await _hold(receiver, plan.delay):
                return
            if plan.fail is not None:
                await _failure(plan.fail)(scope, receiver, send)
            else:
                await _drop(receiver, send)
            return
        held: list[MutableMapping[str, Any]] = []

        async def hold(message: MutableMapping[str, Any]) -> None:
            held.append(message)

        await self.app(scope, receiver, hold)
        if plan.delay and not await _hold(receiver, plan.delay):
            return
        if plan.drop == "after":
            await _drop(receiver, send)
            return
        for message in held:
            await send(message)
