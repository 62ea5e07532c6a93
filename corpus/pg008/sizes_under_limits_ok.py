# corpus: profile=safe_eval decision=allow
zeros = [0] * 10**6
line = "-" * 80
mask = 2**64 - 1
googol = 10**100
big = pow(10, 10**10, 97)
table = list(range(1000))
small = bytearray(4096)
