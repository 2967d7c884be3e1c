"""The first install command a reader meets installs from this repository, not from PyPI.

payments-sdk is not published yet, so ``pip install payments-sdk`` fails. On each page a reader
starts from (the README, the docs' home page, getting started, the command line), the first
``pip install`` must name something this repository has: its own directory (``.``, with
extras) or the wheel ``make dist`` builds.
"""

from __future__ import annotations

import re
import shlex
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PAGES = ["README.md", "docs/index.md", "docs/getting-started.md", "docs/cli.md"]
_BLOCK = re.compile(r"```(?:sh|bash|console)\n(.*?)```", re.DOTALL)


def _first_install(page: str) -> str:
    for block in _BLOCK.findall((ROOT / page).read_text(encoding="utf-8")):
        for line in block.splitlines():
            words = shlex.split(line.removeprefix("$ "), comments=True)
            if words[:2] == ["pip", "install"]:
                targets = [word for word in words[2:] if not word.startswith("-")]
                assert targets, line
                return targets[0]
    raise AssertionError(f"{page} has no pip install command")


def _project() -> dict[str, object]:
    project: dict[str, object] = tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]
    return project


@pytest.mark.parametrize("page", PAGES)
def test_the_first_pip_install_names_this_repository(page: str) -> None:
    target = _first_install(page)
    path, _, extras = target.partition("[")
    project = _project()
    known = set(project.get("optional-dependencies", {}))  # type: ignore[call-overload]
    for extra in filter(None, extras.rstrip("]").split(",")):
        assert extra.strip() in known, (page, target)
    wheel = f"dist/{str(project['name']).replace('-', '_')}-{project['version']}-py3-none-any.whl"
    assert path in (".", "./", wheel), (
        f"{page}: the first install command installs {target!r}, which is not published: "
        f"install from the checkout ('.') or from {wheel} (make dist)"
    )
    if path.startswith("."):
        assert (ROOT / "pyproject.toml").is_file()
