# corpus: profile=safe_eval decision=allow
"""A user function named compile builds a rule table; calls to it are not builtins.compile."""


def compile(rules: list[tuple[str, int]]) -> dict[str, int]:
    return {name: weight for name, weight in rules if weight > 0}


table = compile([("fast", 3), ("slow", 0), ("safe", 5)])
build = compile
print(table, build([("x", 1)]))
