"""One namespace per resource of the service; each is reached through the client."""
