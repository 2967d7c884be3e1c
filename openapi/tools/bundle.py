"""Write openapi/payments.json from openapi/payments.yaml, the source, or check that they agree.

Usage: python openapi/tools/bundle.py [--check]
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import yaml

HERE = Path(__file__).resolve().parent.parent
SOURCE = HERE / "payments.yaml"
TARGET = HERE / "payments.json"


def render() -> str:
    """Return the JSON text of the YAML source (YAML anchors expanded)."""
    document = yaml.safe_load(SOURCE.read_text(encoding="utf-8"))
    return json.dumps(document, indent=2, ensure_ascii=False) + "\n"


def main(argv: list[str]) -> int:
    text = render()
    if "--check" in argv:
        current = TARGET.read_text(encoding="utf-8") if TARGET.exists() else ""
        if current != text:
            print(f"{TARGET.name} is stale: run `make bundle`", file=sys.stderr)
            return 1
        print(f"{TARGET.name} matches {SOURCE.name}")
        return 0
    TARGET.write_text(text, encoding="utf-8")
    print(f"wrote {TARGET.relative_to(HERE.parent)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
