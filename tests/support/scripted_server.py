"""A loopback server that plays, for each request, the script its ``x-script`` header names.

Built on :func:`~tests.support.thread_server.threaded_server`: the bytes go out on the server's
own threads, on schedule whatever the event loop under test is doing. Connections are kept
alive: a connection plays one script per request until the script ends it.
"""

from __future__ import annotations

import contextlib
import json
import socket
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from tests.support.schema_values import answered
from tests.support.thread_server import read_head, threaded_server

__all__ = ["BODY", "Played", "Script", "head", "scripted_server", "stalled", "trickled"]

BODY = json.dumps(answered("ping", {})).encode() + b" " * 120  # room for twelve pieces

Script = Sequence[tuple[float, bytes]]
"""Seconds to wait, then bytes to write; an empty ``bytes`` after a wait writes nothing."""


def head(status: str = "200 OK", length: int | None = len(BODY)) -> bytes:
    """An answer's head, with ``length`` as its Content-Length (none when None)."""
    framing = "" if length is None else f"content-length: {length}\r\n"
    return f"HTTP/1.1 {status}\r\ncontent-type: application/json\r\n{framing}\r\n".encode()


def trickled(gap: float, pieces: int) -> list[tuple[float, bytes]]:
    """A whole answer: its head at once, then its body in ``pieces`` parts, ``gap`` s apart."""
    size = -(-len(BODY) // pieces)
    parts = [BODY[i : i + size] for i in range(0, len(BODY), size)]
    return [(0.0, head()), *((gap, part) for part in parts)]


def stalled(*before: tuple[float, bytes]) -> list[tuple[float, bytes]]:
    """``before`` (the head by default), then silence for longer than any test waits."""
    return [*(before or [(0.0, head())]), (60.0, b"")]


@dataclass
class Played:
    """What the server did, by script name (give each call its own name to tell calls apart)."""

    last_byte: dict[str, float] = field(default_factory=dict)
    """When the last piece of a script by that name started to be written, so far: taken before
    the send, so no client can have read it earlier (a time taken after the send may be later
    than the client's read, when this thread is preempted in between)."""
    connections: int = 0
    """How many connections the server accepted."""
    started: dict[str, threading.Event] = field(default_factory=dict)
    """Set once the first piece of a script by that name was written."""

    def began(self, name: str) -> threading.Event:
        """The event set when a script named ``name`` wrote its first piece."""
        return self.started.setdefault(name, threading.Event())


def _script_name(request: bytes) -> str:
    for line in request.split(b"\r\n")[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"x-script":
            return value.strip().decode()
    return "whole"


@contextlib.contextmanager
def scripted_server(scripts: Mapping[str, Script]) -> Iterator[tuple[str, Played]]:
    """Serve each request with ``scripts[its x-script header]`` (``"whole"`` when none).

    Yields the base URL and a :class:`Played` record (times are ``time.monotonic``).
    """
    played = Played()
    lock = threading.Lock()
    for name in scripts:
        played.began(name)

    def serve(connection: socket.socket, stop: threading.Event) -> None:
        with lock:
            played.connections += 1
        data = b""
        while not stop.is_set():
            got = read_head(connection, data)
            if got is None:
                return
            request, data = got  # the requests here have no body
            name = _script_name(request)
            first = True
            try:
                for wait, piece in scripts[name]:
                    if stop.wait(wait):
                        return
                    if piece:
                        sending = time.monotonic()
                        connection.sendall(piece)
                        with lock:
                            played.last_byte[name] = sending
                    if first:
                        played.began(name).set()
                        first = False
            except OSError:  # the client closed the connection: the script ends
                return

    with threaded_server(serve) as url:
        yield url, played
