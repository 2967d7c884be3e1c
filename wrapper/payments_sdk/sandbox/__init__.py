"""A stateful local sandbox of the service, built from the published OpenAPI bundle."""
