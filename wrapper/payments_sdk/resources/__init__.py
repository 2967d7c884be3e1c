"""One namespace per resource of the service; each is reached through the client.

The resource modules (``payments_sdk.resources.refunds`` and so on) are generated from the
bundle by ``make generate`` into ``generated/payments_sdk/resources/``; the wheel ships them
here, and a development checkout finds them through this package's ``__path__``.
"""

from .._portions import portions

__path__ = portions(__path__, __name__)
