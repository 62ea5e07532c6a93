# corpus: profile=safe_eval decision=deny
"""__import__ with a constant name reaches subprocess without an import statement."""
output = __import__("subprocess").check_output(["id"])  # expect: PG002 PG004
print(output)
