# corpus: profile=safe_eval decision=deny
"""marshal.loads turns bytes into a code object, then exec runs it."""
import marshal  # expect: PG003

blob = bytes.fromhex("e3000000")
code = marshal.loads(blob)  # expect: PG001
exec(code)  # expect: PG001
