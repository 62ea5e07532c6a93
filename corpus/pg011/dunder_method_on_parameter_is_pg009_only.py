# corpus: profile=profiles/dunder_name_only.toml decision=deny
"""A dunder attribute outside dunders.allow is PG009's; PG011 does not add a second finding."""


def policy(values) -> int:
    return values.__len__()  # expect: PG009
