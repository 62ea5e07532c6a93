# corpus: profile=code_pool decision=allow
"""`a @ b` is matrix multiplication, not a decorator; passing a function as a
value and calling it later is not a decorator either; `not in`, `is not` and
`if ... else` are expressions, not statements."""


def apply(f, x):
    return f(x)


def double(x):
    return x * 2


def policy(a, b, state: dict):
    product = a @ b
    picked = apply(double, len(state)) if "key" not in state else 0
    return product if product is not None else picked
