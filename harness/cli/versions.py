"""The ``versions`` verb(s) of the harness command (placeholder until its issue lands)."""


def register(subparsers) -> None:
    pass
