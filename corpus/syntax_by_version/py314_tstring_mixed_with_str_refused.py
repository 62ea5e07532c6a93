# corpus: profile=safe_eval decision=deny target=3.14
# CPython 3.14 refuses a t-string concatenated with a str or bytes literal.
name = "world"
greeting = t"hello {name}" "!"  # expect: PG000
