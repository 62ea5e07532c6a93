# corpus: profile=safe_eval decision=deny
# str.splitlines() shows a line break at \v; CPython: invalid non-printable character U+000B
total = 1 +2  # expect: PG000@12
