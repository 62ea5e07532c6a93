# corpus: profile=safe_eval decision=allow target=3.14
# PEP 750 t-strings as CPython 3.14 reads them: every prefix, conversions,
# format specs, `=`, nesting and t-strings concatenated with t-strings.
name = "world"
width = 10
greeting = t"hello {name!r:>{width}}"
debug = t"{name=}"
pattern = rt"\d+{name}" Rt"{width}"
nested = t"{t"{name}"}"
block = T"""
{name}
"""
