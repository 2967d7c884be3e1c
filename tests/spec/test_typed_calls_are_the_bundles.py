"""The typed calls of ``tests/typing/`` are the bundle's, and cover each of its request shapes.

``make generate`` writes ``tests/typing/accepted_calls.py`` and ``refused_calls.py`` from the
bundle (``tests/support/typed_calls.py``); ``make lint`` type-checks them with ``mypy --strict``,
which warns of an unneeded ``# type: ignore``: a refused call mypy starts to accept fails it.
Here: the files are what the bundle gives today, and between them every request body, every
shape of a ``oneOf`` body, every nested object and every enum of the bundle has its calls.
"""

from __future__ import annotations

from pathlib import Path

from tests.support import typed_calls

TYPING = Path(__file__).resolve().parents[1] / "typing"


def test_the_typed_calls_are_what_the_bundle_gives() -> None:
    """Regenerated from the bundle, both files are as committed (``make generate`` writes them)."""
    accepted, refused = typed_calls.build()
    assert (TYPING / "accepted_calls.py").read_text(encoding="utf-8") == accepted
    assert (TYPING / "refused_calls.py").read_text(encoding="utf-8") == refused


def test_every_request_shape_of_the_bundle_has_typed_calls() -> None:
    """Each body, oneOf shape, nested object and enum of the table is in the accepted calls."""
    typed_calls.build()
    operations, _ = typed_calls.table()
    wanted = typed_calls.inventory(operations)
    assert wanted["bodies"], "the bundle has request bodies: the inventory must see them"
    for kind, keys in wanted.items():
        assert keys <= typed_calls.COVERED[kind], (kind, sorted(keys - typed_calls.COVERED[kind]))


def test_each_refused_call_names_the_codes_mypy_reports() -> None:
    """Every call of the refused file is on one line with its ``# type: ignore[<code>]``."""
    text = (TYPING / "refused_calls.py").read_text(encoding="utf-8")
    calls = [line for line in text.splitlines() if "client." in line and "def " not in line]
    assert calls
    assert all("  # type: ignore[" in line and "?" not in line for line in calls)
