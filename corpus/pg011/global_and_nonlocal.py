# corpus: profile=code_pool decision=deny
"""global and nonlocal state across calls."""
CALLS = 0


def policy(x: int) -> int:
    global CALLS  # expect: PG011
    CALLS += 1
    count = 0

    def bump() -> int:
        nonlocal count  # expect: PG011
        count += 1
        return count

    return x + bump()
