# corpus: profile=safe_eval decision=deny
# Found by the differential's mutants: CPython refuses U+200C ZERO WIDTH NON-JOINER
# outside strings and comments (invalid non-printable character).
value‌ = 1  # expect: PG000@6
