# corpus: profile=safe_eval decision=deny target=3.14
# PEP 750: a t-string's interpolations run when the literal is evaluated.
template = t"{__import__("os").system("id")}"  # expect: PG002 PG004
raw = Tr"\d{__import__('subprocess').run(['id'])}"  # expect: PG002 PG004
