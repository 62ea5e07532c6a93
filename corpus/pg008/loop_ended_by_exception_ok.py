# corpus: profile=safe_eval decision=allow
def drain(stack):
    try:
        while True:
            stack.pop()
    except IndexError:
        pass
