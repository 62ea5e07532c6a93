# corpus: profile=safe_eval decision=deny
"""A method called by name is judged as the call it makes: methodcaller("format", x)(s) is s.format(x), and
getattr(s, "format") is s.format; the format string's fields read attributes."""
import operator
import statistics

print(operator.methodcaller("format", statistics.mean)("{0.__globals__[sys].modules[os].environ}"))  # expect: PG009
print(getattr("{0.__class__}", "format")(1))  # expect: PG009
