# corpus: profile=safe_eval decision=allow
"""A user function named eval shadows the builtin: a tiny RPN adder."""


def eval(tokens: str) -> float:
    stack: list[float] = []
    for token in tokens.split():
        stack.append(stack.pop() + stack.pop() if token == "+" else float(token))
    return stack[0]


print(eval("3 4 + 2 +"))
