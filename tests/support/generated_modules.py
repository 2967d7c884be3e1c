"""The generated module of an operation, found by the SDK's name of it, never by a file name.

openapi-python-client names each module after the operation's ``operationId``
(``api/payin/get_refund.py``), which the bundle may rename; a test that patches or inspects one
finds it here instead, by the name the SDK gives the operation (``refunds.retrieve``), through
the ``OPERATION`` each generated module declares.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache
from types import ModuleType

import payments_sdk_generated.api as api
from payments_sdk._naming import sdk_name
from payments_sdk._operation_table import OPERATIONS


@cache
def _by_operation_id() -> dict[str, ModuleType]:
    found: dict[str, ModuleType] = {}
    for info in pkgutil.walk_packages(api.__path__, api.__name__ + "."):
        module = importlib.import_module(info.name)
        operation = getattr(module, "OPERATION", None)
        if operation is not None:
            found[operation.label.operation_id] = module
    return found


def operation_module(name: str) -> ModuleType:
    """Return the generated module of the operation the SDK names ``name`` (``refunds.create``)."""
    entry = next(e for e in OPERATIONS if sdk_name(e.resource, e.method) == name)
    return _by_operation_id()[entry.operation_id]
