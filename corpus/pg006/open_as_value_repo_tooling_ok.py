# corpus: profile=repo_tooling decision=allow
"""repo_tooling allows paths that are not constant, so a file function passed on is allowed."""
import functools
import pathlib

read = functools.partial(open, encoding="utf-8")
lengths = sorted(pathlib.Path(".").glob("*.md"), key=pathlib.Path.stat)
print(read, lengths)
