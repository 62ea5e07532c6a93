# corpus: profile=repo_tooling decision=deny
"""tokenize keeps the builtin open as `_builtin_open`: it is open."""
import tokenize

handle = tokenize._builtin_open("/etc/shadow")  # expect: PG006
