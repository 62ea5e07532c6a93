# corpus: profile=safe_eval decision=allow
# Tests on names: the loop changes what they hold.
n = -3
while -n:
    n += 1
limit = 5
while 0 <= limit < 10:
    limit -= 1
flag = 1
while flag if limit else 0:
    flag = 0
