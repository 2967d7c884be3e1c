"""Write the copy of the bundle Redocly lints: each discriminator's implicit mapping written out.

OpenAPI 3.1 (section 4.8.25) lets a ``discriminator`` leave out ``mapping``: the property's value
is then the name of the component a ``oneOf``/``anyOf`` branch refers to (``IbanRouting`` for
``#/components/schemas/IbanRouting``). The bundle means the same with the mapping written out.
Redocly checks examples with Ajv, whose discriminator support needs a mapping (or the property
in each branch's own ``properties``): a branch that is ``allOf`` a shared base fails every example
with "must have properties/scheme or match mapping", though the bundle is valid.

So ``make lint-spec`` gives Redocly this copy: the bundle unchanged except that every
discriminator maps each ``$ref`` branch no mapping entry names to its component, by the implicit
rule. A bundle with no such discriminator is linted as it is (``--print-path`` prints which file
to lint).

Usage: python openapi/tools/lint_input.py SOURCE.yaml TARGET.yaml
"""

from __future__ import annotations

import copy
import sys
from pathlib import Path
from typing import Any

import yaml

__all__ = ["implicit_mappings_written", "main"]

_COMPONENT = "#/components/schemas/"


def implicit_mappings_written(document: dict[str, Any]) -> tuple[dict[str, Any], int]:
    """Return a copy of ``document`` with each implicit discriminator mapping written out.

    Also the number of entries written: 0 means the copy equals the document.
    """
    copied = copy.deepcopy(document)
    written = 0

    def walk(node: Any) -> None:
        nonlocal written
        if isinstance(node, list):
            for item in node:
                walk(item)
            return
        if not isinstance(node, dict):
            return
        discriminator = node.get("discriminator")
        branches = node.get("oneOf") or node.get("anyOf")
        if isinstance(discriminator, dict) and isinstance(branches, list):
            mapping = discriminator.get("mapping")
            mapping = dict(mapping) if isinstance(mapping, dict) else {}
            named = set(mapping.values())
            for branch in branches:
                ref = branch.get("$ref") if isinstance(branch, dict) else None
                if isinstance(ref, str) and ref.startswith(_COMPONENT) and ref not in named:
                    name = ref.removeprefix(_COMPONENT)
                    if name not in mapping:
                        mapping[name] = ref
                        written += 1
            if mapping:
                discriminator["mapping"] = mapping
        for value in node.values():
            walk(value)

    walk(copied)
    return copied, written


def main(argv: list[str]) -> int:
    """Write TARGET from SOURCE; print the file Redocly should lint."""
    source, target = Path(argv[0]), Path(argv[1])
    document = yaml.safe_load(source.read_text(encoding="utf-8"))
    copied, written = implicit_mappings_written(document)
    if not written:
        print(source)
        return 0
    target.parent.mkdir(parents=True, exist_ok=True)
    target.write_text(
        yaml.safe_dump(copied, sort_keys=False, allow_unicode=True, width=100), encoding="utf-8"
    )
    print(
        f"lint_input: {written} implicit discriminator mapping(s) written out in {target}",
        file=sys.stderr,
    )
    print(target)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
