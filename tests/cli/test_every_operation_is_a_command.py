"""Every operation of the table is a command, with the SDK method's options, checks and help."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Iterator
from decimal import Decimal
from pathlib import Path

import pytest

from payments_sdk import InvalidParameterError, __version__
from payments_sdk._operation_table import OPERATIONS, Argument, OperationRow
from payments_sdk.cli._bundle import amounts_of, model_schema
from payments_sdk.cli._commands import RESERVED, build_parser, cli_name, option_of
from payments_sdk.cli._completion import candidates, script
from payments_sdk.sandbox import Sandbox
from payments_sdk.sandbox.contract import load_bundle
from tests.support.cli_helpers import cli, served_sandbox


def _words(entry: OperationRow) -> list[str]:
    if entry.resource == "client":
        return [cli_name(entry.method)]
    return [cli_name(entry.resource), cli_name(entry.method)]


@pytest.fixture(scope="module")
def served() -> Iterator[dict[str, str]]:
    with served_sandbox() as (_, env):
        yield env


@pytest.mark.parametrize("entry", OPERATIONS, ids=lambda e: f"{e.resource}.{e.method}")
def test_every_operation_has_a_command_with_every_argument(entry: OperationRow) -> None:
    parser = build_parser()
    for words in (_words(entry), [entry.resource, entry.method][-len(_words(entry)) :]):
        ns = parser.parse_args(words)
        assert ns._entry is entry
    options = {o for action in parser._actions for o in action.option_strings}
    leaf = parser.parse_args(_words(entry))
    assert leaf._entry.arguments == entry.arguments
    for argument in entry.arguments:
        value = "1" if argument.schema.get("type") == "integer" else "x"
        ns = parser.parse_args([*_words(entry), option_of(argument), value])
        assert getattr(ns, f"arg_{argument.python_name}") in (value, [value])
    assert "--format" in options


def test_a_new_operation_in_the_table_gets_its_command() -> None:
    """No hand-written line: a table entry is all a command needs."""
    new = OperationRow(
        operation_id="listScratchWidgets",
        resource="scratch_widgets",
        method="list",
        http_method="GET",
        path="/v1/scratch-widgets",
        summary="List payouts",
        description="Lists payouts, newest first.",
        result="PayoutList",
        item="Payout",
        paged=True,
        body=None,
        arguments=(
            Argument(
                "status", "status", "query", False, None, False, {"type": "string"}, "By status."
            ),
        ),
    )
    parser = build_parser(operations=(*OPERATIONS, new))
    ns = parser.parse_args(["scratch-widgets", "list", "--status", "paid", "--all"])
    assert ns._entry is new
    assert ns.arg_status == "paid"
    assert ns.all is True


def test_no_resource_takes_the_name_of_a_command_of_the_command_line() -> None:
    names = {cli_name(e.resource) for e in OPERATIONS}
    names |= {cli_name(e.method) for e in OPERATIONS if e.resource == "client"}
    assert not names & set(RESERVED)


def _argument(resource: str, method: str, name: str) -> Argument:
    """An argument of an operation, as the bundle declares it (through the operation table)."""
    entry = next(e for e in OPERATIONS if (e.resource, e.method) == (resource, method))
    return next(a for a in entry.arguments if a.name == name)


def test_help_shows_the_docstring_enum_members_bounds_and_defaults() -> None:
    """The help says what the bundle says of each argument (read here from the bundle)."""
    result = cli("rfis", "list", "--help")
    assert result.code == 0
    shown = " ".join(result.out.split())
    assert "List RFIs" in shown or "RFI" in shown
    for member in _argument("rfis", "list", "status").schema["enum"]:
        assert member in shown
    per_page = _argument("rfis", "list", "per_page")
    assert f"From {per_page.schema['minimum']} to {per_page.schema['maximum']}" in shown
    assert f"Default: {per_page.default}" in shown
    conversions = " ".join(cli("balance-conversions", "create", "--help").out.split())
    currencies = _argument("balance_conversions", "create", "source_currency").schema["enum"]
    assert "One of: " + ", ".join(currencies) in conversions
    assert "major units" in conversions


def test_version_names_the_sdk_and_the_api() -> None:
    result = cli("--version")
    assert result.code == 0
    assert f"payments-sdk {__version__}" in result.out
    assert f"API {load_bundle()['info']['version']}" in result.out


def test_underscore_spellings_are_accepted(served: dict[str, str]) -> None:
    dashes = cli("balance-conversions", "list", "--per-page", "2", env=served)
    underscores = cli("balance_conversions", "list", "--per_page", "2", env=served)
    assert dashes.code == underscores.code == 0
    assert dashes.out == underscores.out


def test_bad_input_exits_before_any_request_with_the_sdks_message(served: dict[str, str]) -> None:
    async def sdk_message() -> str:
        async with Sandbox() as sandbox:
            try:
                await sandbox.client().refunds.create(payment_id="ref_1")
            except InvalidParameterError as exc:
                return str(exc)
        raise AssertionError("the SDK accepted it")

    nowhere = {"PAYMENTS_API_KEY": "a.b.c", "PAYMENTS_BASE_URL": "http://127.0.0.1:9/v1"}
    result = cli("refunds", "create", "--payment-id", "ref_1", env=nowhere)
    assert result.code == 2
    assert result.err == f"payments: error: {asyncio.run(sdk_message())}\n"
    per_page = _argument("payments", "list", "per_page").schema
    low, high = per_page["minimum"], per_page["maximum"]
    bound = cli("payments", "list", "--per-page", str(high + 1), env=served)
    assert bound.code == 2
    assert f"per_page: must be between {low} and {high}, got {high + 1}" in bound.err
    text = cli("payments", "list", "--per-page", "many", env=served)
    assert text.code == 2
    assert "per_page: must be an int" in text.err


def test_a_missing_required_argument_is_named() -> None:
    result = cli("refunds", "retrieve", "--sandbox")
    assert result.code == 2
    assert "id: is required" in result.err


def test_money_is_shown_with_its_currencys_decimals_and_minor_units_on_request(
    served: dict[str, str],
) -> None:
    shown = json.loads(cli("balances", "retrieve", env=served).out)
    assert {row["currency"]: row["amount"] for row in shown["data"]}["USD"] == "1000000.00"
    minor = json.loads(cli("balances", "retrieve", "--minor-units", env=served).out)
    assert {row["currency"]: row["amount"] for row in minor["data"]}["USD"] == 100000000
    page = json.loads(cli("payments", "list", "--per-page", "3", env=served).out)
    for row in page:
        assert isinstance(row["amount"], str)
        assert Decimal(row["amount"]).as_tuple().exponent == -2
        assert isinstance(row["fx_fee"]["amount"], str)


def test_money_fields_are_found_by_the_bundle() -> None:
    payment = amounts_of(model_schema("Payment"))
    assert ("amount", "currency") in payment.pairs
    assert ("ordered_amount", "ordered_currency") in payment.pairs
    assert payment.nested["fx_fee"].pairs == (("amount", "currency"),)
    assert amounts_of(model_schema("BalanceList")).items["data"].pairs == (("amount", "currency"),)


def test_amounts_in_are_major_units_of_the_currency_beside_them() -> None:
    result = cli(
        "balance-conversions",
        "create",
        "--source-currency",
        "USD",
        "--target-currency",
        "EUR",
        "--source-amount",
        "10.50",
        "--sandbox",
        "--dry-run",
        "--format",
        "json",
    )
    assert result.code == 0, result.err
    assert json.loads(result.out)["body"]["source_amount"] == 1050
    minor = cli(
        "balance-conversions",
        "create",
        "--source-currency",
        "USD",
        "--target-currency",
        "EUR",
        "--source-amount",
        "1050",
        "--minor-units",
        "--sandbox",
        "--dry-run",
        "--format",
        "json",
    )
    assert json.loads(minor.out)["body"]["source_amount"] == 1050
    precise = cli(
        "balance-conversions",
        "create",
        "--source-currency",
        "USD",
        "--target-currency",
        "EUR",
        "--source-amount",
        "10.505",
        "--sandbox",
    )
    assert precise.code == 2
    assert precise.err.startswith("payments: error: source_amount: 10.505 has more than 2 decimals")


def test_nested_objects_as_json_as_dotted_options_and_from_a_file(tmp_path: Path) -> None:
    (tmp_path / "beneficiary.json").write_text('{"name": "Ada", "address": {"city": "Paris"}}')
    result = cli(
        "beneficiaries",
        "create",
        "--bank-account",
        '{"account_number": "FR7630006000011234567890189"}',
        "--bank-account.currency",
        "EUR",
        "--beneficiary",
        f"@{tmp_path / 'beneficiary.json'}",
        "--beneficiary.address.country_code=FRA",
        "--notes.ref",
        "inv-7",
        "--sandbox",
        "--dry-run",
        "--format",
        "json",
    )
    assert result.code == 0, result.err
    body = json.loads(result.out)["body"]
    assert body["bank_account"] == {
        "account_number": "FR7630006000011234567890189",
        "currency": "EUR",
    }
    assert body["beneficiary"] == {
        "name": "Ada",
        "address": {"city": "Paris", "country_code": "FRA"},
    }
    assert body["notes"] == {"ref": "inv-7"}
    nested = cli("beneficiaries", "create", "--bank-account.currency", "usd", "--sandbox")
    assert nested.code == 2
    assert "bank_account.currency" in nested.err


def test_arrays_by_repeating_the_option_or_as_json() -> None:
    repeated = cli(
        "orders", "create", "--amount", "12.00", "--currency", "USD",
        "--payment-methods", "card", "--payment-methods", "bank_transfer",
        "--sandbox", "--dry-run", "--format", "json",
    )  # fmt: skip
    assert repeated.code == 0, repeated.err
    assert json.loads(repeated.out)["body"] == {
        "amount": 1200,
        "currency": "USD",
        "payment_methods": ["card", "bank_transfer"],
    }
    rfi = cli(
        "orders", "update-rfi", "ord_1", "--documents",
        '[{"id": "doc_1", "rfi_doc_id": "rfidoc_1"}]', "--sandbox", "--dry-run", "--format", "json",
    )  # fmt: skip
    assert rfi.code == 0, rfi.err
    shown = json.loads(rfi.out)
    assert shown["method"] == "PATCH"
    assert shown["url"].endswith("/v1/orders/ord_1/update-rfi")


def test_path_parameters_are_positional_or_options(served: dict[str, str]) -> None:
    created = json.loads(
        cli("refunds", "create", "--payment-id", _a_payment(served), env=served).out
    )
    by_position = cli("refunds", "retrieve", created["id"], env=served)
    by_option = cli("refunds", "retrieve", "--id", created["id"], env=served)
    assert by_position.code == by_option.code == 0
    assert json.loads(by_position.out) == json.loads(by_option.out)
    twice = cli("refunds", "retrieve", "a", "--id", "b", env=served)
    assert twice.code == 2


def _a_payment(env: dict[str, str]) -> str:
    return str(json.loads(cli("payments", "list", "--per-page", "1", env=env).out)[0]["id"])


def test_a_file_upload_takes_a_path(tmp_path: Path, served: dict[str, str]) -> None:
    passport = tmp_path / "passport.pdf"
    passport.write_bytes(b"%PDF-1.4 sandbox")
    result = cli("documents", "upload", str(passport), "--type", "passport", env=served)
    assert result.code == 0, result.err
    document = json.loads(result.out)
    assert document["id"].startswith("doc_")


@pytest.mark.parametrize("kind", ["json", "jsonl", "csv", "table"])
def test_every_format_of_one_object(kind: str, served: dict[str, str]) -> None:
    result = cli("fx-rates", "retrieve", "--source-currency", "USD", "--target-currency", "EUR",
                 "--format", kind, env=served)  # fmt: skip
    assert result.code == 0, result.err
    assert "USD" in result.out
    assert "EUR" in result.out


def test_output_to_a_file_takes_its_format_from_the_extension(
    tmp_path: Path, served: dict[str, str]
) -> None:
    target = tmp_path / "payments.csv"
    result = cli("payments", "list", "--per-page", "4", "-o", str(target), env=served)
    assert result.code == 0, result.err
    assert result.out == ""
    lines = target.read_text().splitlines()
    assert lines[0].startswith("id,")
    assert len(lines) == 5


def test_columns_choose_what_a_csv_shows(served: dict[str, str]) -> None:
    result = cli(
        "payments", "list", "--per-page", "2", "--format", "csv",
        "--columns", "id,amount,currency,fx_fee.amount", env=served,
    )  # fmt: skip
    lines = result.out.splitlines()
    assert lines[0] == "id,amount,currency,fx_fee.amount"
    assert len(lines[1].split(",")) == 4


def _unshown_path() -> str:
    """A path no operation of the bundle has: a segment none of its paths uses."""
    used = {segment for entry in OPERATIONS for segment in entry.path.split("/")}
    names = ("customers", "customer-profiles", "not-in-the-bundle")
    return "/" + next(name for name in names if name not in used)


def test_request_calls_an_operation_the_bundle_does_not_show(served: dict[str, str]) -> None:
    result = cli("request", "GET", "/balances", env=served)
    assert result.code == 0, result.err
    assert {row["currency"] for row in json.loads(result.out)["data"]} >= {"USD"}
    unshown = _unshown_path()
    dry = cli("request", "POST", unshown, "--data", '{"name": "Ada"}', "--param", "x=1",
              "--sandbox", "--dry-run", "--format", "json")  # fmt: skip
    shown = json.loads(dry.out)
    assert shown["method"] == "POST"
    assert shown["url"].endswith(f"/v1{unshown}?x=1")
    assert shown["body"] == {"name": "Ada"}
    missing = cli("request", "GET", unshown, env=served)
    assert missing.code == 4


def test_dry_run_prints_the_request_and_sends_nothing() -> None:
    result = cli("refunds", "create", "--payment-id", "payt_1", "--base-url",
                 "http://127.0.0.1:9/v1", "--dry-run", "--format", "table",
                 env={"PAYMENTS_API_KEY": "a.b.c"})  # fmt: skip
    assert result.code == 0, result.err
    assert result.out.splitlines()[0] == "POST http://127.0.0.1:9/v1/refunds"
    assert '"payment_id": "payt_1"' in result.out


def test_shell_completion_scripts_and_candidates() -> None:
    assert "complete -o default -F _payments_complete payments" in cli("completion", "bash").out
    assert "compdef _payments payments" in cli("completion", "zsh").out
    assert "refunds" in candidates(["re"])
    assert "request" in candidates(["re"])
    refunds = {cli_name(e.method) for e in OPERATIONS if e.resource == "refunds"}
    assert sorted(candidates(["refunds", "re"])) == sorted(n for n in refunds if n[:2] == "re")
    assert "--payment-id" in candidates(["refunds", "create", "--pay"])
    assert "under_review" in candidates(["rfis", "list", "--status", ""])
    assert candidates(["payments", "list", "--format", "j"]) == ["json", "jsonl"]
    assert cli("__complete", "balance-c").out == "balance-conversions\n"
    assert script("bash").startswith("# bash completion")
