"""``DeprecationWarning`` for what the bundle marks ``deprecated: true``, at the caller's line.

The generated methods call :func:`warn_deprecated` when a deprecated operation is called or a
deprecated argument (a parameter or a body field) is given, as Stainless's SDKs do. The warning
points at the first frame outside ``payments_sdk`` (the caller's own line, even through
``with_raw_response``), so that Python's default filters show it once per call site.
"""

from __future__ import annotations

import sys
import warnings

__all__ = ["warn_deprecated"]

_OURS = ("payments_sdk.", "payments_sdk_generated.")


def _caller_level() -> int:
    """Return the ``stacklevel`` of the first frame outside the SDK (1 is our caller)."""
    frame = sys._getframe(2)  # the generated method that calls warn_deprecated
    level = 2
    while frame is not None:
        name = str(frame.f_globals.get("__name__", ""))
        if name != "payments_sdk" and not name.startswith(_OURS):
            return level
        frame = frame.f_back  # type: ignore[assignment]
        level += 1
    return 2


def warn_deprecated(what: str, note: str = "") -> None:
    """Warn that ``what`` (``client.refunds.create()``, ``argument 'reason'``) is deprecated."""
    message = f"{what} is deprecated in the API description (deprecated: true)"
    warnings.warn(
        f"{message}; {note}" if note else message, DeprecationWarning, stacklevel=_caller_level()
    )
