"""The contract test: schemathesis holds the sandbox to the bundle users read, in process.

Schemathesis (the ecosystem's own OpenAPI tester) runs as ``st run`` would: every phase
(examples, coverage, fuzzing and the stateful phase, whose links it infers) and every check,
against the sandbox's ASGI app, with no port and no network. It reads the published bundle
(``openapi/payments.json``) with our overlay applied (the business refusals are ours), so
``/v2/beneficiaries`` is called under its own server (``root_url``) and everything else under
``base_url``. Requests are generated from the bundle as
published; answers are held to the sandbox's stricter promise (no undeclared field, integers
within 10^15: ``tests/support/closed_bundle.py``).

The run is deterministic and bounded by ``tests/contract/schemathesis.toml``; the accepted
exceptions follow from the bundle (:func:`configuration`), each operation named by method and
path, so a regenerated bundle (an operationId renamed, a business refusal added) needs no line
here. One check is added: a 400 to a schema-valid request passes only when the bundle lists its
message among the operation's business refusals (``x-business-errors``); any other 400 to valid
input fails.
"""

from __future__ import annotations

import json
import os
import re
import time
import tomllib
from collections import Counter
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

import pytest
import schemathesis
from overlay import merged_bundle
from schemathesis.config import SchemathesisConfig
from schemathesis.engine import Status, StopReason, events, from_schema

from payments_sdk.sandbox import Sandbox
from payments_sdk.sandbox.contract import resolve
from tests.support.closed_bundle import closed_answers
from tests.support.format_strategies import register_string_formats, with_format_bounds

ROOT = Path(__file__).resolve().parents[2]
CONFIG = Path(__file__).with_name("schemathesis.toml")
BUNDLE = ROOT / "openapi" / "payments.json"


def published() -> dict[str, Any]:
    """The published bundle with our overlay applied (``x-business-errors`` is ours)."""
    document: dict[str, Any] = merged_bundle(BUNDLE)
    return document


"""CI's bound on the whole run (the run itself takes far less; see docs/development.md)."""


_EVERY_STATUS = ["2xx", "3xx", "400", "401", "403", "404", "409", "429", "5xx"]
"""positive_data_acceptance's statuses for an operation with business refusals: a 400 too."""


def _operations(document: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [
        (method.upper(), path, operation)
        for path, item in document["paths"].items()
        for method, operation in item.items()
        if isinstance(operation, dict) and "responses" in operation
    ]


def _listed_refusals(document: dict[str, Any], operation: dict[str, Any]) -> list[Any]:
    refused = resolve(document, operation["responses"].get("400", {}))
    listed: list[Any] = refused.get("x-business-errors", [])
    return listed


def _multipart(document: dict[str, Any], operation: dict[str, Any]) -> bool:
    body = resolve(document, operation.get("requestBody", {}))
    return "multipart/form-data" in body.get("content", {})


def exceptions(document: dict[str, Any]) -> dict[str, dict[str, Any]]:
    """The accepted exceptions the bundle decides, by operation (``"POST /refunds"``).

    An operation whose 400 lists business refusals also expects a 400 to valid input (which
    ``business_refusals_are_declared`` still holds to the list); one whose body is multipart
    does not run negative_data_rejection (each part is text on the wire).
    """
    found: dict[str, dict[str, Any]] = {}
    for method, path, operation in _operations(document):
        checks: dict[str, Any] = {}
        if _listed_refusals(document, operation):
            checks["positive_data_acceptance"] = {"expected-statuses": _EVERY_STATUS}
        if _multipart(document, operation):
            checks["negative_data_rejection"] = {"enabled": False}
        if checks:
            found[f"{method} {path}"] = checks
    return found


def configuration(config: Path, document: dict[str, Any]) -> SchemathesisConfig:
    """Return ``config`` with one ``[[operations]]`` block per exception of ``document``."""
    text = config.read_text(encoding="utf-8")
    parsed = tomllib.loads(text)
    parsed.setdefault("operations", []).extend(
        {"include-name": name, "checks": checks} for name, checks in exceptions(document).items()
    )
    return SchemathesisConfig.from_dict(parsed, base_dir=str(config.parent))


@cache
def _business_errors(raw: str) -> dict[tuple[str, str], list[re.Pattern[str]]]:
    document = json.loads(raw)
    found: dict[tuple[str, str], list[re.Pattern[str]]] = {}
    for method, path, operation in _operations(document):
        listed = _listed_refusals(document, operation)
        # ECMA-262 patterns: a final "$" is the end of the text (no newline before it).
        found[(method, path)] = [
            re.compile(re.sub(r"(?<!\\)\$$", r"\\Z", entry["pattern"])) for entry in listed
        ]
    return found


def business_errors() -> dict[tuple[str, str], list[re.Pattern[str]]]:
    """Return the business refusals the bundle lists, by (METHOD, path as the bundle has it)."""
    return _business_errors(json.dumps(published()))


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
    bundle = published()
    settings = configuration(config, bundle)
    # The formats schemathesis does not know, from payments_sdk._formats: a strategy for each
    # checked string format, and the bounds an integer width (uint8...) sets.
    register_string_formats()
    document = with_format_bounds(closed_answers(bundle))
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


def test_each_accepted_exception_is_a_business_refusal_the_bundle_lists(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The run accepts a 400 to valid input just where the bundle lists business 400s.

    The configuration file lists no exception by hand, and each derived one reaches the
    operation it names (schemathesis matches ``include-name`` against its own operation names).
    """
    assert "[[operations]]" not in "".join(
        line for line in CONFIG.read_text(encoding="utf-8").splitlines() if not line.startswith("#")
    )
    monkeypatch.setenv("PAYMENTS_SANDBOX_KEY", "unused")  # the configuration's bearer
    document = published()
    settings = configuration(CONFIG, document)
    schema = schemathesis.openapi.from_dict(document, config=settings)
    accepting = set()
    relaxed = set()
    for result in schema.get_all_operations():
        operation = result.ok()
        checks = settings.projects.default.checks_config_for(operation=operation, phase=None)
        if "400" in checks.positive_data_acceptance.expected_statuses:
            accepting.add(operation.label)
        if not checks.negative_data_rejection.enabled:
            relaxed.add(operation.label)
    listing = {
        f"{method} {path}"
        for method, path, operation in _operations(document)
        if _listed_refusals(document, operation)
    }
    multipart = {
        f"{method} {path}"
        for method, path, operation in _operations(document)
        if _multipart(document, operation)
    }
    assert listing and accepting == listing
    assert relaxed == multipart


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
