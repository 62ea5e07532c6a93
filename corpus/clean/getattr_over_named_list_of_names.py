# corpus: profile=safe_eval decision=allow
"""getattr over a list of constant names bound once and only ever iterated: every name it can be
given is seen, and none is more than an ordinary attribute."""
import math

statistics = ["real", "imag"]
for part in statistics:
    print(part, getattr(3 + 4j, part))
print({name: getattr(math, name) for name in ("pi", "tau")})
