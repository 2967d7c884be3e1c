"""Every ``payments-sandbox`` command the docs show runs, and prints no warning.

The commands are read from the ``sh`` blocks of docs/sandbox.md, docs/testing.md and the
README, and run as shown (on a free port instead of 8080, with files in a temporary folder).
The documented ``--key-secret "team-dev"`` used to print PyJWT's ``InsecureKeyLengthWarning``.
"""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from payments_sdk.sandbox._controls_cli import COMMANDS
from tests.sandbox.test_sandbox_command_line import running

ROOT = Path(__file__).resolve().parents[2]
PAGES = [ROOT / "docs" / "sandbox.md", ROOT / "docs" / "testing.md", ROOT / "README.md"]


def _documented() -> list[list[str]]:
    """Each distinct serving command of the pages' ``sh`` blocks, as words."""
    found: dict[str, list[str]] = {}
    for page in PAGES:
        for block in re.findall(r"```sh\n(.*?)```", page.read_text(encoding="utf-8"), re.S):
            for line in block.replace("\\\n", " ").splitlines():
                words = shlex.split(line.split("#")[0])
                if not words or words[0] != "payments-sandbox" or "[" in line:
                    continue
                words = [w for w in words[1:] if w != "&"]
                if words and words[0] in COMMANDS:
                    continue  # control commands: they need a running sandbox
                found[" ".join(words)] = words
    return list(found.values())


def _runnable(words: list[str], folder: Path) -> list[str]:
    out = []
    for previous, word in zip(["", *words], words, strict=False):
        if previous == "--port":
            word = "0"
        elif previous in ("--state", "--env-file"):
            word = str(folder / Path(word).name)
        out.append(word)
    return out


def test_the_pages_show_serving_commands() -> None:
    commands = _documented()
    assert any("--key-secret" in words for words in commands)
    assert any("--state" in words for words in commands)


@pytest.mark.parametrize("words", _documented(), ids=" ".join)
def test_a_documented_command_serves_without_a_warning(words: list[str], tmp_path: Path) -> None:
    with running(*_runnable(words, tmp_path)) as run:
        assert set(run.variables) == {"PAYMENTS_BASE_URL", "PAYMENTS_API_KEY"}
    assert "Warning" not in run.stderr, run.stderr
    assert "payments sandbox stopped" in run.stderr
