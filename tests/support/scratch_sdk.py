"""Generate the SDK from an edited copy of the bundle into a scratch checkout, as `make generate`.

``scratch_sdk(directory, edit)`` loads ``openapi/payments.yaml``, applies ``edit`` to it, and
runs the steps of the Makefile's ``generate_into`` on the copy: fold, the unsupported-feature
check, openapi-python-client with our templates, the surface step. The scratch checkout holds
``generated/`` beside a link to the repository's ``wrapper/``, so a fresh interpreter started
with :func:`scratch_env` imports the SDK from there, built from the edited bundle. Nothing
outside ``directory`` is written.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import yaml

ROOT = Path(__file__).resolve().parents[2]
BIN = Path(sys.executable).parent
TOOLS = ROOT / "openapi" / "tools"

__all__ = ["ROOT", "run_in", "scratch_env", "scratch_sdk"]


def scratch_sdk(
    directory: Path, edit: Callable[[dict[str, Any]], None]
) -> tuple[Path, dict[str, Any]]:
    """Return the scratch ``generated/`` directory and the edited (unfolded) document."""
    if str(TOOLS) not in sys.path:
        sys.path.insert(0, str(TOOLS))
    from fold import fold_server_prefixes

    (directory / "wrapper").symlink_to(ROOT / "wrapper", target_is_directory=True)
    out = directory / "generated"
    out.mkdir()
    source = yaml.safe_load((ROOT / "openapi" / "payments.yaml").read_text(encoding="utf-8"))
    edit(source)
    (out / "payments.json").write_text(json.dumps(source), encoding="utf-8")
    folded = fold_server_prefixes(source)
    (out / "payments.folded.json").write_text(json.dumps(folded), encoding="utf-8")
    env = {**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ.get('PATH', '')}"}
    steps = [
        [sys.executable, str(TOOLS / "features.py"), "payments.json"],
        [
            str(BIN / "openapi-python-client"),
            "generate",
            "--path",
            "payments.folded.json",
            "--config",
            str(ROOT / "generator-config.yaml"),
            "--meta",
            "none",
            "--output-path",
            "payments_sdk_generated",
            "--custom-template-path",
            str(ROOT / "openapi" / "templates"),
            "--fail-on-warning",
        ],
        [sys.executable, str(TOOLS / "surface.py"), "payments.folded.json", "."],
    ]
    for step in steps:
        done = subprocess.run(step, cwd=out, env=env, capture_output=True, text=True)
        assert done.returncode == 0, f"{step[1]} failed:\n{done.stdout}\n{done.stderr}"
    return out, source


def scratch_env(out: Path) -> dict[str, str]:
    """The environment of an interpreter that imports the SDK generated into ``out``."""
    return {**os.environ, "PYTHONPATH": f"{out}{os.pathsep}{out.parent / 'wrapper'}"}


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
