"""A loopback HTTP server that writes every byte itself, for the connection-reuse tests.

Unlike ``wire_server`` (h11, which refuses to write a wrong answer), each answer here is the
exact bytes a test gives, and the test says what happens to the connection after it:

- ``close=True``: the server closes right after the answer, *without* ``Connection: close``,
  as load balancers and servers with idle timeouts do. The connection's FIN travels in the
  same TCP segment as the answer's last bytes (the answer is corked, and the FIN tacked onto
  it), so a client that reads the answer has the FIN in its socket already: the client's
  verdict never depends on how threads are scheduled. :attr:`RawSocketServer.closes` counts
  the closes that went out this way; an answer whose cork did not hold (the kernel sent it
  before the FIN) keeps its connection open instead.
- ``idle``: bytes written after the answer, once the test calls
  :meth:`RawSocketServer.write_idle` (the client has its answer and the connection sits in
  its pool). ``write_idle`` returns when the client's kernel has acknowledged them.

Linux only (``TCP_CORK``, ``SIOCOUTQ``); the tests that use it are skipped elsewhere.
"""

from __future__ import annotations

import contextlib
import fcntl
import socket
import struct
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field

__all__ = ["LINUX", "Answer", "Heard", "RawSocketServer", "answer", "raw_server"]

LINUX = sys.platform.startswith("linux") and hasattr(socket, "TCP_CORK")

_SIOCOUTQ = 0x5411  # bytes not yet acknowledged by the peer (TIOCOUTQ)
_SIOCOUTQNSD = 0x894B  # bytes not yet sent


@dataclass
class Heard:
    """One request as the server read it."""

    method: str
    target: str
    head: bytes
    body: bytes
    connection: int


@dataclass
class Answer:
    """What to write for one request."""

    data: bytes
    close: bool = False
    idle: bytes = b""
    """Written after the answer when the test calls :meth:`RawSocketServer.write_idle`."""


def answer(status: str, body: bytes, *, extra: bytes = b"", headers: bytes = b"") -> bytes:
    """An HTTP/1.1 answer with a JSON ``body`` and its Content-Length, then ``extra`` bytes."""
    head = (
        f"HTTP/1.1 {status}\r\ncontent-type: application/json\r\ncontent-length: {len(body)}\r\n"
    ).encode()
    return head + headers + b"\r\n" + body + extra


Script = Callable[[Heard], Answer]


@dataclass
class RawSocketServer:
    """The server: ``seen`` requests, ``connections`` accepted, ``closes`` made with the answer."""

    script: Script
    seen: list[Heard] = field(default_factory=list)
    connections: int = 0
    closes: int = 0
    port: int = 0
    _idle: list[tuple[socket.socket, bytes]] = field(default_factory=list)
    _lock: threading.Lock = field(default_factory=threading.Lock)
    _sockets: list[socket.socket] = field(default_factory=list)
    _heard: threading.Condition = field(default_factory=threading.Condition)

    @property
    def url(self) -> str:
        """The base URL of the service (with /v1)."""
        return f"http://127.0.0.1:{self.port}/v1"

    def write_idle(self) -> None:
        """Write every pending ``idle`` answer; return once the client's kernel holds them."""
        with self._heard:
            if not self._heard.wait_for(lambda: bool(self._idle), timeout=10):
                raise AssertionError("no answer has bytes to write while idle")
            pending, self._idle = self._idle, []
        for connection, data in pending:
            _acknowledged(connection)  # the answer first, on its own
            connection.sendall(data)
            _acknowledged(connection)

    def wait_for(self, requests: int) -> None:
        """Block until the server has written its answers to ``requests`` requests."""
        with self._heard:
            if not self._heard.wait_for(lambda: len(self.seen) >= requests, timeout=10):
                raise AssertionError("the server did not hear the requests in time")

    def _serve(self, connection: socket.socket, number: int) -> None:
        buffer = b""
        while True:
            heard, buffer = _read_request(connection, buffer, number)
            if heard is None:
                return
            reply = self.script(heard)
            if reply.close:
                if _close_with(connection, reply.data):
                    with self._lock:
                        self.closes += 1
                    self._record(heard)
                    return
            else:
                connection.sendall(reply.data)
                if reply.idle:
                    with self._heard:
                        self._idle.append((connection, reply.idle))
                        self._heard.notify_all()
            self._record(heard)

    def _record(self, heard: Heard) -> None:
        with self._heard:
            self.seen.append(heard)
            self._heard.notify_all()


def _acknowledged(connection: socket.socket) -> None:
    """Wait until the peer's kernel has acknowledged every byte written on ``connection``."""
    for _ in range(10_000):
        queued = fcntl.ioctl(connection.fileno(), _SIOCOUTQ, struct.pack("i", 0))
        if struct.unpack("i", queued)[0] == 0:
            return
        time.sleep(0.001)
    raise AssertionError("the client never acknowledged the bytes")


def _close_with(connection: socket.socket, data: bytes) -> bool:
    """Write ``data`` and the FIN in one segment; False (nothing closed) if the cork leaked."""
    connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_CORK, 1)
    connection.sendall(data)
    unsent = fcntl.ioctl(connection.fileno(), _SIOCOUTQNSD, struct.pack("i", 0))
    if struct.unpack("i", unsent)[0] != len(data) or len(data) > 32 * 1024:
        connection.setsockopt(socket.IPPROTO_TCP, socket.TCP_CORK, 0)
        return False  # sent already: the FIN would come apart from it
    connection.shutdown(socket.SHUT_WR)  # the FIN rides on the corked, unsent segment
    return True


def _read_request(
    connection: socket.socket, buffer: bytes, number: int
) -> tuple[Heard | None, bytes]:
    while b"\r\n\r\n" not in buffer:
        try:
            chunk = connection.recv(65536)
        except OSError:
            return None, b""
        if not chunk:
            return None, b""
        buffer += chunk
    head, _, rest = buffer.partition(b"\r\n\r\n")
    lines = head.split(b"\r\n")
    method, target, _ = lines[0].decode("latin-1").split(" ", 2)
    length = 0
    for line in lines[1:]:
        name, _, value = line.partition(b":")
        if name.strip().lower() == b"content-length":
            length = int(value.strip())
    while len(rest) < length:
        try:
            chunk = connection.recv(65536)
        except OSError:
            return None, b""
        if not chunk:
            return None, b""
        rest += chunk
    body, buffer = rest[:length], rest[length:]
    return Heard(method, target, head, body, number), buffer


@contextlib.contextmanager
def raw_server(script: Script) -> Iterator[RawSocketServer]:
    """Run a :class:`RawSocketServer` on 127.0.0.1 in threads for the duration of the block."""
    server = RawSocketServer(script)
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.1)
    server.port = listener.getsockname()[1]
    stop = threading.Event()
    threads: list[threading.Thread] = []

    def accept() -> None:
        while not stop.is_set():
            try:
                connection, _ = listener.accept()
            except TimeoutError:
                continue
            connection.settimeout(None)
            with server._lock:
                server.connections += 1
                server._sockets.append(connection)
                number = server.connections
            thread = threading.Thread(target=server._serve, args=(connection, number), daemon=True)
            threads.append(thread)
            thread.start()

    acceptor = threading.Thread(target=accept, daemon=True)
    acceptor.start()
    try:
        yield server
    finally:
        stop.set()
        acceptor.join(10)
        listener.close()
        for connection in server._sockets:
            with contextlib.suppress(OSError):
                connection.shutdown(socket.SHUT_RDWR)
            connection.close()
        for thread in threads:
            thread.join(10)
