from enum import StrEnum


class ConversionCurrency(StrEnum):
    EUR = "EUR"
    GBP = "GBP"
    USD = "USD"

    def __str__(self) -> str:
        return str(self.value)
