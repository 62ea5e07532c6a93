# corpus: profile=safe_eval decision=allow
"""A context manager defined with __enter__/__exit__ and used through `with`."""
class Timer:
    def __enter__(self):
        self.started = 0
        return self

    def __exit__(self, exc_type, exc, tb):
        return False


with Timer() as t:
    print(t.started)
