# corpus: profile=code_pool decision=allow
"""Never call open(), input(), type() or eval() here; those names in text run nothing."""


def policy(state: dict) -> str:
    # iter(), next() and map() are not available in the pool
    banned = ["open", "input", "eval", "getattr"]
    return "ok" if state.get("command") not in banned else "refused"
