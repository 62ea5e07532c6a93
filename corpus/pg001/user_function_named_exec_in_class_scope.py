# corpus: profile=safe_eval decision=allow
"""A module-level def exec(...) shadows the builtin wherever it is used, even as a value."""


def exec(command: str, registry: dict[str, int]) -> int:
    registry[command] = registry.get(command, 0) + 1
    return registry[command]


runners = [exec]
counts: dict[str, int] = {}
print(runners[0]("build", counts), exec("build", counts))
