"""The generated surface keeps every promise of the released one (spec/snapshots/surface.json).

The snapshot holds the signatures of 0.1.0's hand-written surface: every method of the client and
its namespaces, and of ``with_raw_response``. Generation may add (a method, an optional argument,
a type an argument also accepts); ``make api-diff`` reports additions. It may not take away: a
method, an argument, its kind or place, the types it accepts, or the return type. A changed
default follows the bundle's ``default``: api-diff reports it as compatible but felt (a call that
leaves the argument out now behaves differently), and this check lets it through, so that a
compatible edit of the bundle passes ``make test`` untouched.
"""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

from tests.support.surface_signatures import surface

SNAPSHOT = Path(__file__).resolve().parent / "snapshots" / "surface.json"


def _members(annotation: str) -> set[str]:
    return {part.strip() for part in annotation.split("|")}


def incompatibilities(old: dict[str, Any], new: dict[str, Any]) -> list[str]:
    """Return every way ``new`` breaks a caller of ``old`` (empty when it breaks none)."""
    problems: list[str] = []
    for name, before in old.items():
        after = new.get(name)
        if after is None:
            problems.append(f"{name}: removed")
            continue
        if name.startswith("with_raw_response."):
            missing = sorted(set(before) - set(after))
            if missing:
                problems.append(f"{name}: arguments removed: {missing}")
            continue
        if before["returns"] != after["returns"]:
            problems.append(f"{name}: returns {after['returns']} instead of {before['returns']}")
        now = {p["name"]: p for p in after["parameters"]}
        positional = [p["name"] for p in after["parameters"] if p["kind"] != "KEYWORD_ONLY"]
        old_positional = [p["name"] for p in before["parameters"] if p["kind"] != "KEYWORD_ONLY"]
        if positional[: len(old_positional)] != old_positional:
            problems.append(f"{name}: positional arguments {old_positional} -> {positional}")
        for parameter in before["parameters"]:
            current = now.get(parameter["name"])
            where = f"{name}({parameter['name']})"
            if current is None:
                problems.append(f"{where}: removed")
                continue
            if current["kind"] != parameter["kind"]:
                problems.append(f"{where}: kind {parameter['kind']} -> {current['kind']}")
            if current["required"] and not parameter["required"]:
                problems.append(f"{where}: now required")
            lost = _members(parameter["annotation"]) - _members(current["annotation"])
            if lost:
                problems.append(f"{where}: no longer accepts {sorted(lost)}")
        old_names = {p["name"] for p in before["parameters"]}
        for parameter in after["parameters"]:
            if parameter["name"] not in old_names and parameter["required"]:
                problems.append(f"{name}({parameter['name']}): new required argument")
    return problems


def test_the_generated_surface_keeps_every_released_promise() -> None:
    """Nothing a 0.1.0 caller relies on is removed or narrowed."""
    released = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    problems = incompatibilities(released, surface())
    assert not problems, "\n".join(problems)


def test_the_comparison_catches_each_kind_of_break() -> None:
    """The check can fail: each kind of narrowing of a copy of the snapshot is reported."""
    released = json.loads(SNAPSHOT.read_text(encoding="utf-8"))

    def broken(edit: Any) -> list[str]:
        changed = copy.deepcopy(released)
        edit(changed)
        return incompatibilities(released, changed)

    def parameter(snapshot: dict[str, Any], method: str, name: str) -> dict[str, Any]:
        found: dict[str, Any] = next(p for p in snapshot[method]["parameters"] if p["name"] == name)
        return found

    assert broken(lambda s: s.pop("refunds.create")) == ["refunds.create: removed"]
    # A default is the bundle's, reported by api-diff, not a break of the surface:
    assert broken(lambda s: parameter(s, "refunds.list", "per_page").update(default="50")) == []
    assert broken(lambda s: parameter(s, "refunds.list", "before").update(annotation="str"))
    assert broken(lambda s: parameter(s, "refunds.list", "page").update(required=True))
    assert broken(lambda s: s["refunds.retrieve"].update(returns="Order"))
    assert broken(lambda s: parameter(s, "refunds.retrieve", "id").update(kind="KEYWORD_ONLY"))
    assert broken(lambda s: s["with_raw_response.refunds.create"].remove("payment_id"))
    assert broken(lambda s: None) == []


def test_additions_are_accepted() -> None:
    """A new optional argument or a new method is not a break (api-diff reports it)."""
    released = json.loads(SNAPSHOT.read_text(encoding="utf-8"))
    grown = copy.deepcopy(released)
    grown["widgets.list"] = {"parameters": [], "returns": "AsyncPager[Widget]"}
    grown["refunds.list"]["parameters"].append(
        {
            "name": "status",
            "kind": "KEYWORD_ONLY",
            "annotation": "str | None",
            "default": "None",
            "required": False,
        }
    )
    assert incompatibilities(released, grown) == []
