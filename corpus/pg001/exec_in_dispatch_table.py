# corpus: profile=safe_eval decision=deny
"""eval and exec stored as values of a dispatch dictionary."""
HANDLERS = {"expression": eval, "statement": exec, "echo": print}  # expect: PG001 PG001


def handle(kind: str, text: str):
    return HANDLERS[kind](text)
