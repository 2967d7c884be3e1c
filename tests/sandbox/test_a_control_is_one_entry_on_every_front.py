"""A sandbox control is one entry of ``_controls.CONTROLS``, and every front is built from it.

A control added to the table (here a made-up ``notes echo``) is served over HTTP, run in
process by ``Sandbox``, called over HTTP by ``SandboxNamespace`` and offered as a
``payments-sandbox`` command, with the same checks and messages on each front, and no other
line written. The real table's fronts agree too: every entry is routed, and a helper that both
``Sandbox`` and ``SandboxNamespace`` have takes the same arguments.
"""

from __future__ import annotations

import asyncio
import inspect
from typing import Any

import httpx
import pytest

from payments_sdk.sandbox import Sandbox, SandboxControlError, SandboxNamespace
from payments_sdk.sandbox._cli import main
from payments_sdk.sandbox._controls import CONTROLS, Call, Command, Control, Positional, State
from payments_sdk.sandbox._errors import bad_request

pytestmark = pytest.mark.integration


def _check(call: Call) -> dict[str, Any]:
    body = call.body
    if not isinstance(body, dict) or set(body) - {"text"}:
        raise bad_request(f"a note is {{'text': ...}}, at {call.where}")
    if not isinstance(body.get("text"), str):
        raise bad_request("text must be a string")
    return {"text": body["text"]}


def _run(state: State, namespace: str, *, text: str) -> dict[str, Any]:
    kept = len(state.spaces.snapshots(namespace))  # a state operation on the namespace
    return {"namespace": namespace, "text": text, "snapshots": kept}


def _show(arguments: dict[str, Any], answer: Any) -> None:
    print(f"{answer['namespace']}: {answer['text']} ({arguments['text']})")


ECHO = Control(
    "echo_note",
    "POST /_sandbox/notes",
    _run,
    _check,
    status=201,
    command=Command(
        "notes",
        "notes about the namespace",
        "echo",
        "print TEXT back, with the namespace",
        _show,
        (Positional("text", "TEXT"),),
    ),
)


@pytest.fixture
def with_echo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(CONTROLS, ECHO.name, ECHO)


@pytest.mark.usefixtures("with_echo")
def test_a_new_entry_appears_on_all_four_fronts(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    sandbox = Sandbox(seed_payments=0)
    sandbox.snapshot("kept", namespace="team")
    key = sandbox.issue_key("team")
    with sandbox.serve() as url:
        # 1. the HTTP route, on the namespace of the key
        notes = url.removesuffix("/v1") + "/_sandbox/notes"
        auth = {"Authorization": f"Bearer {key}"}
        answer = httpx.post(notes, json={"text": "hi"}, headers=auth)
        assert answer.status_code == 201
        assert answer.json() == {"namespace": "team", "text": "hi", "snapshots": 1}
        refused = httpx.post(notes, json={"text": 5}, headers=auth)
        assert (refused.status_code, refused.json()["message"]) == (400, "text must be a string")
        assert httpx.post(notes, json={"text": "hi"}).status_code == 401
        assert httpx.get(notes, headers=auth).status_code == 405

        # 2. Sandbox, in process: the same operation, the same checks as a ValueError
        assert sandbox._control("echo_note", "team", text="hi") == answer.json()
        with pytest.raises(ValueError, match=r"^text must be a string$"):
            sandbox._control("echo_note", "team", text=5)
        with pytest.raises(ValueError, match="at POST /_sandbox/notes"):
            sandbox._control("echo_note", "team", text="hi", extra=1)

        # 3. SandboxNamespace, over HTTP: the request the entry describes
        handle = SandboxNamespace(url, key, "team")
        assert handle._control("echo_note", text="hi") == answer.json()
        with pytest.raises(SandboxControlError) as failed:
            handle._control("echo_note", text=5)
        assert (failed.value.status, failed.value.message) == (400, "text must be a string")

        # 4. the payments-sandbox command: in the help, and run against the served sandbox
        with pytest.raises(SystemExit) as helped:
            main(["--help"])
        assert (
            helped.value.code == 0
            and "payments-sandbox notes echo TEXT\n" in capsys.readouterr().out
        )
        with pytest.raises(SystemExit):
            main(["notes", "--help"])
        assert "print TEXT back, with the namespace" in capsys.readouterr().out
        monkeypatch.setenv("PAYMENTS_BASE_URL", url)
        monkeypatch.setenv("PAYMENTS_API_KEY", key)
        assert main(["notes", "echo", "hello there"]) == 0
        assert capsys.readouterr().out == "team: hello there (hello there)\n"


def test_without_the_entry_no_front_knows_it() -> None:
    """The fronts read the table: the same calls, without the entry, find nothing."""
    sandbox = Sandbox(seed_payments=0)
    with sandbox.serve() as url:
        notes = url.removesuffix("/v1") + "/_sandbox/notes"
        auth = {"Authorization": f"Bearer {sandbox.api_key}"}
        assert httpx.post(notes, json={"text": "hi"}, headers=auth).status_code == 404
        with pytest.raises(KeyError):
            SandboxNamespace(url, sandbox.api_key, "default")._control("echo_note", text="hi")
    with pytest.raises(KeyError):
        sandbox._control("echo_note", "default", text="hi")
    with pytest.raises(SystemExit) as usage:
        main(["notes", "echo", "hi"])  # not a command: the server's parser refuses the words
    assert usage.value.code == 2


def test_every_entry_is_routed() -> None:
    """Every control of the table is served at its method and path (no router 404 or 405)."""
    sandbox = Sandbox(seed_payments=0)
    auth = {"Authorization": f"Bearer {sandbox.api_key}"}
    transport = httpx.ASGITransport(app=sandbox.app)

    async def answers() -> dict[str, tuple[int, str]]:
        found = {}
        async with httpx.AsyncClient(transport=transport, base_url="http://sandbox") as http:
            for control in CONTROLS.values():
                path = control.path.replace("{name}", "none").replace("{resource}", "rfis")
                path = path.replace("{id}", "rfi_none")
                answer = await http.request(control.method, path, headers=auth, content=b"{}")
                message = str(answer.json().get("message", "")) if answer.content else ""
                found[control.name] = (answer.status_code, message)
        return found

    for name, (status, message) in asyncio.run(answers()).items():
        assert status != 405 and message != "Not Found" and status < 500, (name, status)


@pytest.mark.parametrize(
    "name",
    sorted(
        name
        for name in CONTROLS
        if callable(getattr(Sandbox, name, None))
        and callable(getattr(SandboxNamespace, name, None))
    ),
)
def test_a_helper_of_both_classes_takes_the_same_arguments(name: str) -> None:
    """``Sandbox.X`` is ``SandboxNamespace.X`` plus the ``namespace`` to act on."""

    def parameters(owner: type) -> list[tuple[str, Any]]:
        signature = inspect.signature(getattr(owner, name))
        return [
            (parameter.name, parameter.default)
            for parameter in signature.parameters.values()
            if parameter.name not in ("self", "namespace")
        ]

    assert parameters(Sandbox) == parameters(SandboxNamespace)
