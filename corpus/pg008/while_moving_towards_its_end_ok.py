# corpus: profile=safe_eval decision=allow
"""`while` loops that end: moving towards the end, stepping onto it, leaving by break, never starting, or changed in a way pygate does not follow."""
n = 10
while n > 0:
    n -= 1
i = 0
while i != 12:
    i += 3
k = int(input())
while k > 0:
    k += 1
    if k > 50:
        break
m = 0
while m > 5:
    m += 1
j = 5
while j > 0:
    j = j // 2
count = 0
while count < 10:
    if count % 2:
        count += 1
    count += 1
print(n, i, k, m, j, count)
left = 5


def shrink():
    global left
    left -= 1


while left > 0:
    shrink()
