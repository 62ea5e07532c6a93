# corpus: profile=safe_eval decision=deny
def countdown(n):
    print(n)
    return countdown(n - 1)  # expect: PG008


countdown(10)
