# corpus: profile=safe_eval decision=deny target=3.12
# PEP 701: the same quotes inside a replacement field; the call in it runs.
shown = f"{__import__("os").system("id")}"  # expect: PG002 PG004
