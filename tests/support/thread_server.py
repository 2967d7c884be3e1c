"""A loopback server on threads of its own, each connection served by a test's function.

The server's bytes go out on schedule whatever the event loop under test is doing: a busy loop
delays the client, never the server.
"""

from __future__ import annotations

import contextlib
import socket
import threading
from collections.abc import Callable, Iterator

__all__ = ["read_head", "threaded_server"]

Serve = Callable[[socket.socket, threading.Event], None]
"""Serves one connection until it returns; the event is set when the server stops."""


@contextlib.contextmanager
def threaded_server(serve: Serve) -> Iterator[str]:
    """Accept connections on 127.0.0.1 for the block, each served by ``serve`` on its own thread.

    Yields the base URL (``http://127.0.0.1:<port>/v1``). A connection stays open after
    ``serve`` returns, until the block ends.
    """
    listener = socket.create_server(("127.0.0.1", 0))
    listener.settimeout(0.2)
    stop = threading.Event()
    held: list[socket.socket] = []

    def accept() -> None:
        while not stop.is_set():
            try:
                connection, _ = listener.accept()
            except TimeoutError:
                continue
            held.append(connection)
            threading.Thread(target=serve, args=(connection, stop), daemon=True).start()

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{listener.getsockname()[1]}/v1"
    finally:
        stop.set()
        thread.join(timeout=10)
        for connection in held:
            connection.close()
        listener.close()


def read_head(connection: socket.socket, data: bytes = b"") -> tuple[bytes, bytes] | None:
    """Read until a request's head has come; return it and the bytes read after it.

    ``data``: bytes read before (on a kept-alive connection, what came after the last head).
    None when the client closed the connection, or the socket failed, first.
    """
    while b"\r\n\r\n" not in data:
        try:
            chunk = connection.recv(65536)
        except OSError:
            return None
        if not chunk:
            return None
        data += chunk
    head, _, rest = data.partition(b"\r\n\r\n")
    return head, rest
