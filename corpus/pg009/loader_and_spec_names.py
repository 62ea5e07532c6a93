# corpus: profile=safe_eval decision=deny
"""__loader__ and __spec__ lead to the import machinery."""
loader = __loader__  # expect: PG009
origin = __spec__  # expect: PG009
print(loader, origin)
