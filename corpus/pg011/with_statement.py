# corpus: profile=code_pool decision=deny
"""A with statement on a parameter's attribute."""


def policy(state) -> int:
    with state.lock:  # expect: PG011
        return state.count
