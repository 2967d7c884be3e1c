"""Find the other portions of a package on ``sys.path``: the generated half of ``payments_sdk``.

In a checkout the package is split: ``wrapper/payments_sdk`` (hand-written) and
``generated/payments_sdk`` (the surface ``make generate`` writes); the wheel merges them into
one directory, and then there is nothing to find. ``pkgutil.extend_path`` does the same job but
imports more than the SDK needs at import time.
"""

from __future__ import annotations

import os
import sys

__all__ = ["portions"]


def portions(path: list[str], name: str) -> list[str]:
    """Return ``path`` plus every ``<sys.path entry>/<name as dirs>`` directory not in it yet."""
    found = list(path)
    parts = name.split(".")
    for entry in sys.path:
        candidate = os.path.join(entry or os.curdir, *parts)
        if candidate not in found and os.path.isdir(candidate):
            found.append(candidate)
    return found
