# corpus: profile=profiles/strict_syntax.toml decision=deny
"""assert is allowed in code_pool; a stricter profile forbids it."""


def policy(x: int) -> int:
    assert x >= 0  # expect: PG011
    return x
