"""``ConversionCurrency``. Written from ``openapi/templates/str_enum.py.jinja``: do not edit."""

from enum import StrEnum


class ConversionCurrency(StrEnum):
    """Currencies supported for balance conversion."""

    EUR = "EUR"
    """The value ``"EUR"``."""
    GBP = "GBP"
    """The value ``"GBP"``."""
    USD = "USD"
    """The value ``"USD"``."""

    def __str__(self) -> str:
        return str(self.value)
