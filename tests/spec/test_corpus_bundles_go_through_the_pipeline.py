"""The guard of ``make corpus``: real providers' small bundles, as published, through the pipeline.

``openapi/tools/corpus.py`` runs every bundle of ``openapi/corpus/`` (minutes, ``make corpus``);
this guard runs the small ones with few schemathesis examples and no mypy, so that ``make test``
notices a change that breaks a real bundle. Each must generate (or be refused by name), every
operation must be a method by the naming convention with a ``--help``, one call of each through
the SDK to a sandbox built from the bundle must end in an answer the bundle declares (never a
5xx, a crash, or an answer the SDK finds non-conforming), schemathesis must find no answer the
bundle does not allow, and api-diff between two published versions must agree with what changed.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import corpus
import pytest
from features import unsupported

SMALL = ("adyen-binlookup", "openpayments-wallet-address", "paypal-payouts")
"""The bundles small enough for make test (a few seconds each to generate)."""

_BAD = ("crash", "5xx", "non-conforming", "not callable", "SDK refused")


def test_the_small_bundles_are_in_the_corpus_with_their_source() -> None:
    """Each guarded bundle is stored with a SOURCE.md naming its commit and licence."""
    for name in SMALL:
        assert name in corpus.bundles()
        source = (corpus.CORPUS / name / "SOURCE.md").read_text(encoding="utf-8")
        assert "commit `" in source and "Licence:" in source


@pytest.mark.parametrize("name", SMALL)
def test_a_real_bundle_gives_a_working_sdk_sandbox_and_cli(name: str, tmp_path: Path) -> None:
    """Generate, callable names, --help, a call of each operation, schemathesis, api-diff."""
    result = corpus.run_bundle(name, only=None, contract=1, mypy=False, scratch=tmp_path)
    assert result.generate == "success", (result.generate, result.refusals)
    assert result.probed == result.operations > 0, result.notes
    assert result.callable == result.help_ok == result.operations
    bad = {outcome: n for outcome, n in result.calls.items() if outcome.startswith(_BAD)}
    assert bad == {}, result.calls
    assert result.contract.get("failures") == {}, result.contract
    assert "WRONG" not in result.api_diff and "crash" not in result.api_diff, result.api_diff


@pytest.mark.parametrize("name", corpus.bundles())
def test_every_refusal_in_a_real_bundle_names_a_place_it_has(name: str) -> None:
    """features.py reads each bundle of the corpus, and each refusal points into it."""
    document = corpus.load(corpus.bundle_path(name))
    for finding in unsupported(document):
        node: object = document
        for part in finding.pointer.split("/")[1:]:
            key = part.replace("~1", "/").replace("~0", "~")
            assert isinstance(node, dict | list), finding
            node = node[int(key)] if isinstance(node, list) else node[key]


def _acme(schema: str, fields: dict[str, Any]) -> dict[str, Any]:
    """Return a provider's bundle whose one operation's body is the schema ``schema``."""
    body = {"$ref": f"#/components/schemas/{schema}"}
    answer = {"type": "object", "properties": {"id": {"type": "string"}}}
    operation = {
        "operationId": "createBeneficiary",
        "requestBody": {"required": True, "content": {"application/json": {"schema": body}}},
        "responses": {
            "200": {"description": "ok", "content": {"application/json": {"schema": answer}}}
        },
    }
    return {
        "openapi": "3.1.0",
        "info": {"title": "Acme", "version": "1"},
        "servers": [{"url": "https://api.acme.test/v1"}],
        "paths": {"/beneficiaries": {"post": operation}},
        "components": {"schemas": {schema: {"type": "object", "properties": fields}}},
    }


def test_api_diff_reads_a_providers_bundles_as_published(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The corpus's api-diff compares their two versions without our overlay, as it generates.

    Our overlay targets our bundle's paths and schemas. On a provider's bundle its actions
    select nothing (a warning each), or write our decisions into their contract: here the
    provider renames its body schema to the name of one of ours, and our ``x-sdk-default``
    on its ``category`` would be reported as the provider's change.
    """
    category = {"type": "string", "enum": ["payout", "payin"]}
    before = _acme("BeneficiaryRequest", {"category": category})
    after = _acme("BeneficiaryV2Request", {"category": category, "note": {"type": "string"}})
    corpus_dir, work = tmp_path / "corpus", tmp_path / "work"
    (corpus_dir / "acme-beneficiaries").mkdir(parents=True)
    work.mkdir()
    (corpus_dir / "acme-beneficiaries" / "previous.json").write_text(json.dumps(before))
    (corpus_dir / "acme-beneficiaries" / "bundle.json").write_text(json.dumps(after))
    (work / "bundle.json").write_text(json.dumps(after))  # as run_bundle writes it
    monkeypatch.setattr(corpus, "CORPUS", corpus_dir)

    verdict = corpus._api_diff("acme-beneficiaries", work)

    # The new field, and the renamed body's two classes (the body and its category's enum):
    # ``from payments_sdk.types import BeneficiaryRequest`` fails after the rename; no change
    # is our overlay's.
    assert verdict == "3 change(s), 2 breaking; operations -0 +0; verdicts agree"
    assert "overlay" not in capsys.readouterr().err
