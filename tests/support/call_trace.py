"""Which of our files one call runs, and which of our functions are called from below.

:func:`trace` runs one call with a profile hook on the calling thread (so a server in another
thread is not seen) and records every function of the SDK (``payments_sdk``, the generated
``payments_sdk_generated``) that runs, by file, and every *call back up*: a function of ours
called by a third-party library (aiohttp calling a protocol or connector method of ours), by
the generated package (which is data and decoding: it never calls the SDK), or a lambda of one
of our files called from another.

tests/call/test_a_call_runs_through_a_dozen_files.py holds one ``refunds.create`` and one page
of ``payments.list`` to a bound on each wire; ``pytest -s`` on it prints the tables.
"""

from __future__ import annotations

import sys
import sysconfig
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import FrameType
from typing import Any

__all__ = ["Trace", "trace"]

_STDLIB = sysconfig.get_paths()["stdlib"]


def _layer(filename: str) -> str:
    """``generated``, ``sdk`` (the hand-written package and the generated surface), or other."""
    if "payments_sdk_generated" in filename:
        return "generated"
    if "payments_sdk" in filename:
        return "sdk"
    if filename.startswith(_STDLIB) and "site-packages" not in filename:
        return "stdlib"
    return "other"


def _short(filename: str) -> str:
    parts = Path(filename).parts
    for anchor in ("payments_sdk_generated", "payments_sdk"):
        if anchor in parts:
            return "/".join(parts[parts.index(anchor) :])
    return Path(filename).name


@dataclass
class Trace:
    """What one call ran: our files with the functions run in each, and the calls back up."""

    files: dict[str, set[str]] = field(default_factory=dict)
    back_up: set[str] = field(default_factory=set)
    """``caller-file:function -> our-file:function`` for each call into ours from below."""

    def table(self) -> str:
        """The files, one a line, with their functions; then the calls back up."""
        lines = [f"{len(self.files)} files:"]
        lines += [f"  {name}: {', '.join(sorted(self.files[name]))}" for name in sorted(self.files)]
        lines.append(f"{len(self.back_up)} calls back up:")
        lines += [f"  {call}" for call in sorted(self.back_up)]
        return "\n".join(lines)


async def trace(call: Callable[[], Awaitable[Any]]) -> Trace:
    """Await ``call()`` with the profile hook on; return what of ours it ran."""
    seen = Trace()

    def profile(frame: FrameType, event: str, arg: object) -> None:
        if event != "call":
            return
        code = frame.f_code
        layer = _layer(code.co_filename)
        if layer not in ("sdk", "generated"):
            return
        callee = _short(code.co_filename)
        seen.files.setdefault(callee, set()).add(code.co_name)
        caller = frame.f_back
        if caller is None:
            return
        below = _layer(caller.f_code.co_filename)
        lambda_across = code.co_name == "<lambda>" and caller.f_code.co_filename != code.co_filename
        if below == "other" and "/tests/" in caller.f_code.co_filename:
            return  # the test's own call of the SDK, from above
        if below == "other" or (below == "generated" and layer == "sdk") or lambda_across:
            where = f"{_short(caller.f_code.co_filename)}:{caller.f_code.co_name}"
            seen.back_up.add(f"{where} -> {callee}:{code.co_name}")

    sys.setprofile(profile)
    try:
        await call()
    finally:
        sys.setprofile(None)
    return seen
