"""The key never appears in what ``payments`` prints: output, errors, traces, dry runs, help."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from payments_sdk.cli._service import read_credentials
from payments_sdk.sandbox import Sandbox
from tests.support.cli_helpers import Result, cli, key_fragments, served_sandbox
from tests.support.keyscan import KEY


@pytest.fixture(scope="module")
def served() -> Iterator[tuple[Sandbox, dict[str, str]]]:
    with served_sandbox() as found:
        yield found


def _assert_secret(result: Result, key: str) -> None:
    for fragment in key_fragments(key):
        assert fragment not in result.out, fragment
        assert fragment not in result.err, fragment


COMMANDS = [
    ("balances", "retrieve"),
    ("balances", "retrieve", "--format", "table"),
    ("payments", "list", "--all", "--per-page", "20", "--format", "csv"),
    ("payments", "list", "--format", "jsonl", "--verbose"),
    ("refunds", "retrieve", "rfnd_none"),
    ("refunds", "retrieve", "rfnd_none", "--format", "json", "--verbose"),
    ("refunds", "create", "--payment-id", "bad"),
    ("refunds", "create", "--payment-id", "payt_1", "--dry-run"),
    ("refunds", "create", "--payment-id", "payt_1", "--dry-run", "--format", "json", "-v"),
    ("request", "GET", "/balances", "--verbose"),
    ("request", "GET", "/nowhere"),
    ("payments", "list", "--bogus"),
    ("payments", "list", "--help"),
    ("--version",),
]


@pytest.mark.parametrize("args", COMMANDS, ids=" ".join)
def test_the_key_from_the_environment_is_never_printed(
    args: tuple[str, ...], served: tuple[Sandbox, dict[str, str]]
) -> None:
    sandbox, env = served
    result = cli(*args, env=env)
    _assert_secret(result, sandbox.api_key)


@pytest.mark.parametrize("args", COMMANDS[:8], ids=" ".join)
def test_the_key_from_a_file_is_never_printed(
    args: tuple[str, ...], served: tuple[Sandbox, dict[str, str]], tmp_path: Path
) -> None:
    sandbox, env = served
    key_file = tmp_path / "sandbox.env"
    key_file.write_text(
        f"export PAYMENTS_BASE_URL='{env['PAYMENTS_BASE_URL']}'\n"
        f"export PAYMENTS_API_KEY='{sandbox.api_key}'\n"
    )
    result = cli(*args, "--api-key-file", str(key_file), env={})
    assert "key from" not in result.err or "--api-key-file" in result.err
    _assert_secret(result, sandbox.api_key)


def test_a_refused_key_is_not_printed_even_verbose(
    served: tuple[Sandbox, dict[str, str]],
) -> None:
    _, env = served
    for args in (("balances", "retrieve", "-v"), ("balances", "retrieve", "--format", "json")):
        result = cli(*args, env={**env, "PAYMENTS_API_KEY": KEY})
        assert result.code == 3
        _assert_secret(result, KEY)


def test_a_key_typed_as_an_option_is_refused_and_not_repeated() -> None:
    for args in (("--api-key", KEY), (f"--api-key={KEY}",), ("--api_key", KEY)):
        result = cli("balances", "retrieve", *args, env={})
        assert result.code == 2
        assert "there is no --api-key option" in result.err
        _assert_secret(result, KEY)


def test_a_key_typed_where_a_value_goes_is_not_repeated(
    served: tuple[Sandbox, dict[str, str]],
) -> None:
    sandbox, env = served
    for args in (
        ("refunds", "retrieve", sandbox.api_key),
        ("payments", "list", "--per-page", sandbox.api_key),
        ("payments", "list", "--format", sandbox.api_key),
    ):
        result = cli(*args, env=env)
        assert result.code != 0
        _assert_secret(result, sandbox.api_key)


def test_the_command_line_has_no_option_that_takes_the_key() -> None:
    text = cli("balances", "retrieve", "--help").out
    assert "--api-key-file" in text
    assert "--api-key " not in text.replace("--api-key-file", "")


def test_credentials_never_show_the_key_in_their_repr(tmp_path: Path) -> None:
    key_file = tmp_path / "key"
    key_file.write_text(KEY + "\n")
    credentials = read_credentials(str(key_file), None)
    assert credentials.key == KEY
    assert KEY[:8] not in repr(credentials)
