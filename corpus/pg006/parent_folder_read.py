# corpus: profile=repo_tooling decision=deny
"""repo_tooling reads anything under the working folder, never above it."""

secrets = open("../.env").read()  # expect: PG006
print(len(secrets))
