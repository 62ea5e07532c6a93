# corpus: profile=safe_eval decision=deny
"""getattr on builtins with a module-level constant holding the name."""
import builtins  # expect: PG003

RUNNER = "exec"


def run(source: str) -> None:
    getattr(builtins, RUNNER)(source)  # expect: PG001
