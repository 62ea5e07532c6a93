# corpus: profile=safe_eval decision=review
"""methodcaller("format", ...) and getattr(s, "format") on a string pygate cannot see (or a name that may be
"format"): the format string is not constant, a review as for s.format(...)."""
import operator
import statistics

fmt = operator.methodcaller("format", statistics.mean)  # expect: PG009
print(fmt(input()))
print(getattr(input(), "format")(statistics.mean))  # expect: PG009
for name in ["upper", "format_map"]:
    print(operator.methodcaller(name, {"a": 1})(input()))  # expect: PG009
