# corpus: profile=safe_eval decision=allow
def show(n):
    for i in range(n):
        print(i)
