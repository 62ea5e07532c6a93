# corpus: profile=safe_eval decision=review
"""getattr's name behind an argument unpacking is a name pygate cannot see: a review, as a name that is not
constant."""
args = [(), "__class__"]
print(getattr(*args))  # expect: PG009
print(getattr((), *["__class__"]))  # expect: PG009
