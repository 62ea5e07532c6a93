# corpus: profile=safe_eval decision=allow
"""Repeat counts below one build nothing: `n * seq` is empty for any n < 1,
so a count the estimate cannot give a sign is no lower bound on a size."""
empty = pow(-3, 1) * ("a" * 10**8)  # -3 copies: ''
also_empty = pow(-3, 5) * ["a"] * 10**9  # -243 copies, then none of those
odd_power = (-7) ** 21 * "b"  # an odd power of a negative base: ''
print(len(empty), len(also_empty), len(odd_power))
try:
    (10**20 - 10**25) * "a"  # beyond 64 bits and negative: OverflowError, nothing built
except OverflowError:
    pass
