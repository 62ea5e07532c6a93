# corpus: profile=safe_eval decision=deny
"""exec looked up in vars(builtins) with a constant key."""
import builtins  # expect: PG003

run = vars(builtins)["exec"]  # expect: PG001 PG009
run("print(1)")  # expect: PG001
