# corpus: profile=safe_eval decision=deny
"""An import inside a method that is never called is still checked; the method returns a function that opens
files, which is called where no site shows."""


class Cache:
    def backend(self):
        from sqlite3 import connect  # expect: PG003
        return connect  # expect: PG006


print(Cache())
