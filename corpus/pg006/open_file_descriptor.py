# corpus: profile=repo_tooling decision=deny
"""A descriptor number is no path: `open(3)` reaches whatever the process
inherited (a session's channel to its driver), whatever the profile's folders."""

channel = open(3)  # expect: PG006
number = 4
answers = open(number, "w")  # expect: PG006
