# corpus: profile=safe_eval decision=allow
def dump(queue):
    try:
        while True:
            print(queue.pop())
    except IndexError:
        pass
