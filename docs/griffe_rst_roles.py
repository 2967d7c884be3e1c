"""A Griffe extension for the documentation site: Sphinx markup in docstrings, shown as Markdown.

The SDK's docstrings use Sphinx roles (``:class:`httpx.Timeout```, ``:meth:`aclose```) and end a
paragraph with ``::`` before a literal block; both read well in an editor but would show
verbatim on the site. When mkdocstrings loads a docstring, this turns each role into inline
code (``~a.b.C`` shows ``C``) and a closing ``::`` into ``:``. The source is not changed.
"""

from __future__ import annotations

import re
from typing import Any

import griffe

_ROLE = re.compile(r":(?:class|meth|func|attr|data|mod|exc|obj):`(~?)([^`]+)`")
_LITERAL_BLOCK = re.compile(r"::$", re.MULTILINE)


def _inline_code(match: re.Match[str]) -> str:
    short, target = match.groups()
    return f"`{target.rsplit('.', 1)[-1] if short else target}`"


def markdown(text: str) -> str:
    """Return ``text`` with Sphinx roles and ``::`` literal-block markers made Markdown."""
    return _LITERAL_BLOCK.sub(":", _ROLE.sub(_inline_code, text))


class SphinxRolesAsCode(griffe.Extension):
    """Rewrite each docstring as it is loaded."""

    def on_instance(self, *, obj: griffe.Object, **kwargs: Any) -> None:
        """Rewrite the docstring of a newly created object."""
        if obj.docstring is not None:
            obj.docstring.value = markdown(obj.docstring.value)
