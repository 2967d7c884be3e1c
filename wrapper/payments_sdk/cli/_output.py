"""Where a command writes: standard output, or ``-o FILE``, which never holds a partial export.

``-o FILE`` writes to a temporary file beside ``FILE`` (``.FILE.XXXX.part``, in the same
directory, so that the rename cannot cross file systems) and renames it to ``FILE`` only when
the command has finished. An interruption (Ctrl-C), an error or a closed pipe removes the
temporary file, and ``FILE`` is as it was before: absent, or the previous file, untouched. An
existing ``FILE`` is replaced, at once, by the complete new one, with its permissions. A
device or a pipe (``/dev/null``, a FIFO) is written in place, and its name picks no format.

The format comes from ``--format``, else from the file's extension: an extension that names
no format the command line writes is refused before anything is sent, unless ``--format``
says which (then it wins over the name).
"""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TextIO

from ._exit_codes import UsageError

__all__ = ["EXTENSIONS", "OutputFile", "format_of_name", "output"]

EXTENSIONS = {".csv": "csv", ".json": "json", ".jsonl": "jsonl", ".ndjson": "jsonl"}
"""The file extensions ``-o`` knows, and the format each picks."""


def _special(name: str) -> bool:
    """Whether ``name`` is a device or a pipe (``/dev/null``): its name says no format."""
    path = Path(name)
    return path.exists() and not path.is_file() and not path.is_dir()


def format_of_name(name: str, chosen: str | None) -> str | None:
    """Return the format a file's name picks (None: ``chosen``, or standard output's).

    Raises :class:`UsageError` for an extension that names no format, unless ``--format``
    chose one.
    """
    suffix = Path(name).suffix.lower()
    found = EXTENSIONS.get(suffix)
    if found is None and chosen is None and not _special(name):
        by_kind: dict[str, list[str]] = {}
        for ext, kind in EXTENSIONS.items():
            by_kind.setdefault(kind, []).append(ext)
        known = ", ".join(f"{kind} ({' or '.join(exts)})" for kind, exts in by_kind.items())
        raise UsageError(
            f"-o {name}: the command line does not write {suffix or 'files without an extension'}"
            f"; it writes {known}. Name the file so, or add --format FORMAT to write FORMAT "
            "under this name"
        )
    return found


def _mode(path: Path) -> int:
    """Return the permissions the file gets: the replaced file's, else what ``open`` gives."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


class OutputFile:
    """The state of ``-o FILE``: where it goes, and what became of it."""

    def __init__(self, target: str) -> None:
        self.target = target
        self.existed = os.path.isfile(target)
        """Whether a file was there before (a device or a pipe is not a file)."""
        self.written = False
        """Whether the command finished and ``target`` now holds its output."""

    def note(self) -> str:
        """Say what became of the file, for the message of a command that did not finish."""
        if self.written:
            return f"{self.target} was written"
        if self.existed:
            return f"{self.target} was not replaced (the previous file is as it was)"
        return f"{self.target} was not written"


@contextlib.contextmanager
def output(target: str | None, stdout: TextIO, state: list[OutputFile]) -> Iterator[TextIO]:
    """Yield standard output, or a temporary file renamed to ``target`` if the block completes.

    The :class:`OutputFile` is appended to ``state``, so that the caller can say what became
    of the file when the block fails.
    """
    if target is None or target == "-":
        yield stdout
        return
    kept = OutputFile(target)
    state.append(kept)
    path = Path(target)
    if _special(target):
        # A device or a pipe (/dev/null, a FIFO): written in place, never renamed over.
        try:
            special = open(path, "w", encoding="utf-8", newline="")  # noqa: SIM115
        except OSError as exc:
            raise UsageError(f"cannot write {target}: {exc.strerror}") from None
        with special:
            yield special
        kept.written = True
        return
    directory = path.parent if str(path.parent) else Path()
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".part", dir=directory)
    except OSError as exc:
        raise UsageError(f"cannot write {target}: {exc.strerror}") from None
    try:
        os.chmod(temporary, _mode(path))
        with os.fdopen(handle, "w", encoding="utf-8", newline="") as file:
            yield file
        if path.is_dir():
            raise UsageError(f"cannot write {target}: it is a directory")
        os.replace(temporary, path)
        kept.written = True
    finally:
        if not kept.written:
            with contextlib.suppress(OSError):
                os.unlink(temporary)
