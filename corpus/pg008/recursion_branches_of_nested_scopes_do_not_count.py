# corpus: profile=safe_eval decision=deny
# Only a branch of the function's own body can stop its recursion: the
# branches of a nested def (its default values included), of a lambda or of a
# class body inside it run elsewhere or not at all before the call.
def walk(n):
    def helper(x=n or 1):
        if x:
            return x
        return 0

    skip = lambda v: v if v else 0

    class Local:
        flag = n and True

    return walk(helper() + skip(n))  # expect: PG008


walk(1)
