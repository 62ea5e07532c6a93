# corpus: profile=safe_eval decision=allow
# A branch of the function's own body before the call may stop the recursion,
# even when it stands after a nested def, a lambda or a class, or inside a
# comprehension, an assert or a `global` that may rebind the name.
def walk(n):
    def helper():
        return 1

    assert n > 0
    return walk(n - helper())


def count(n):
    class Box:
        size = 3

    return [count(i) for i in range(n) if i]


def again(n):
    global again
    return again(n)


def pick(n):
    return (lambda: 0)() or pick(n - 1)
