"""Find the generated portion of a package: the other half of ``payments_sdk`` in a checkout.

In a checkout the package is split: ``wrapper/payments_sdk`` (hand-written) and
``generated/payments_sdk`` (the surface ``make generate`` writes). The wheel merges them into
one directory, and then there is nothing to find. An editable install may also leave copies of
the generated files in ``site-packages``; the checkout's own ``generated/`` always wins over
them, so a regeneration is seen at once.
"""

from __future__ import annotations

import os
import sys

__all__ = ["portions"]


def portions(path: list[str], name: str) -> list[str]:
    """Return ``path`` plus the directories that hold the rest of package ``name``.

    The checkout's ``generated/<name as dirs>`` (beside the directory holding ``path[0]``'s
    top-level package) when it exists; otherwise every ``<sys.path entry>/<name as dirs>``.
    """
    parts = name.split(".")
    found = list(path)
    top = path[0]
    for _ in parts:
        top = os.path.dirname(top)
    checkout = os.path.join(os.path.dirname(top), "generated", *parts)
    if os.path.isdir(checkout):
        return [*found, checkout]
    for entry in sys.path:
        candidate = os.path.join(entry or os.curdir, *parts)
        if candidate not in found and os.path.isdir(candidate):
            found.append(candidate)
    return found
