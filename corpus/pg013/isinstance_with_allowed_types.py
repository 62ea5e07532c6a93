# corpus: profile=code_pool decision=allow
"""isinstance with allowed type names and conversions between allowed types."""


def policy(value) -> list:
    if isinstance(value, (int, float)):
        return [float(value)]
    if isinstance(value, (list, tuple, set)):
        return sorted(list(value))
    if isinstance(value, dict):
        return sorted(value.keys())
    return [str(value)]
