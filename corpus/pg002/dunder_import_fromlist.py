# corpus: profile=safe_eval decision=deny
"""__import__ with fromlist fetches a submodule named at run time."""
names = ["join"]
path_module = __import__("os.path", fromlist=names)  # expect: PG002
print(path_module.join("a", "b"))
