"""Compatible edits using OpenAPI 3.1 features reach the models, the SDK, the sandbox, the CLI.

Each edit of ``tests/support/feature_edits.py`` (a discriminated and an untagged ``oneOf``, an
``allOf`` record, a text and a binary answer, ``readOnly``/``writeOnly``, ``format: date``,
``deprecated``) is applied, all together, to a scratch copy of ``openapi/payments.yaml``. The
SDK is generated from it as ``make generate`` does, and a fresh interpreter drives every edited
operation through the SDK against the sandbox built from the same bundle
(``tests/support/feature_calls.py``). ``api_diff`` calls every edit compatible and reports each
deprecation. Nothing outside the scratch directory is touched.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from api_diff import diff
from fold import fold_server_prefixes

from tests.support.feature_edits import FEATURE_EDITS, apply_all
from tests.support.provider_bundle import payments_yaml
from tests.support.scratch_generate import ROOT, generate_into, scratch_env, with_overlay

CALLS = ROOT / "tests" / "support" / "feature_calls.py"


@pytest.fixture(scope="module")
def edited(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """Every feature edit, generated into a scratch directory, and the document generated from."""
    source = payments_yaml()
    apply_all(source)
    return generate_into(tmp_path_factory.mktemp("features"), source), with_overlay(source)


def test_every_feature_edit_is_driven_through_the_sdk_and_the_sandbox(
    edited: tuple[Path, dict[str, Any]],
) -> None:
    """Each feature's calls succeed, refuse and warn as the edited bundle says."""
    out, _ = edited
    result = subprocess.run(
        [sys.executable, str(CALLS), str(out / "payments.folded.json"), str(out)],
        env=scratch_env(out),
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-4000:]
    assert result.stdout.split() == [word for name in FEATURE_EDITS for word in (name, "ok")]


def test_every_model_of_the_edited_bundle_has_a_decoder(
    edited: tuple[Path, dict[str, Any]],
) -> None:
    """Every generated model has a msgspec decoder (an untagged union of structs would raise)."""
    out, _ = edited
    script = (
        "import msgspec, payments_sdk_generated.models as m\n"
        "from payments_sdk_generated.types import _decoder\n"
        "for name in m.__all__:\n"
        "    model = getattr(m, name)\n"
        "    if isinstance(model, type) and issubclass(model, msgspec.Struct):\n"
        "        _decoder(model)\n"
        "print(len(m.__all__))\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", script], env=scratch_env(out), capture_output=True, text=True
    )
    assert result.returncode == 0, result.stderr[-3000:]


def test_the_api_diff_calls_every_feature_edit_compatible_and_reports_deprecations(
    edited: tuple[Path, dict[str, Any]],
) -> None:
    """No feature edit breaks a client; each ``deprecated: true`` is reported."""
    _, source = edited
    before = json.loads((ROOT / "openapi" / "baseline" / "payments.json").read_text("utf-8"))
    changes = diff(fold_server_prefixes(before), fold_server_prefixes(source))
    assert not [c for c in changes if c.breaking], "\n".join(map(str, changes))
    text = "\n".join(map(str, changes))
    for words in (
        "listBankAccountValidations: GET /v1/bank_account_validation: operation now deprecated",
        "query source_currency: parameter now deprecated",
        "body.email: now deprecated",
        "200.data[].payin_id: now deprecated",
        "createDispute: POST /v1/disputes: new operation",
    ):
        assert words in text, text
