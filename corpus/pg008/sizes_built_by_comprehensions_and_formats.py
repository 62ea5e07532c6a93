# corpus: profile=safe_eval decision=deny
# Comprehensions hold every item of their range; str.format and format()
# pad to their spec's width; bytes of a range hold a byte an item.
squares = [i * i for i in range(10**10)]  # expect: PG008
index = {i: str(i) for i in range(10**11)}  # expect: PG008
keys = dict.fromkeys(range(10**10))  # expect: PG008
names = list(map(str, range(10**10)))  # expect: PG008
wide = "{:>10000000000}".format("x")  # expect: PG008
precise = "{:.1000000000f}".format(1.0)  # expect: PG008
padded = format("x", ">10000000000")  # expect: PG008
table = bytes(range(256)) * 10**8  # expect: PG008
