# corpus: profile=safe_eval decision=review
"""A format string that is not constant reads the attributes its fields name: `{0.__class__}` is a getattr."""
import string

template = input()
print(template.format(len))  # expect: PG009
print(template.format_map({"x": 1}))  # expect: PG009
print(str.format(template, len))  # expect: PG009
print(string.Formatter().vformat(template, (len,), {}))  # expect: PG009
