# corpus: profile=safe_eval decision=deny
"""A list of names that the code changes may hold what no literal shows: a name added with append is
followed (as are insert and extend) and denied; a list passed on may be changed anywhere: review."""
parts = ["real"]
parts.append("__class__")
for part in parts:
    print(getattr(3 + 4j, part))  # expect: PG009


def extend(names):
    return names


fields = ["imag"]
extend(fields)
for field in fields:
    print(getattr(3 + 4j, field))  # expect: PG009
