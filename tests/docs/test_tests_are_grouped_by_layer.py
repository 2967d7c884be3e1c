"""The tests are grouped by layer as docs/development.md says, so a promise's test can be found.

Every test file sits in one of the layer folders the page's table lists, every listed folder
exists, no test file sits at the top of ``tests/``, file names are unique across ``tests/`` and
say what they guard (no ``review``/``misc``/``regression`` names, which say how a test was
written), and ``support/`` holds no tests.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
TESTS = ROOT / "tests"
PAGE = ROOT / "docs" / "development.md"
# Words that say how or when a test was written, not what it guards.
VAGUE = re.compile(r"(^|_)(review|misc|regression|various|other|new|more|extra_tests|fixes)(_|$)")


def _layers(page: str) -> set[str]:
    section = page.split("\n## Tests\n", 1)[1].split("\n## ", 1)[0]
    return set(re.findall(r"^\| `([a-z_]+)/` \|", section, flags=re.MULTILINE))


def _test_files() -> list[Path]:
    return sorted(p for p in TESTS.rglob("test_*.py") if "__pycache__" not in p.parts)


def test_every_test_file_is_in_a_layer_the_page_lists() -> None:
    layers = _layers(PAGE.read_text(encoding="utf-8"))
    assert {"spec", "models", "call", "wire", "pagination", "sandbox", "docs"} <= layers
    misplaced = [
        str(p.relative_to(TESTS))
        for p in _test_files()
        if len(p.relative_to(TESTS).parts) != 2 or p.relative_to(TESTS).parts[0] not in layers
    ]
    assert misplaced == [], "put each test in a layer folder of docs/development.md#tests"


def test_every_listed_layer_exists_and_support_holds_no_tests() -> None:
    for layer in _layers(PAGE.read_text(encoding="utf-8")):
        assert (TESTS / layer).is_dir(), f"docs/development.md lists tests/{layer}/"
    assert not list((TESTS / "support").glob("test_*.py"))


def test_test_file_names_are_unique_and_name_a_behaviour() -> None:
    names = [p.name for p in _test_files()]
    assert len(names) == len(set(names)), "pytest imports test files by their base name"
    vague = [n for n in names if VAGUE.search(n.removeprefix("test_").removesuffix(".py"))]
    assert vague == [], "name the file after the behaviour it guards"
    one_word = [n for n in names if "_" not in n.removeprefix("test_").removesuffix(".py")]
    assert one_word == [], "one word names a module, not a promise"
