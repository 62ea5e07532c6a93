# corpus: profile=safe_eval decision=deny
"""os.getenv hidden in a default parameter."""
import os  # expect: PG003


def lookup(name, read=os.getenv):  # expect: PG010
    return read(name)  # expect: PG010


print(lookup("DATABASE_URL"))
