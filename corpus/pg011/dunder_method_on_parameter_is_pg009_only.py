# corpus: profile=profiles/dunder_name_only.toml decision=deny
"""A dunder attribute PG009 flags is PG009's; PG011 does not add a second finding.
An ordinary dunder method PG009 does not flag is still a dunder name this profile forbids."""


def policy(values) -> int:
    return len(values.__dir__())  # expect: PG009


def size(values) -> int:
    return values.__len__()  # expect: PG011
