# corpus: profile=repo_tooling decision=allow
"""`src/../README.md` normalises to README.md: inside the working folder."""

print(open("src/../README.md").read()[:80])
