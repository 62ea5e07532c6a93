# corpus: profile=safe_eval decision=deny
"""A dict literal's keys compare as Python compares them: the str "1" is not the int 1."""
print(getattr((), {"1": "__class__", 1: "real"}["1"]))  # expect: PG009
