# corpus: profile=safe_eval decision=deny
"""`while` loops whose condition's name only moves away from ending them, or steps over the end."""
n = int(input())
while n > 0:  # expect: PG008
    n += 2
m = 10
while m < 100:  # expect: PG008
    m -= 1
    print(m)
i = 0
while i != 10:  # expect: PG008
    i += 3
k = 1
while k > 0:  # expect: PG008
    print(k)
