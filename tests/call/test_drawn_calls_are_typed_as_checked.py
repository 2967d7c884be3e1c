"""Drawn from the bundle's schemas: a valid call type-checks and passes the runtime check.

The Hypothesis property of the typed view (``payments_sdk.params``, the ``@overload``s): for
request values drawn from each shape of each method's schemas and valid for the bundle, the call
is accepted by ``mypy --strict`` and by the check every call runs before sending; and each
single-keyword violation of such a call that a type can express (a required keyword left out,
a value of a type its schema excludes, a text outside an enum, a required key left out of a
nested object, an unknown key, a wrong value in it) is refused by both. A few hundred calls are
written into one file and type-checked in one mypy run.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

from hypothesis import HealthCheck, assume, given, settings

from tests.support import typed_calls

ROOT = Path(__file__).resolve().parents[2]
CALLS = 300


def _shapes() -> list[tuple[Any, Any]]:
    operations, _ = typed_calls.table()
    bare = typed_calls.surface_module().Overload
    return [
        (operation, overload)
        for operation in operations
        if operation.parameters
        for overload in (operation.overloads or [bare("", operation.parameters)])
    ]


def _draw(
    operation: Any, overload: Any, count: int, accepted: list[str], refused: list[str]
) -> None:
    """Draw ``count`` calls of one shape; keep the valid ones and their violations."""

    @settings(
        max_examples=count,
        derandomize=True,
        database=None,
        deadline=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(typed_calls.call_strategy(operation, overload))
    def draw(arguments: dict[str, Any]) -> None:
        assume(typed_calls.bundle_valid(operation, arguments))
        label = f"{operation.resource}.{operation.method}({arguments!r})"
        assert typed_calls.runtime_accepts(operation, arguments), f"the check refuses {label}"
        accepted.append(typed_calls.call_line(operation, arguments))
        for broken in typed_calls.mutations(operation, overload, arguments):
            if not typed_calls.runtime_accepts(operation, broken):
                refused.append(typed_calls.call_line(operation, broken))

    draw()


def _drawn_calls() -> tuple[list[str], list[str]]:
    """Draw ``CALLS`` valid calls (every shape of every method) and their violations."""
    accepted: list[str] = []
    refused: list[str] = []
    shapes = _shapes()
    for operation, overload in shapes:  # each shape its share of the calls
        _draw(operation, overload, max(8, CALLS // len(shapes)), accepted, refused)
    return list(dict.fromkeys(accepted)), list(dict.fromkeys(refused))


def test_drawn_valid_calls_type_check_and_pass_the_check() -> None:
    """Every drawn valid call: mypy and the check accept it; each violation: both refuse it."""
    accepted, refused = _drawn_calls()
    methods = {re.match(r"(?:await )?client\.(\w+)\.(\w+)\(", line).groups() for line in accepted}  # type: ignore[union-attr]
    every = {(operation.resource, operation.method) for operation, _ in _shapes()}
    assert methods == every, f"no valid call drawn of {sorted(every - methods)}"
    assert len(accepted) >= CALLS // 2, f"only {len(accepted)} distinct valid calls were drawn"
    assert refused
    lines = [f"    {line}" for line in accepted]
    lines += [f"    {line}  # type: ignore" for line in dict.fromkeys(refused)]
    source = (
        '"""Drawn calls (tests/call/test_drawn_calls_are_typed_as_checked.py)."""\n'
        "# ruff: noqa\n"
        "from __future__ import annotations\n\n"
        "from decimal import Decimal\n\n"
        "from payments_sdk import AsyncPaymentsClient\n\n\n"
        "async def drawn(client: AsyncPaymentsClient) -> None:\n"
        '    """Type-checked only."""\n'
        "    _ = Decimal\n" + "\n".join(lines) + "\n"
    )
    scratch = ROOT / "build" / "drawn-calls"
    scratch.mkdir(parents=True, exist_ok=True)
    path = scratch / "drawn_calls.py"
    path.write_text(source, encoding="utf-8")
    output = typed_calls.run_mypy(path, warn_unused_ignores=True)
    errors = [line for line in output.splitlines() if re.search(r": error: ", line)]
    shown = [
        f"{e}\n      {source.splitlines()[int(e.split(':')[1]) - 1].strip()}" for e in errors[:10]
    ]
    assert not errors, "mypy disagrees with the check:\n" + "\n".join(shown)
