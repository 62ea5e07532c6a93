# corpus: profile=safe_eval decision=deny
"""exec copied into an ordinary-looking name before being called."""
run = exec  # expect: PG001

script = "total = sum(range(10))"
namespace = {}
run(script, namespace)  # expect: PG001
print(namespace["total"])
