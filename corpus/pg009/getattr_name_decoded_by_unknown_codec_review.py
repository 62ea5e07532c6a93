# corpus: profile=safe_eval decision=review
"""A name decoded by a codec pygate does not compute (EBCDIC here: __class__) is unknown, never the bytes as text."""
name = b"\x6d\x6d\x83\x93\x81\xa2\xa2\x6d\x6d".decode("cp037")
print(getattr((), name))  # expect: PG009
