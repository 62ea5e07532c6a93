# corpus: profile=code_pool decision=allow
"""any, all, enumerate and bool over the state, with string methods on parameters."""


def policy(flags: list[bool], names: list[str]) -> dict:
    pairs = list(enumerate(names))
    ready = all(flags) and bool(pairs)
    urgent = any(flags[1:])
    print("checked", len(pairs))
    return {"ready": ready, "urgent": urgent, "first": names[0].upper() if names else ""}
