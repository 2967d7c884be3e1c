"""A bundle's ``webhooks`` become typed models and ``payments_sdk.webhooks``, with no hand line.

A maintainer who declares the requests the service sends (OpenAPI 3.1's top-level ``webhooks``)
runs ``make generate``: each payload gets a model in ``payments_sdk.types`` (a ``$ref`` payload
its component's; an inline one ``<Kind>WebhookEvent``), ``payments_sdk.webhooks.parse(kind,
body)`` decodes a received body into it as an answer is decoded (a mismatch is
``WebhookPayloadValidationError`` naming the JSON path; an undeclared kind
``InvalidParameterError`` naming ``kind``), typed per kind for mypy, and ``parse_any`` reads the
kind from the payload when every payload names its own. The sandbox's ``webhook_body`` writes a
payload jsonschema accepts. ``make api-diff`` reads a payload as an answer. The webhooks here
are not the edit set's (other kinds, fields and shapes), so nothing hangs on its names.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
from api_diff import diff
from fold import fold_server_prefixes
from generator_input import GeneratorInputError, generator_input
from surface import environment, webhook_context

from payments_sdk import _webhook_parts
from tests.support.provider_bundle import payments_yaml
from tests.support.scratch_sdk import ROOT, run_in, scratch_sdk
from tests.support.webhook_bundle import (
    hook,
    invoice_paid,
    payout_failed,
    with_tagged_webhooks,
    with_webhooks,
)


def _source() -> dict[str, Any]:
    loaded: dict[str, Any] = payments_yaml()
    return loaded


@pytest.fixture(scope="module")
def generated(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The SDK generated from the bundle with the two webhooks, as `make generate` does."""
    out, _ = scratch_sdk(tmp_path_factory.mktemp("webhooks"), with_webhooks)
    return out


PARSE = textwrap.dedent(
    """
    import json
    from decimal import Decimal
    from payments_sdk import (
        APIResponseValidationError, InvalidParameterError, WebhookPayloadValidationError,
        webhooks, types,
    )
    from payments_sdk.sandbox import webhook_body
    from payments_sdk.sandbox.contract import SchemaSet, load_bundle
    from payments_sdk._webhook_parts import webhooks as declared

    assert webhooks.KINDS == ("invoice-paid", "payout.failed"), webhooks.KINDS
    assert webhooks.KIND_FIELD == "kind"
    checks = SchemaSet(load_bundle())
    for hook in declared(load_bundle()):
        body = webhook_body(hook.kind)
        errors = [e.message for e in checks.validator(hook.pointer).iter_errors(body)]
        assert errors == [], (hook.kind, errors)
        event = webhooks.parse(hook.kind, json.dumps(body).encode())
        assert event.to_dict() == body, (event.to_dict(), body)
        assert type(webhooks.parse_any(json.dumps(body))) is type(event)
        print(hook.kind, type(event).__name__)

    event = webhooks.parse("payout.failed", json.dumps(webhook_body(
        "payout.failed", rate=Decimal("0.1"), note="not declared"
    ), default=str).replace('"0.1"', "0.1"))
    assert event.rate == Decimal("0.1") and type(event.rate) is Decimal
    assert event.additional_properties == {"note": "not declared"}
    assert isinstance(event.failure, types.PayoutFailedWebhookEventFailure)

    wrong = webhook_body("payout.failed", failure={"code": 404})
    try:
        webhooks.parse("payout.failed", json.dumps(wrong))
    except WebhookPayloadValidationError as exc:
        assert isinstance(exc, APIResponseValidationError)
        assert "$.failure.code: expected str, got int" in str(exc), exc
        assert exc.kind == "payout.failed" and exc.status_code is None and "404" not in str(exc)
    else:
        raise AssertionError("a mismatched payload was parsed")
    for kind, payload, field in [
        ("refund.done", b"{}", "kind"),
        (None, b"{}", "kind"),
        ("invoice-paid", 7, "payload"),
    ]:
        try:
            webhooks.parse(kind, payload)
        except InvalidParameterError as exc:
            assert exc.field == field, exc
        else:
            raise AssertionError((kind, payload))
    for payload, path in [(b'{"kind": "refund.done"}', "$.kind"), (b"{", "$"), (b"[]", "$")]:
        try:
            webhooks.parse_any(payload)
        except WebhookPayloadValidationError as exc:
            assert f"{path}:" in str(exc) and exc.kind is None, exc
        else:
            raise AssertionError(payload)
    """
)


def test_each_payload_is_parsed_into_its_model(generated: Path) -> None:
    """The sandbox's payload of each kind is valid and parses into the kind's own model."""
    printed = run_in(generated, PARSE).split()
    assert printed == ["invoice-paid", "InvoicePaid", "payout.failed", "PayoutFailedWebhookEvent"]


def test_the_payload_models_are_in_payments_sdk_types(generated: Path) -> None:
    """The models of both payloads (an inline one's nested object too) are exported."""
    script = "import payments_sdk.types as t; print(*sorted(t.__all__))"
    exported = run_in(generated, script).split()
    for name in ("InvoicePaid", "PayoutFailedWebhookEvent", "PayoutFailedWebhookEventFailure"):
        assert name in exported


MYPY = (sys.executable, "-m", "mypy", "--config-file")
STRICT = ("--strict", "--no-incremental")
TYPED = textwrap.dedent(
    """
    from typing import assert_type

    from payments_sdk import webhooks
    from payments_sdk.types import InvoicePaid, PayoutFailedWebhookEvent


    def route(kind: str, body: bytes) -> webhooks.WebhookEvent:
        assert_type(webhooks.parse("invoice-paid", body), InvoicePaid)
        assert_type(webhooks.parse("payout.failed", body), PayoutFailedWebhookEvent)
        assert_type(webhooks.parse_any(body), InvoicePaid | PayoutFailedWebhookEvent)
        return webhooks.parse(kind, body)
    """
)


def test_parse_is_typed_per_kind(generated: Path, tmp_path: Path) -> None:
    """Mypy --strict sees each kind's model, and the union for a kind known at run time."""
    consumer = tmp_path / "consumer.py"
    consumer.write_text(TYPED, encoding="utf-8")
    env = {**os.environ, "MYPYPATH": f"{generated}{os.pathsep}{ROOT / 'wrapper'}"}
    done = subprocess.run(
        # The project's settings (the generated package's own errors are not this test's).
        [*MYPY, str(ROOT / "pyproject.toml"), *STRICT, str(consumer)],
        cwd=tmp_path,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-3000:]


# -- without a generation: the derivations, the module's rendering, api-diff --------------------


def _folded(edit: Any = with_webhooks) -> dict[str, Any]:
    document = _source()
    edit(document)
    return fold_server_prefixes(document)


def test_an_inline_payload_gets_a_component_named_after_its_kind() -> None:
    """``payout.failed`` → ``PayoutFailedWebhookEvent``; the webhook refers to it."""
    document = generator_input(_folded())
    assert document["components"]["schemas"]["PayoutFailedWebhookEvent"] == payout_failed()
    body = document["webhooks"]["payout.failed"]["post"]["requestBody"]["content"]
    ref = {"$ref": "#/components/schemas/PayoutFailedWebhookEvent"}
    assert body["application/json"]["schema"] == ref
    assert "InvoicePaid" in document["components"]["schemas"]


def test_a_derived_name_a_component_has_fails_naming_both() -> None:
    def clash(document: dict[str, Any]) -> None:
        with_webhooks(document)
        document["components"]["schemas"]["PayoutFailedWebhookEvent"] = {"type": "object"}

    with pytest.raises(
        GeneratorInputError, match=r"payout\.failed.*would be the model PayoutFailedWebhookEvent"
    ):
        generator_input(_folded(clash))


@pytest.mark.parametrize(
    ("change", "field"),
    [
        (lambda d: None, "kind"),
        (lambda d: d["components"]["schemas"]["InvoicePaid"]["required"].remove("kind"), None),
        (lambda d: d["components"]["schemas"]["InvoicePaid"]["properties"].update(
            kind={"const": "payout.failed"}), None),
        (lambda d: d["components"]["schemas"]["InvoicePaid"]["properties"].update(
            kind={"type": "string"}), None),
        (lambda d: d.pop("webhooks"), None),
        (lambda d: with_tagged_webhooks(d), "event"),
        (lambda d: (with_tagged_webhooks(d), d["webhooks"].update(inline=hook(payout_failed()))),
         None),
    ],
    ids=["every payload names its kind", "not required", "one value twice", "any text", "none",
         "a discriminator", "a discriminator and an untagged payload"],
)  # fmt: skip
def test_the_kind_field_is_derived_only_when_every_payload_names_its_kind(
    change: Any, field: str | None
) -> None:
    """``parse_any`` exists exactly when a required one-value field differs in every payload."""

    def edit(document: dict[str, Any]) -> None:
        with_webhooks(document)
        change(document)

    document = _folded(edit)
    found = _webhook_parts.kind_field(document)
    assert (found[0] if found else None) == field
    text = environment().get_template("webhooks.py.jinja").render(webhook_context(document))
    compile(text, "webhooks.py", "exec")
    assert ("def parse_any(" in text) == (field is not None)


TAGGED = textwrap.dedent(
    """
    import json
    from payments_sdk import WebhookPayloadValidationError, webhooks
    from payments_sdk.sandbox import webhook_body

    assert webhooks.KIND_FIELD == "event", webhooks.KIND_FIELD
    for kind, tag in [("chargeCaptured", "charge.captured"), ("chargeVoided", "ChargeVoided")]:
        body = webhook_body(kind)
        assert body["event"] == tag, body
        event = webhooks.parse_any(json.dumps(body))
        assert type(event) is type(webhooks.parse(kind, json.dumps(body))), event
        assert event.to_dict() == body, (event.to_dict(), body)
        print(type(event).__name__)
    wrong = webhook_body("chargeCaptured", event="ChargeVoided")
    try:
        webhooks.parse("chargeCaptured", json.dumps(wrong))
    except WebhookPayloadValidationError as exc:
        assert "$.event" in str(exc), exc
    else:
        raise AssertionError("a payload tagged as another kind was parsed")
    """
)


def test_payloads_a_discriminator_tags_apart_are_parsed_by_their_tag(
    tmp_path_factory: pytest.TempPathFactory,
) -> None:
    """No payload has a ``const`` field, but a discriminator tags their components apart."""
    out, _ = scratch_sdk(tmp_path_factory.mktemp("tagged"), with_tagged_webhooks)
    assert run_in(out, TAGGED).split() == ["ChargeCaptured", "ChargeVoided"]


def test_a_kind_is_named_by_its_key_in_pascal_case() -> None:
    for kind, name in [
        ("paymentSucceeded", "PaymentSucceededWebhookEvent"),
        ("payment.succeeded", "PaymentSucceededWebhookEvent"),
        ("refund-settled", "RefundSettledWebhookEvent"),
    ]:
        assert _webhook_parts.inline_name(kind) == name


def _changes(edit: Any) -> list[str]:
    old = _folded()
    new = copy.deepcopy(old)
    edit(new)
    return [str(change) for change in diff(old, new)]


def _invoice(document: dict[str, Any]) -> dict[str, Any]:
    schema: dict[str, Any] = document["components"]["schemas"]["InvoicePaid"]
    return schema


def _payout(document: dict[str, Any]) -> dict[str, Any]:
    content = document["webhooks"]["payout.failed"]["post"]["requestBody"]["content"]
    schema: dict[str, Any] = content["application/json"]["schema"]
    return schema


@pytest.mark.parametrize(
    ("edit", "expected"),
    [
        (lambda d: d["webhooks"].pop("invoice-paid"),
         ["[BREAKING] webhook invoice-paid: webhooks: webhook removed"]),
        (lambda d: d["webhooks"].update(refundDone=hook(payout_failed())),
         ["[added/compatible] webhook refundDone: webhooks: new webhook"]),
        (lambda d: _invoice(d)["required"].remove("paid_at"),
         ["[BREAKING] webhook invoice-paid: POST payload.paid_at: no longer always present"]),
        (lambda d: _payout(d)["properties"].pop("rate"),
         ["[BREAKING] webhook payout.failed: POST payload.rate"]),
        (lambda d: _payout(d)["properties"].update(memo={"type": "string"}),
         ["[added/compatible] webhook payout.failed: POST payload.memo"]),
        (lambda d: _payout(d)["required"].append("rate"),
         ["[added/compatible] webhook payout.failed: POST payload.rate"]),
        (lambda d: d["webhooks"]["payout.failed"].update(put=d["webhooks"]["payout.failed"].pop(
            "post")), ["[BREAKING] webhook payout.failed: PUT payload: sent with PUT instead of "
                       "POST"]),
        (lambda d: d["webhooks"]["invoice-paid"]["post"]["requestBody"]["content"][
            "application/json"].update(schema=invoice_paid()),
         ["[BREAKING] webhook invoice-paid: POST payload: payload model InvoicePaid -> "
          "InvoicePaidWebhookEvent"]),
        (lambda d: _invoice(d)["properties"].update(kind={"type": "string"}),
         ["[BREAKING] webhooks: parse_any: the field naming a payload's kind: kind -> None"]),
    ],
    ids=["removed", "added", "required dropped", "field removed", "optional field added",
         "made required", "another method", "another model", "kind field lost"],
)  # fmt: skip
def test_api_diff_reads_a_payload_as_an_answer(edit: Any, expected: list[str]) -> None:
    """The service writes a payload: narrowing it is compatible, widening or losing breaks."""
    changes = _changes(edit)
    for line in expected:
        assert any(change.startswith(line) for change in changes), changes


@pytest.mark.parametrize(
    "edit",
    [
        lambda d: _invoice(d).update(description="Sent once an invoice is paid in full."),
        lambda d: d["webhooks"]["payout.failed"]["post"].update(summary="A payout bounced."),
        lambda d: _payout(d)["properties"]["failure"].update(description="Why it failed."),
        lambda d: _invoice(d)["properties"]["invoice"].update(examples=["inv_1"]),
    ],
    ids=["payload description", "summary", "nested description", "example"],
)
def test_a_webhook_documentation_change_is_flagged_by_nothing(edit: Any) -> None:
    assert _changes(edit) == []


def test_the_published_sdk_parses_exactly_the_bundles_kinds() -> None:
    """``KINDS`` is the bundle's keys; a kind it does not declare is refused naming ``kind``."""
    from payments_sdk import InvalidParameterError, webhooks

    document = json.loads((ROOT / "generated" / "payments.folded.json").read_text("utf-8"))
    assert tuple(hook.kind for hook in _webhook_parts.webhooks(document)) == webhooks.KINDS
    with pytest.raises(InvalidParameterError, match=r"^kind: names no webhook") as raised:
        webhooks.parse("-".join(webhooks.KINDS) + "-undeclared", b"{}")
    assert raised.value.field == "kind"
