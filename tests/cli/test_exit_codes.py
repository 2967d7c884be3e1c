"""Each class of error exits with its documented code, its message on standard error.

Ctrl-C (130) and a closed pipe (141) are covered by tests/cli/test_export_streams_every_page.py.
"""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from payments_sdk.cli._commands import exit_codes_text
from payments_sdk.cli._exit_codes import ExitCode
from payments_sdk.sandbox import Sandbox
from tests.support.cli_helpers import cli, served_sandbox
from tests.support.keyscan import KEY


@pytest.fixture(scope="module")
def served() -> Iterator[tuple[Sandbox, dict[str, str]]]:
    with served_sandbox() as found:
        yield found


@pytest.fixture
def sandbox(served: tuple[Sandbox, dict[str, str]]) -> Iterator[Sandbox]:
    yield served[0]
    served[0].faults.clear()


@pytest.fixture
def env(served: tuple[Sandbox, dict[str, str]]) -> dict[str, str]:
    return served[1]


def test_success_is_0(env: dict[str, str]) -> None:
    assert cli("balances", "retrieve", env=env).code == ExitCode.OK


def test_a_usage_error_is_2() -> None:
    result = cli("payments", "list", "--no-such-option")
    assert result.code == ExitCode.USAGE
    assert "unrecognized arguments: --no-such-option" in result.err
    assert cli("payments", "lst").code == ExitCode.USAGE


def test_an_invalid_parameter_is_2(env: dict[str, str]) -> None:
    result = cli("refunds", "create", "--payment-id", "nope", env=env)
    assert result.code == ExitCode.USAGE
    assert result.err.startswith("payments: error: payment_id: ")


def test_no_key_is_3() -> None:
    result = cli("balances", "retrieve", env={"PAYMENTS_BASE_URL": "http://127.0.0.1:9/v1"})
    assert result.code == ExitCode.AUTHENTICATION
    assert "PAYMENTS_API_KEY" in result.err


def test_a_refused_key_is_3(env: dict[str, str]) -> None:
    result = cli("balances", "retrieve", env={**env, "PAYMENTS_API_KEY": KEY})
    assert result.code == ExitCode.AUTHENTICATION
    assert "401" in result.err


def test_not_found_is_4(env: dict[str, str]) -> None:
    assert cli("refunds", "retrieve", "rfnd_none", env=env).code == ExitCode.NOT_FOUND


def test_rate_limited_is_5(sandbox: Sandbox, env: dict[str, str]) -> None:
    sandbox.faults.fail("GET /v1/balances", status=429, times=1)
    result = cli("balances", "retrieve", "--max-retries", "0", env=env)
    assert result.code == ExitCode.RATE_LIMITED, result.err


def test_a_server_error_is_6(sandbox: Sandbox, env: dict[str, str]) -> None:
    sandbox.faults.fail("GET /v1/balances", status=503, times=1)
    result = cli("balances", "retrieve", "--max-retries", "0", env=env)
    assert result.code == ExitCode.SERVER_ERROR, result.err


def test_a_connection_failure_is_7(env: dict[str, str]) -> None:
    nowhere = {**env, "PAYMENTS_BASE_URL": "http://127.0.0.1:9/v1"}
    result = cli("balances", "retrieve", "--max-retries", "0", env=nowhere)
    assert result.code == ExitCode.CONNECTION
    assert "127.0.0.1:9" in result.err


def test_another_api_error_is_1(sandbox: Sandbox, env: dict[str, str]) -> None:
    sandbox.faults.fail("GET /v1/balances", status=409, times=1)
    assert cli("balances", "retrieve", env=env).code == ExitCode.ERROR


def test_with_format_json_an_error_is_one_line_of_json(env: dict[str, str]) -> None:
    result = cli("refunds", "retrieve", "rfnd_none", "--format", "json", env=env)
    assert result.out == ""
    lines = result.err.splitlines()
    assert len(lines) == 1
    error = json.loads(lines[0])["error"]
    assert error["type"] == "not_found"
    assert error["exit_code"] == ExitCode.NOT_FOUND
    assert error["status_code"] == 404
    usage = cli("payments", "list", "--bogus", "--format", "json")
    assert json.loads(usage.err)["error"]["exit_code"] == ExitCode.USAGE
    invalid = cli("refunds", "create", "--payment-id", "x", "--format=jsonl", env=env)
    assert json.loads(invalid.err)["error"] == {
        "type": "invalid_parameter",
        "exit_code": 2,
        "message": json.loads(invalid.err)["error"]["message"],
        "field": "payment_id",
    }


def test_no_traceback_for_a_users_error(env: dict[str, str]) -> None:
    for args in (("refunds", "retrieve", "x"), ("payments", "list", "--per-page", "0")):
        result = cli(*args, env=env)
        assert "Traceback" not in result.err
        assert len(result.err.splitlines()) == 1


def test_every_exit_code_is_in_the_help() -> None:
    text = cli("--help").out
    assert exit_codes_text() in text
    for code in ExitCode:
        assert f"  {int(code):<4} " in text


def test_sandbox_without_its_extra_is_2_with_the_install_hint(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import payments_sdk.sandbox

    monkeypatch.setattr(payments_sdk.sandbox, "_importable", lambda name: False)
    result = cli("balances", "retrieve", "--sandbox")
    assert result.code == ExitCode.USAGE
    assert 'pip install "payments-sdk[sandbox]"' in result.err
    assert "Traceback" not in result.err
