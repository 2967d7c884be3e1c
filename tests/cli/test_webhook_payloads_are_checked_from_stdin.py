"""``payments webhook parse [KIND]`` checks a webhook payload from stdin and prints its JSON.

A receiver's shell script checks what the service sent: the payload on standard input (or
``--file``) is parsed as the webhook KIND (or as the kind it names itself), and printed as the
JSON of its model, numbers with their digits; a mismatch exits 1 naming the JSON path, an
undeclared kind 2 naming ``kind``. No key is needed. The SDK is generated from the bundle with
the webhooks of ``tests/support/webhook_bundle.py`` added.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.support.scratch_sdk import scratch_env, scratch_sdk
from tests.support.webhook_bundle import with_webhooks

PAYLOAD = {
    "kind": "payout.failed",
    "amount": 150,
    "rate": 0.1,
    "failure": {"code": "R01"},
    "memo": "undeclared",
}


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out, _ = scratch_sdk(tmp_path_factory.mktemp("webhook-cli"), with_webhooks)
    return out


def _payments(out: Path, *args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    env = {k: v for k, v in scratch_env(out).items() if not k.startswith("PAYMENTS_")}
    return subprocess.run(
        [sys.executable, "-m", "payments_sdk.cli", "webhook", "parse", *args],
        input=stdin,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )


def test_a_payload_is_printed_as_the_json_of_its_model(generated: Path) -> None:
    """No key in the environment: parsing needs none. The number keeps its digits."""
    done = _payments(generated, "payout.failed", stdin=json.dumps(PAYLOAD))
    assert done.returncode == 0, done.stderr
    assert done.stdout.endswith("\n") and '"rate":0.1' in done.stdout
    assert json.loads(done.stdout) == PAYLOAD


def test_the_kind_is_read_from_the_payload_when_it_is_left_out(
    generated: Path, tmp_path: Path
) -> None:
    body = tmp_path / "body.json"
    body.write_text(json.dumps(PAYLOAD), encoding="utf-8")
    done = _payments(generated, "--file", str(body))
    assert done.returncode == 0, done.stderr
    assert json.loads(done.stdout) == PAYLOAD


@pytest.mark.parametrize(
    ("args", "stdin", "code", "words"),
    [
        (["payout.failed"], json.dumps({**PAYLOAD, "amount": "150"}), 1, "$.amount: expected int"),
        (["payout.failed"], "{", 1, "$: the body is not valid JSON"),
        (["refund.done"], "{}", 2, "kind: names no webhook of the bundle"),
        ([], json.dumps({**PAYLOAD, "kind": "refund.done"}), 1, "$.kind: names no webhook kind"),
        (["--file", "/nonexistent/body.json"], "", 2, "file: cannot be read"),
    ],
    ids=["mismatch", "not JSON", "undeclared kind", "unknown kind field", "unreadable file"],
)
def test_a_bad_payload_exits_naming_what_is_wrong(
    generated: Path, args: list[str], stdin: str, code: int, words: str
) -> None:
    done = _payments(generated, *args, stdin=stdin)
    assert done.returncode == code, (done.stdout, done.stderr)
    assert words in done.stderr and done.stdout == ""


def test_an_undeclared_kind_is_a_usage_error_in_the_repositorys_sdk() -> None:
    """In the repository's own SDK, whatever webhooks it declares, an undeclared kind is usage."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("PAYMENTS_")}
    done = subprocess.run(
        [sys.executable, "-m", "payments_sdk.cli", "webhook", "parse", "no.such.kind"],
        input="{}",
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2 and "kind: names no webhook" in done.stderr, done.stderr
