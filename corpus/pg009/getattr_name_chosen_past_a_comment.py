# corpus: profile=safe_eval decision=deny
"""A conditional expression with a comment before its condition: the names it
may give are "upper" and "__class__", not the condition's empty string."""
name = ("upper"  # the usual case
        if "" else "__class__")
print(getattr((), name))  # expect: PG009
