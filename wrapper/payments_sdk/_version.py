"""The version of payments-sdk."""

__version__ = "0.1.0"
