"""Shell completion: ``payments completion bash`` and ``payments completion zsh``.

The scripts ask the command line itself for the words that may follow
(``payments __complete WORD...``), so completion knows every command, option and enum member of
the operation table with nothing generated at install time.
"""

from __future__ import annotations

from collections.abc import Iterable

from .._operation_table import OPERATIONS, OperationRow
from ._commands import FORMATS, RESERVED, cli_name, option_of, resources
from ._values import item_members

__all__ = ["candidates", "script"]

_BASH = """\
# bash completion for payments: eval "$(payments completion bash)" in ~/.bashrc
_payments_complete() {
    local IFS=$'\\n'
    COMPREPLY=($(compgen -W "$(payments __complete "${COMP_WORDS[@]:1:COMP_CWORD}" \
2>/dev/null)" -- "${COMP_WORDS[COMP_CWORD]}"))
}
complete -o default -F _payments_complete payments
"""

_ZSH = """\
#compdef payments
# zsh completion for payments: eval "$(payments completion zsh)" in ~/.zshrc
_payments() {
    local -a found
    found=("${(@f)$(payments __complete "${(@)words[2,CURRENT]}" 2>/dev/null)}")
    compadd -- $found
}
compdef _payments payments
"""

_COMMON_VALUED = (
    "--format",
    "-o",
    "--output",
    "--columns",
    "--prefetch",
    "--base-url",
    "--api-key-file",
    "--timeout",
    "--max-retries",
    "--file-name",
    "--content-type",
)
_COMMON_FLAGS = (
    "--minor-units",
    "--sandbox",
    "--dry-run",
    "--verbose",
    "--help",
)
_PAGED_FLAGS = ("--all", "--no-progress")


def script(shell: str) -> str:
    """Return the completion script of ``shell`` (``bash`` or ``zsh``)."""
    return _BASH if shell == "bash" else _ZSH


def _leaf_options(entry: OperationRow) -> list[str]:
    options = [option_of(argument) for argument in entry.arguments]
    options += [*_COMMON_VALUED, *_COMMON_FLAGS]
    if entry.item is not None:
        options += _PAGED_FLAGS
    return options


def _values_of(entry: OperationRow | None, option: str) -> list[str] | None:
    """Return the words that may follow an option that takes a value; None for a flag."""
    if option == "--format":
        return list(FORMATS)
    if option in _COMMON_VALUED:
        return []
    for argument in entry.arguments if entry else ():
        if option_of(argument) == option:
            members = argument.schema.get("enum") or item_members(argument.schema)
            return [str(member) for member in members or ()]
    return None


def candidates(words: Iterable[str]) -> list[str]:
    """Return the words that may complete the last of ``words`` (what follows ``payments``)."""
    *done, current = list(words) or [""]
    grouped = resources(OPERATIONS)
    top = {cli_name(e.method): e for e in grouped.get("client", [])}
    commands = [cli_name(name) for name in grouped if name != "client"]
    commands += [*top, *RESERVED]
    leaf: OperationRow | None = None
    spots: list[str] = []
    skip = False
    for index, word in enumerate(done):
        if skip:
            skip = False
            continue
        if word.startswith("-"):
            following = _values_of(leaf, word.split("=", 1)[0])
            skip = following is not None and "=" not in word
            if index == len(done) - 1 and following is not None and skip:
                return [value for value in following if value.startswith(current)]
            continue
        spots.append(word)
        if len(spots) == 1 and word in top:
            leaf = top[word]
        if len(spots) == 2:
            entries = grouped.get(spots[0].replace("-", "_"), [])
            leaf = next((e for e in entries if cli_name(e.method) == word), None)
    if current.startswith("-"):
        options = _leaf_options(leaf) if leaf else [*_COMMON_VALUED, *_COMMON_FLAGS]
        return [option for option in options if option.startswith(current)]
    if not spots:
        found = commands
    elif len(spots) == 1 and spots[0] == "completion":
        found = ["bash", "zsh"]
    elif len(spots) == 1 and leaf is None:
        entries = grouped.get(spots[0].replace("-", "_"), [])
        found = [cli_name(entry.method) for entry in entries]
    else:
        found = []
    return [word for word in found if word.startswith(current)]
