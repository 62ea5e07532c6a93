# corpus: profile=safe_eval decision=allow target=3.12
# f-strings CPython 3.12 reads and 3.11 refuses (PEP 701).
names = ["a", "b"]
joined = f"{", ".join(names)}"
lines = f"{"\n".join(names)}"
nested = f"{f"{f"{len(names)}"}"}"
spread = f"{len(
    names
)}"
