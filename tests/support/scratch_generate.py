"""Generate the SDK from an edited bundle into a scratch directory, as ``make generate`` does.

The steps are the Makefile's ``generate_into``: apply our overlay (``openapi/overlay.yaml``) to
the edited bundle, refuse an unsupported feature
(``features.py``), fold the servers into the paths, derive the generator's input
(``generator_input.py``), run openapi-python-client with our templates, then the surface step.
The scratch directory gets ``generated/`` beside a link to the checkout's
``wrapper/``, so a fresh interpreter with both on ``PYTHONPATH`` imports the edited SDK.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from fold import fold_server_prefixes
from generator_input import generator_input
from overlay import OVERLAY, apply_overlay, load_document

__all__ = ["ROOT", "generate_into", "scratch_env", "with_overlay"]

ROOT = Path(__file__).resolve().parents[2]
_BIN = Path(sys.executable).parent


def with_overlay(source: dict[str, Any]) -> dict[str, Any]:
    """Return ``source`` (their file, edited) with our overlay applied, as ``make generate``."""
    merged: dict[str, Any] = apply_overlay(source, load_document(OVERLAY))
    return merged


def generate_into(checkout: Path, source: dict[str, Any]) -> Path:
    """Generate ``source`` (the bundle, unfolded) into ``checkout/generated``; return that.

    ``source`` is their file (``openapi/payments.yaml``, loaded and edited); our overlay applies
    on top, as in ``make generate``.
    """
    (checkout / "wrapper").symlink_to(ROOT / "wrapper", target_is_directory=True)
    out = checkout / "generated"
    out.mkdir()
    merged = with_overlay(source)
    (out / "payments.json").write_text(json.dumps(merged), encoding="utf-8")
    folded = fold_server_prefixes(merged)
    (out / "payments.folded.json").write_text(json.dumps(folded), encoding="utf-8")
    (out / "payments.generator.json").write_text(
        json.dumps(generator_input(folded)), encoding="utf-8"
    )
    env = {**os.environ, "PATH": f"{_BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    generate = [
        str(_BIN / "openapi-python-client"),
        "generate",
        "--path",
        "payments.generator.json",
        "--config",
        str(ROOT / "generator-config.yaml"),
        "--meta",
        "none",
        "--output-path",
        "payments_sdk_generated",
        "--custom-template-path",
        str(ROOT / "openapi" / "templates"),
        "--fail-on-warning",
    ]
    tools = ROOT / "openapi" / "tools"
    features = [sys.executable, str(tools / "features.py"), "payments.json"]
    surface = [sys.executable, str(tools / "surface.py"), "payments.folded.json", "."]
    for command in (features, generate, surface):
        result = subprocess.run(command, cwd=out, env=env, capture_output=True, text=True)
        assert result.returncode == 0, (command[1], result.stdout[-2000:], result.stderr[-2000:])
    return out


def scratch_env(out: Path) -> dict[str, str]:
    """The environment of an interpreter that imports the SDK generated into ``out``."""
    return {**os.environ, "PYTHONPATH": f"{out}{os.pathsep}{out.parent / 'wrapper'}"}
