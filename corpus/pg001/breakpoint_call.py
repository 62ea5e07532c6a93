# corpus: profile=safe_eval decision=deny
"""breakpoint() opens a debugger that runs any code typed into it."""


def mean(values: list[float]) -> float:
    breakpoint()  # expect: PG001
    return sum(values) / len(values)
