# corpus: profile=safe_eval decision=deny
"""A method's result has a size: the split gives 10,001 words, and the list of them repeated 50,000 times
holds 500 million references (4 GB of slots, over safe_eval's 512 MB)."""
words = ("spam spam spam" * 5000).split() * 50000  # expect: PG008
