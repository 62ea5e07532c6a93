# corpus: profile=safe_eval decision=allow
def stream():
    n = 0
    while True:
        print("producing", n)
        yield n
        n += 1
