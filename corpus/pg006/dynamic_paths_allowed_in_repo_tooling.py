# corpus: profile=repo_tooling decision=allow
"""Glob-then-read is repo_tooling's normal work: dynamic paths are allowed there."""
import glob

total = 0
for name in glob.glob("**/*.py", recursive=True):
    with open(name, encoding="utf-8") as source:
        total += sum(1 for _ in source)
print(total)
