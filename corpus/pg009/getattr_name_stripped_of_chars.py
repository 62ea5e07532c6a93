# corpus: profile=safe_eval decision=deny
"""str.strip with the characters to strip: "x__class__x".strip("x") is __class__."""
print(getattr((), "x__class__x".strip("x")))  # expect: PG009
