# corpus: profile=safe_eval decision=deny
"""getattr used as a value is a warning where it is stored (a container, a yield); where a constant key picks it
from a literal and calls it with a constant dunder, the call is judged as getattr's own: denied."""
x = [getattr]  # expect: PG009
x[0](len, "__self__")  # expect: PG009
table = {"get": getattr}  # expect: PG009


def lookups():
    yield getattr  # expect: PG009


alias = getattr
print(alias(len, "__name__"))
