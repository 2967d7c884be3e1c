"""Apply our OpenAPI Overlay to a provider's bundle: the document ``make generate`` reads.

``openapi/payments.yaml`` (and its JSON, ``openapi/payments.json``) is the provider's bundle as
published, "their file"; ``openapi/overlay.yaml`` holds our additions to it (the ``x-``
extensions the SDK, the sandbox and the CLI read: SDK names, currency fields, the business
rules' errors, ...) as an `OpenAPI Overlay 1.0.0 <https://spec.openapis.org/overlay/v1.0.0.html>`_
document. ``make generate`` applies the overlay to the bundle and generates from the result.

Each action's ``target`` is an RFC 9535 JSONPath query, evaluated by python-jsonpath in its
strict (RFC 9535) mode; ``update`` merges an object into each node it selects, recursively, and
appends to an array (Overlay 1.0.0, "Action Object"); ``remove: true`` removes each node from its
parent. A target that selects nothing is an error, not a no-op: the bundle changed under our
addition (a schema renamed, an operation removed), and the message names the action (its index
and ``description``) and its target, so the overlay is fixed instead of silently losing a
decision. A malformed overlay is refused the same way.

Usage: python openapi/tools/overlay.py BUNDLE OUT [--overlay OVERLAY]
(``OVERLAY`` defaults to openapi/overlay.yaml; ``none`` writes the bundle as it is.)
"""

from __future__ import annotations

import argparse
import copy
import json
import sys
from pathlib import Path
from typing import Any

import yaml
from jsonpath import JSONPathEnvironment
from jsonpath.exceptions import JSONPathError

__all__ = ["OVERLAY", "OverlayError", "apply_overlay", "load_document", "merged_bundle"]

ROOT = Path(__file__).resolve().parents[2]
OVERLAY = ROOT / "openapi" / "overlay.yaml"
"""Our additions to the bundle, applied by ``make generate``."""
BUNDLE = ROOT / "openapi" / "payments.json"

_JSONPATH = JSONPathEnvironment(strict=True)


class OverlayError(Exception):
    """An overlay that cannot be applied: malformed, or an action whose target selects nothing."""


def load_document(path: Path) -> Any:
    """Read a YAML or JSON document (a JSON text is read as JSON, keeping its key order)."""
    text = path.read_text(encoding="utf-8")
    if path.suffix == ".json":
        return json.loads(text)
    return yaml.safe_load(text)


def apply_overlay(
    document: Any, overlay: Any, *, name: str = "the overlay", skipped: list[str] | None = None
) -> Any:
    """Return a copy of ``document`` with the actions of ``overlay`` applied in order.

    ``name`` says which overlay in messages. Raises :class:`OverlayError` naming the action
    (index and description) when its target is no JSONPath, selects nothing, or selects a node
    the action cannot change. Given a ``skipped`` list, an action whose target selects nothing
    is appended to it (its message) instead, and the others apply: for a report of what changed
    (api-diff), never for generating.
    """
    actions = _actions(overlay, name)
    result = copy.deepcopy(document)
    for index, action in enumerate(actions):
        label = _label(name, index, action)
        try:
            matches = list(_JSONPATH.finditer(action["target"], result))
        except JSONPathError as error:
            raise OverlayError(f"{label}: target is not an RFC 9535 JSONPath: {error}") from None
        if not matches:
            problem = f"{label}: target {action['target']} selects nothing in the bundle"
            if skipped is None:
                raise OverlayError(problem)
            skipped.append(problem)
            continue
        if action.get("remove") is True:
            # Deepest and last first, so that removing one node leaves the others' places valid.
            for match in sorted(matches, key=lambda found: found.parts, reverse=True):
                if not match.parts:
                    raise OverlayError(f"{label}: cannot remove the whole document")
                parent = match.parent.obj if match.parent is not None else result
                del parent[match.parts[-1]]
            continue
        for match in matches:
            if not isinstance(match.obj, dict | list):
                raise OverlayError(
                    f"{label}: target {action['target']} selects {match.path}, a "
                    f"{type(match.obj).__name__}: update needs an object or an array"
                )
            _merge(match.obj, action["update"], label)
    return result


def merged_bundle(
    bundle: Path = BUNDLE, overlay: Path | None = OVERLAY, *, skipped: list[str] | None = None
) -> Any:
    """Return the bundle at ``bundle`` with ``overlay`` applied (none: the bundle as it is)."""
    document = load_document(bundle)
    if overlay is None:
        return document
    return apply_overlay(document, load_document(overlay), name=_shown(overlay), skipped=skipped)


def _actions(overlay: Any, name: str) -> list[dict[str, Any]]:
    """Return the overlay's actions, after checking the document's shape (Overlay 1.0.0)."""
    if not isinstance(overlay, dict) or not str(overlay.get("overlay", "")).startswith("1.0."):
        raise OverlayError(f"{name} is no OpenAPI Overlay 1.0 document (`overlay: 1.0.0`)")
    info = overlay.get("info")
    if not isinstance(info, dict) or not {"title", "version"} <= info.keys():
        raise OverlayError(f"{name}: `info` needs a title and a version")
    actions = overlay.get("actions")
    if not isinstance(actions, list) or not actions:
        raise OverlayError(f"{name}: `actions` must be a list of at least one action")
    for index, action in enumerate(actions):
        label = _label(name, index, action)
        if not isinstance(action, dict) or not isinstance(action.get("target"), str):
            raise OverlayError(f"{label}: an action needs a `target` (a JSONPath)")
        if not isinstance(action.get("remove", False), bool):
            raise OverlayError(f"{label}: `remove` must be true or false")
        if action.get("remove") is not True and "update" not in action:
            raise OverlayError(f"{label}: an action needs `update` or `remove: true`")
    return actions


def _label(name: str, index: int, action: Any) -> str:
    """How a message names an action: its index and its description."""
    described = action.get("description") if isinstance(action, dict) else None
    return f"{name}, action {index}" + (f" ({described})" if described else "")


def _merge(target: dict[str, Any] | list[Any], update: Any, label: str) -> None:
    """Merge ``update`` into ``target`` as Overlay 1.0.0's ``update`` does."""
    if isinstance(target, list):
        target.append(copy.deepcopy(update))
        return
    if not isinstance(update, dict):
        raise OverlayError(f"{label}: the update of an object must be an object")
    for key, value in update.items():
        current = target.get(key)
        if isinstance(current, dict) and isinstance(value, dict):
            _merge(current, value, label)
        elif isinstance(current, list) and isinstance(value, list):
            current.extend(copy.deepcopy(value))
        else:
            target[key] = copy.deepcopy(value)


def _shown(path: Path) -> str:
    """``path`` relative to the checkout when it is inside it, for messages."""
    try:
        return str(path.resolve().relative_to(ROOT))
    except ValueError:
        return str(path)


def main(argv: list[str]) -> int:
    """Write the bundle with the overlay applied; exit 1 naming the action that cannot apply."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("bundle", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--overlay", default=str(OVERLAY))
    arguments = parser.parse_args(argv)
    overlay = None if arguments.overlay == "none" else Path(arguments.overlay)
    try:
        document = merged_bundle(arguments.bundle, overlay)
    except OverlayError as error:
        print(f"overlay: {error}", file=sys.stderr)
        return 1
    arguments.out.parent.mkdir(parents=True, exist_ok=True)
    arguments.out.write_text(
        json.dumps(document, indent=2, ensure_ascii=False) + "\n", encoding="utf-8"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
