"""MkDocs hook: give mkdocstrings the ``payments_sdk`` package whole, as the wheel ships it.

In a checkout the package is split between ``wrapper/payments_sdk`` (hand-written) and
``generated/payments_sdk`` (the generated surface: resources, namespaces, the operation table).
The wheel merges them; griffe reads one directory per package. Before each build, this hook
copies both halves into ``build/docs-src/payments_sdk``, the first of the handler's paths.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
MERGED = ROOT / "build" / "docs-src"


def merge() -> None:
    """Write the merged package (both halves copied into one directory)."""
    target = MERGED / "payments_sdk"
    shutil.rmtree(target, ignore_errors=True)
    for half in (ROOT / "wrapper" / "payments_sdk", ROOT / "generated" / "payments_sdk"):
        shutil.copytree(
            half, target, dirs_exist_ok=True, ignore=shutil.ignore_patterns("__pycache__")
        )


# At import, which MkDocs does while it reads mkdocs.yml: before mkdocstrings checks its paths.
merge()


def on_pre_build(config: Any) -> None:
    """Merge again before each build (``mkdocs serve`` rebuilds after a regeneration)."""
    merge()
