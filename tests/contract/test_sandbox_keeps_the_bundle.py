"""The contract test: schemathesis holds the sandbox to the bundle users read, in process.

Schemathesis (the ecosystem's own OpenAPI tester) runs as ``st run`` would: every phase
(examples, coverage, fuzzing and the stateful phase, whose links it infers) and every check,
against the sandbox's ASGI app, with no port and no network. It reads the published bundle
(``openapi/payments.json``), so ``/v2/beneficiaries`` is called under its own server
(``root_url``) and everything else under ``base_url``. Requests are generated from the bundle as
published; answers are held to the sandbox's stricter promise (no undeclared field, integers
within 10^15: ``tests/support/closed_bundle.py``).

The run is deterministic and bounded by ``tests/contract/schemathesis.toml``, the one
configuration that lists each accepted exception with its reason. One check is added: a 400 to a
schema-valid request passes only when the bundle lists its message among the operation's
business refusals (``x-business-errors``); any other 400 to valid input fails.
"""

from __future__ import annotations

import json
import os
import re
import time
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from schemathesis.config import SchemathesisConfig
from schemathesis.engine import Status, StopReason, events, from_schema

from payments_sdk.sandbox import Sandbox
from tests.support.closed_bundle import closed_answers

ROOT = Path(__file__).resolve().parents[2]
CONFIG = Path(__file__).with_name("schemathesis.toml")
BUNDLE = ROOT / "openapi" / "payments.json"
"""CI's bound on the whole run (the run itself takes far less; see docs/development.md)."""


@cache
def _business_errors(raw: str) -> dict[tuple[str, str], list[re.Pattern[str]]]:
    document = json.loads(raw)
    found: dict[tuple[str, str], list[re.Pattern[str]]] = {}
    for path, item in document["paths"].items():
        for method, operation in item.items():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            listed = operation["responses"].get("400", {}).get("x-business-errors", [])
            # ECMA-262 patterns: a final "$" is the end of the text (no newline before it).
            found[(method.upper(), path)] = [
                re.compile(re.sub(r"(?<!\\)\$$", r"\\Z", entry["pattern"])) for entry in listed
            ]
    return found


def business_errors() -> dict[tuple[str, str], list[re.Pattern[str]]]:
    """Return the business refusals the bundle lists, by (METHOD, path as the bundle has it)."""
    return _business_errors(BUNDLE.read_text(encoding="utf-8"))


@schemathesis.check
def business_refusals_are_declared(ctx: Any, response: Any, case: Any) -> bool | None:
    """A 400 to a schema-valid request must be a business refusal the bundle lists."""
    meta = case.meta
    if meta is None or not meta.generation.mode.is_positive or response.status_code != 400:
        return None
    key = (case.operation.method.upper(), case.operation.path)
    try:
        message = str(json.loads(response.content)["message"])
    except (ValueError, KeyError, TypeError):
        message = ""
    if any(pattern.search(message) for pattern in business_errors().get(key, [])):
        return None
    raise AssertionError(
        f"400 to a schema-valid request, and not a business refusal that the bundle lists "
        f"under x-business-errors: {message!r}"
    )


@dataclass
class Report:
    """What a run did: cases per phase, the failures by operation and check, and its time."""

    cases: Counter[str] = field(default_factory=Counter)
    failures: dict[tuple[str, str, str], list[str]] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    stop: StopReason | None = None
    seconds: float = 0.0

    def summary(self) -> str:
        phases = ", ".join(f"{phase} {count}" for phase, count in sorted(self.cases.items()))
        lines = [f"{sum(self.cases.values())} cases ({phases}) in {self.seconds:.1f} s"]
        for (label, check, title), samples in sorted(self.failures.items()):
            lines.append(f"  {label}: {check} ({title}) x{len(samples)}: {samples[0]}")
        lines.extend(f"  error: {error}" for error in self.errors)
        return "\n".join(lines)


def run_contract(sandbox: Sandbox, config: Path = CONFIG) -> Report:
    """Run schemathesis as configured against ``sandbox``'s ASGI app; return what it found."""
    os.environ["PAYMENTS_SANDBOX_KEY"] = sandbox.api_key
    settings = SchemathesisConfig.from_path(config)
    document = closed_answers(json.loads(BUNDLE.read_text(encoding="utf-8")))
    schema = schemathesis.openapi.from_dict(document, config=settings)
    schema.app = sandbox.app
    report = Report()
    started = time.monotonic()
    for event in from_schema(schema).execute():
        if isinstance(event, events.ScenarioFinished):
            report.cases[event.phase.value] += len(event.recorder.cases)
            for case_id, checks in event.recorder.checks.items():
                for check in checks:
                    if check.status != Status.FAILURE:
                        continue
                    info = check.failure_info
                    title = info.failure.title if info is not None else ""
                    interaction = event.recorder.interactions.get(case_id)
                    sample = ""
                    if interaction is not None and interaction.response is not None:
                        status = interaction.response.status_code
                        body = interaction.response.content or b""
                        sample = f"{status} {body[:160].decode('utf-8', 'replace')}"
                    key = (event.recorder.label, check.name, title)
                    report.failures.setdefault(key, []).append(sample)
        elif isinstance(event, events.NonFatalError):
            report.errors.append(f"{event.label}: {event.value!r}")
        elif isinstance(event, events.FatalError):
            report.errors.append(f"fatal: {event.exception!r}")
        elif isinstance(event, events.EngineFinished):
            report.stop = event.stop_reason
    report.seconds = time.monotonic() - started
    return report


def test_the_sandbox_keeps_the_contract_of_the_bundle() -> None:
    """Every check, every phase: no failure beyond the exceptions the configuration lists."""
    report = run_contract(Sandbox(seed_payments=30))
    print(report.summary())
    assert report.stop == StopReason.COMPLETED, report.summary()
    assert not report.failures and not report.errors, report.summary()
    assert report.cases["stateful"] > 0, "the stateful phase ran no case"


def test_each_accepted_exception_is_a_business_refusal_the_bundle_lists() -> None:
    """The configuration accepts a 400 to valid input just where the bundle lists business 400s."""
    text = CONFIG.read_text(encoding="utf-8")
    accepting = set(
        re.findall(
            r'include-operation-id = "(\w+)"\nchecks\.positive_data_acceptance\.expected-statuses'
            r' = \[[^\]]*"400"',
            text,
        )
    )
    document = json.loads(BUNDLE.read_text(encoding="utf-8"))
    listing = {
        operation["operationId"]
        for item in document["paths"].values()
        for operation in item.values()
        if isinstance(operation, dict)
        and operation.get("responses", {}).get("400", {}).get("x-business-errors")
    }
    assert accepting == listing


@pytest.mark.parametrize(
    ("key", "message"),
    [
        (("POST", "/refunds"), "payment_id refers to a payment that is not in the success state"),
        (("GET", "/fx-rate"), "target_currency is not a valid currency"),
        (("POST", "/balance_conversions"), "target_currency must differ from source_currency"),
    ],
)
def test_a_listed_business_refusal_is_recognised_by_its_message(
    key: tuple[str, str], message: str
) -> None:
    """The bundle's patterns match the sandbox's business messages, and nothing else."""
    patterns = business_errors()[key]
    assert any(pattern.search(message) for pattern in patterns)
    assert not any(pattern.search(message + "\n") for pattern in patterns if "$" in pattern.pattern)
    assert not any(pattern.search("amount must be at least 1") for pattern in patterns)
