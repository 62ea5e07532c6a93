# corpus: profile=safe_eval decision=deny target=3.12
# A type alias's value runs when `__value__` is read: it is judged as code.
type Hidden = __import__("os").system("id")  # expect: PG002 PG004
print(Hidden.__value__)  # expect: PG009 PG014
