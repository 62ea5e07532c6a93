# corpus: profile=safe_eval decision=allow
"""Sizes the estimate once took for their bound: each is small in CPython, so nothing here is a bomb."""
steps = list(range(0, 10**12, 10**6))  # a million items, not 10**12
padded = "ab".ljust(-10**12)  # a negative width pads nothing
shifted = "a" * (10**12 >> 40)  # 10**12 >> 40 is 0
unit = "a" * (0 ** 0) * 10**6  # 0 ** 0 is 1: a million characters
print(len(steps), padded, shifted, len(unit))
