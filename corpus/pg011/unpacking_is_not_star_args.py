# corpus: profile=profiles/strict_syntax.toml decision=allow
"""star-args is `*`/`**` in calls and parameters; unpacking in literals and
targets, and the bare `*` that makes parameters keyword-only, are not."""


def policy(xs: list, extra: dict, *, scale: int = 1) -> list:
    first, *rest = xs
    merged = {**extra, "scale": scale}
    return [first, *rest, len(merged)]
