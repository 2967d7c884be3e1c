"""Generate the SDK from an edited copy of the bundle into a scratch checkout, as `make generate`.

``scratch_sdk(directory, edit)`` loads ``openapi/payments.yaml``, applies ``edit`` to it, and
runs the steps of the Makefile's ``generate_into`` on the copy
(``tests/support/scratch_generate.py``, the one place they are written). The scratch checkout holds
``generated/`` beside a link to the repository's ``wrapper/``, so a fresh interpreter started
with :func:`scratch_env` imports the SDK from there, built from the edited bundle. Nothing
outside ``directory`` is written.
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tests.support.provider_bundle import payments_yaml
from tests.support.scratch_generate import ROOT, generate_into, scratch_env, with_overlay

__all__ = ["ROOT", "run_in", "scratch_env", "scratch_sdk"]


def scratch_sdk(
    directory: Path, edit: Callable[[dict[str, Any]], None]
) -> tuple[Path, dict[str, Any]]:
    """Return the scratch ``generated/`` directory and the edited (unfolded) document.

    The document is the edited bundle with our overlay applied: the one generated from.
    """
    source = payments_yaml()
    edit(source)
    return generate_into(directory, source), with_overlay(source)


def run_in(out: Path, script: str, *args: str) -> str:
    """Run ``script`` in a fresh interpreter on the scratch SDK; return its standard output."""
    done = subprocess.run(
        [sys.executable, "-c", script, *args],
        env=scratch_env(out),
        capture_output=True,
        text=True,
        timeout=180,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    return done.stdout
