# corpus: profile=safe_eval decision=review target=3.12
# Review, not allow: pygate has no library table for CPython 3.12, so each
# builtin name is a review (PG014) until one is compiled in.
# f-strings CPython 3.12 reads and 3.11 refuses (PEP 701).
names = ["a", "b"]
joined = f"{", ".join(names)}"
lines = f"{"\n".join(names)}"
nested = f"{f"{f"{len(names)}"}"}"  # expect: PG014
spread = f"{len(  # expect: PG014
    names
)}"
