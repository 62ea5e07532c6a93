# corpus: profile=safe_eval decision=allow
def ticks(start):
    n = start
    while True:
        yield n
        n += 1
