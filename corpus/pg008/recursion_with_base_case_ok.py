# corpus: profile=safe_eval decision=allow
def factorial(n):
    if n <= 1:
        return 1
    return n * factorial(n - 1)


def fib(n):
    return n if n < 2 else fib(n - 1) + fib(n - 2)


def depth(node):
    return node is not None and 1 + depth(node.child)


fact = lambda n: 1 if n == 0 else n * fact(n - 1)
