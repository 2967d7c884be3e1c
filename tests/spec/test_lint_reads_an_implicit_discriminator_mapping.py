"""`make lint-spec` accepts a discriminator without `mapping`, as OpenAPI 3.1 does.

Without a mapping, a discriminator's value names the component of a branch (section 4.8.25).
Redocly checks examples with Ajv, which needs the mapping when the branches are ``allOf`` a
shared base: it failed every example of a valid bundle. ``openapi/tools/lint_input.py`` gives
Redocly a copy with the implicit mapping written out; here a bundle edited that way (a
maintainer's realistic edit) is linted both ways.
"""

from __future__ import annotations

import copy
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
import yaml
from lint_input import implicit_mappings_written

from tests.support.provider_bundle import payments_yaml

ROOT = Path(__file__).resolve().parents[2]
REDOCLY = ROOT / "node_modules" / ".bin" / "redocly"


def _ref(name: str) -> dict[str, str]:
    return {"$ref": f"#/components/schemas/{name}"}


def _edited() -> dict[str, Any]:
    """The bundle, where a record's first component gains a routing: IBAN or ACH, by `scheme`."""
    document: dict[str, Any] = payments_yaml()
    schemas = document["components"]["schemas"]
    schemas["RoutingBase"] = {
        "type": "object",
        "description": "What every routing has.",
        "required": ["scheme"],
        "properties": {"scheme": {"type": "string"}, "bank_name": {"type": "string"}},
    }
    for name, field in (("IbanRouting", "iban"), ("AchRouting", "routing_number")):
        schemas[name] = {
            "description": f"Routed by {field}.",
            "allOf": [
                _ref("RoutingBase"),
                {"type": "object", "required": [field], "properties": {field: {"type": "string"}}},
            ],
        }
    record = next(s for s in schemas.values() if "id" in s.get("properties", {}))
    record["properties"]["routing"] = {
        "description": "How to pay into it.",
        "oneOf": [_ref("IbanRouting"), _ref("AchRouting")],
        "discriminator": {"propertyName": "scheme"},
    }
    return document


def test_each_ref_branch_is_mapped_to_its_component_and_nothing_else_changes() -> None:
    document = _edited()
    copied, written = implicit_mappings_written(document)
    assert written == 2
    mapped = [
        node["discriminator"]
        for node in copied["components"]["schemas"].values()
        for node in node.get("properties", {}).values()
        if isinstance(node, dict) and "discriminator" in node
    ]
    assert mapped == [
        {
            "propertyName": "scheme",
            "mapping": {
                "IbanRouting": "#/components/schemas/IbanRouting",
                "AchRouting": "#/components/schemas/AchRouting",
            },
        }
    ]
    explicit = copy.deepcopy(copied)
    assert implicit_mappings_written(explicit) == (explicit, 0)  # a written mapping is kept
    for node in mapped:
        node.pop("mapping")
    assert copied == document  # the mapping is all it adds


def _lint(path: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [str(REDOCLY), "lint", "--format=stylish", str(path)],
        cwd=ROOT,  # redocly.yaml
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.skipif(not REDOCLY.exists() or not shutil.which("node"), reason="make setup-npm")
def test_redocly_passes_the_copy_and_fails_the_bundle_as_written(tmp_path: Path) -> None:
    document = _edited()
    written = tmp_path / "payments.yaml"
    written.write_text(yaml.safe_dump(document, sort_keys=False), encoding="utf-8")
    copied = tmp_path / "lint.yaml"
    copied.write_text(
        yaml.safe_dump(implicit_mappings_written(document)[0], sort_keys=False), encoding="utf-8"
    )
    passed = _lint(copied)
    assert passed.returncode == 0, passed.stdout[-2000:] + passed.stderr[-2000:]
    failed = _lint(written)  # Ajv's limit, which the copy works around
    assert failed.returncode != 0 and "discriminator" in failed.stdout + failed.stderr
