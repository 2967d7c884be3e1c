"""``make bench``: the SDK measured side by side against raw httpx. Not tests: no assertions."""
