# corpus: profile=safe_eval decision=allow
# The same forms at sizes a 512 MB limit holds.
squares = [i * i for i in range(10**6)]
index = {i: str(i) for i in range(1000)}
keys = dict.fromkeys(range(100))
names = list(map(str, range(10**5)))
wide = "{:>20}|{:.3f}".format("x", 1.0)
padded = format("x", ">10")
nested = "{0:{1}}".format("x", 5)
table = bytes(range(256)) * 1000
lazy = (i for i in range(10**12))
