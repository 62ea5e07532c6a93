# corpus: profile=safe_eval decision=deny
"""The builtins module fetched through globals()['__builtins__'], then its eval."""
namespace = globals()["__builtins__"]  # expect: PG009
result = namespace.eval("6 * 7")  # expect: PG001
print(result)
