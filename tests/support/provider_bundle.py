"""``openapi/payments.yaml`` as parsed: read once a process, and each caller its own copy.

PyYAML's pure-Python loader takes most of a second on the provider's bundle, and some thirty
test modules (and single tests, once per edit they try) start from it. The parse is kept, and
every call returns a deep copy, so a caller edits its copy as freely as a fresh parse; the file
is read again when it changes (its modification time and size).
"""

from __future__ import annotations

import copy
import functools
from pathlib import Path
from typing import Any

import yaml

SOURCE = Path(__file__).resolve().parents[2] / "openapi" / "payments.yaml"


@functools.cache
def _parsed(stamp: tuple[int, int]) -> dict[str, Any]:
    del stamp  # the key of the cache only
    loaded: dict[str, Any] = yaml.safe_load(SOURCE.read_text(encoding="utf-8"))
    return loaded


def payments_yaml() -> dict[str, Any]:
    """A fresh copy of ``yaml.safe_load`` of ``openapi/payments.yaml``."""
    status = SOURCE.stat()
    return copy.deepcopy(_parsed((status.st_mtime_ns, status.st_size)))
