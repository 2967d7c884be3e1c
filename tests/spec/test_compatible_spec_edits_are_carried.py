"""Every compatible edit of the set reaches the SDK and the sandbox with no hand-written line.

The edits are ``openapi/tools/spec_edit_set.py``'s (the list ``make spec-edits`` replays, each in
a scratch clone under the whole ``make test``). Here, cheaply: every compatible edit that is not
pending is applied at once to a scratch copy of ``openapi/payments.yaml``; the documented workflow
(`make generate-into`: the recipe of `make generate`) runs into a scratch directory;
then a fresh interpreter that imports the SDK from there runs each edit's drive: its new or
changed methods called through the SDK against a sandbox built from the edited bundle (a fresh
one per edit). `api_diff` calls the whole set compatible. Nothing outside the scratch copy is
touched.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest
import yaml
from api_diff import diff
from fold import fold_server_prefixes
from overlay import OVERLAY
from spec_edit_set import EDITS, apply_edits, edited_bundle, overlay_after

from tests.support.provider_bundle import payments_yaml

ROOT = Path(__file__).resolve().parents[2]
READY = [edit for edit in EDITS if edit.kind == "compatible" and not edit.pending]

DRIVES = textwrap.dedent(
    """
    import asyncio, json, re, sys, traceback
    from decimal import Decimal
    import httpx
    import msgspec
    import payments_sdk.resources.refunds as resources
    from payments_sdk import AsyncPaymentsClient
    from payments_sdk.sandbox._app import build_app
    from payments_sdk.sandbox._auth import KeyIssuer
    from payments_sdk.sandbox._namespace_states import Spaces
    from payments_sdk.sandbox._schema_values import Answers
    from spec_edit_set import Drive, by_name

    assert resources.__file__.startswith(sys.argv[2]), resources.__file__
    document = json.load(open(sys.argv[1]))
    BASE = "http://127.0.0.1/v1"


    def completed(request, status, body, content_type):
        # A JSON answer a drive writes is completed as the sandbox completes its own: each
        # required field of the operation's answer it lacks gets a value of its schema, so a
        # required field another edit (or a replayed set) adds leaves the drive's body valid.
        if content_type != "application/json":
            return body
        try:
            value = json.loads(body, parse_float=Decimal)  # a number's digits, never a float
        except ValueError:
            return body  # a drive's broken body stays broken
        for path, item in document["paths"].items():
            pattern = re.sub(r"\\\\\\{[^}]*\\\\\\}", "[^/]+", re.escape(path))
            if request.method.lower() in item and re.fullmatch(pattern, request.url.path):
                value = Answers(document, path, request.method).complete(status, value)
                return msgspec.json.Encoder(decimal_format="number").encode(value)
        return body


    class Driving(Drive):
        def __init__(self):
            self.keys = KeyIssuer(None)
            self.app = build_app(Spaces.in_memory(seed_payments=30), self.keys, document)
            self.key = self.keys.issue()
            self.sent = []
            self.document = document
            self.closing = []

        async def __aenter__(self):
            async def record(request):
                self.sent.append(request)

            transport = httpx.ASGITransport(app=self.app)
            http = httpx.AsyncClient(transport=transport, event_hooks={"request": [record]})
            self.client = AsyncPaymentsClient(api_key=self.key, base_url=BASE, http_client=http)
            self.closing += [self.client, http]
            return self

        async def __aexit__(self, *exc):
            for thing in reversed(self.closing):
                await thing.aclose()

        async def answering(self, status, body, content_type="application/json"):
            def answer(request):
                return httpx.Response(
                    status, content=completed(request, status, body, content_type),
                    headers={"content-type": content_type},
                )

            http = httpx.AsyncClient(transport=httpx.MockTransport(answer))
            client = AsyncPaymentsClient(api_key=self.key, base_url=BASE, http_client=http)
            self.closing += [client, http]
            return client

        def customer_jwt(self):
            return self.keys.issue()  # any key the sandbox issued stands for a customer's JWT

        def virtual_account(self):
            kind = document["components"]["schemas"]["PaymentType"]
            return {"payment_type": (kind.get("enum") or kind["examples"])[0], "currency": "USD"}

        async def control(self, path, body, method="POST"):
            transport = httpx.ASGITransport(app=self.app)
            async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as http:
                answer = await http.request(
                    method, path, json=body, headers={"Authorization": f"Bearer {self.key}"}
                )
                assert answer.status_code < 300, answer.text
                return answer.json()


    async def main():
        outcomes = {}
        for name in sys.argv[3:]:
            try:
                async with Driving() as drive:
                    await by_name(name).drive(drive)
            except BaseException:
                outcomes[name] = traceback.format_exc()[-2500:]
            else:
                outcomes[name] = "carried"
        print(json.dumps(outcomes))

    asyncio.run(main())
    """
)


@pytest.fixture(scope="module")
def edited(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, Any]]:
    """The edited bundle, generated into a scratch directory as `make generate` does."""
    # A scratch checkout: generated/ beside a link to the wrapper, as in the repository.
    checkout = tmp_path_factory.mktemp("edited")
    (checkout / "wrapper").symlink_to(ROOT / "wrapper", target_is_directory=True)
    out = checkout / "generated"
    out.mkdir()
    their = payments_yaml()
    bundle = checkout / "payments.json"
    bundle.write_text(json.dumps(apply_edits(their, READY)), encoding="utf-8")
    overlay = checkout / "overlay.yaml"
    ours = overlay_after(yaml.safe_load(OVERLAY.read_text(encoding="utf-8")), READY)
    overlay.write_text(yaml.safe_dump(ours, sort_keys=False), encoding="utf-8")
    # The recipe of `make generate` itself, on the edited bundle and our overlay as the edits
    # leave it, into the scratch directory.
    result = subprocess.run(
        [
            "make",
            "--no-print-directory",
            "generate-into",
            f"DIR={out}",
            f"BUNDLE={bundle}",
            f"OVERLAY={overlay}",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    assert result.returncode == 0, (result.stdout + result.stderr)[-3000:]
    return out, edited_bundle(their, READY)


@pytest.fixture(scope="module")
def outcomes(edited: tuple[Path, dict[str, Any]]) -> dict[str, str]:
    """Each ready edit's drive, run in a fresh interpreter that imports the edited SDK."""
    out, _ = edited
    path = [str(out), str(out.parent / "wrapper"), str(ROOT / "openapi" / "tools")]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(path)}
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            DRIVES,
            str(out / "payments.folded.json"),
            str(out),
            *[e.name for e in READY],
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    found: dict[str, str] = json.loads(result.stdout.strip().splitlines()[-1])
    return found


@pytest.mark.parametrize(
    "name",
    [
        pytest.param(
            edit.name,
            marks=[pytest.mark.skip(reason=edit.pending)] if edit.pending else [],
        )
        for edit in EDITS
        if edit.kind == "compatible"
    ],
)
def test_each_compatible_edit_reaches_the_sdk_and_the_sandbox(
    name: str, outcomes: dict[str, str]
) -> None:
    """The edit's new or changed methods work end to end, with every other edit applied too."""
    assert outcomes[name] == "carried", outcomes[name]


def test_the_api_diff_calls_the_set_compatible(edited: tuple[Path, dict[str, Any]]) -> None:
    """No edit is breaking for SDK users, and each one the diff can see is reported."""
    _, source = edited
    before = json.loads((ROOT / "openapi" / "baseline" / "payments.json").read_text("utf-8"))
    changes = diff(fold_server_prefixes(before), fold_server_prefixes(source))
    assert not [c for c in changes if c.breaking], "\n".join(map(str, changes))
    text = "\n".join(map(str, changes))
    for words in ("default 20 -> 50", "maximum 100 -> 200", "new operation"):
        assert words in text, text


SOURCE_BEFORE = (ROOT / "openapi" / "payments.yaml").read_bytes()
GENERATED_BEFORE = sorted(p.name for p in (ROOT / "generated" / "payments_sdk").rglob("*.py"))


def test_the_scratch_copy_does_not_touch_the_checkout(edited: tuple[Path, dict[str, Any]]) -> None:
    """The edits live in the scratch directory only."""
    out, _ = edited
    assert (out / "payments_sdk" / "resources" / "widgets.py").is_file()
    assert (ROOT / "openapi" / "payments.yaml").read_bytes() == SOURCE_BEFORE
    after = sorted(p.name for p in (ROOT / "generated" / "payments_sdk").rglob("*.py"))
    assert after == GENERATED_BEFORE


def test_the_generated_code_is_the_bundles_text_not_an_objects_repr(
    edited: tuple[Path, dict[str, Any]],
) -> None:
    """No template renders a Python object's repr (an address that changes with every run)."""
    out, _ = edited
    leaked = [
        str(path.relative_to(out))
        for path in out.rglob("*.py")
        if " object at 0x" in path.read_text(encoding="utf-8")
    ]
    assert leaked == [], leaked
