# corpus: profile=safe_eval decision=deny
"""An import inside a method that is never called is still checked."""


class Cache:
    def backend(self):
        from sqlite3 import connect  # expect: PG003
        return connect


print(Cache())
