# corpus: profile=profiles/strict_syntax.toml decision=deny
"""star-args: `*args`/`**kwargs` parameters and `*`/`**` arguments of calls."""


def combine(*parts, **options) -> list:  # expect: PG011 PG011
    return list(parts) + list(options)


def policy(xs: list, settings: dict) -> list:
    return combine(*xs, **settings)  # expect: PG011 PG011
